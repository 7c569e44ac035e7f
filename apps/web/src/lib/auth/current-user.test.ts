import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { authApi } from './auth-api';
import { logout } from './auth-slice';
import { loadStoredSession } from './current-user';

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('loadStoredSession (SPEC.md §4)', () => {
  it('does nothing for a guest', async () => {
    const seen = mockApi({});
    const store = makeStore();
    store.dispatch(loadStoredSession());
    await settle();
    expect(seen).toEqual([]);
    expect(store.getState().auth.loading).toBe(false);
  });

  it('loads the current user for the stored token', async () => {
    const seen = mockApi({ 'GET /auth/current': currentUserReply(testUser({ _id: 'u7', role: 'admin' })) });
    window.localStorage.setItem('token', 'stored');
    const store = makeStore();
    store.dispatch(loadStoredSession());
    expect(store.getState().auth.loading).toBe(true);
    await settle();
    expect(seen.map((r) => [r.path, r.authorization])).toEqual([['/auth/current', 'stored']]);
    expect(store.getState().auth).toMatchObject({
      isAuth: true,
      role: 'admin',
      userId: 'u7',
      loading: false,
    });
  });

  it('hands the user to the first getCurrentUser query instead of asking the server twice', async () => {
    const user = testUser({ name: 'Grace Hopper' });
    const seen = mockApi({ 'GET /auth/current': currentUserReply(user) });
    window.localStorage.setItem('token', 'stored');
    const store = makeStore();
    store.dispatch(loadStoredSession());
    await settle();
    const first = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(first.data).toEqual(user);
    expect(seen).toHaveLength(1);
    // Only once: a refetch asks the server.
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }));
    expect(seen).toHaveLength(2);
  });

  it('does not hand over a user to a later session', async () => {
    const seen = mockApi({ 'GET /auth/current': currentUserReply() });
    window.localStorage.setItem('token', 'stored');
    const store = makeStore();
    store.dispatch(loadStoredSession());
    await settle();
    store.dispatch(logout());
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(seen).toHaveLength(2);
  });

  it('records a failure, keeping the person signed out', async () => {
    mockApi({ 'GET /auth/current': json(500, { success: false }) });
    window.localStorage.setItem('token', 'stored');
    const store = makeStore();
    store.dispatch(loadStoredSession());
    await settle();
    expect(store.getState().auth).toMatchObject({ isAuth: false, loading: false, error: 'Server Error' });
  });
});
