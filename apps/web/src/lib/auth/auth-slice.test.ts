import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { noticeShown } from '@/lib/notice/notice-slice';
import { logIn } from './log-in';
import { authApi } from './auth-api';
import {
  authSlice,
  currentUserFailed,
  currentUserLoaded,
  twoFactorSetUp,
  logout,
  signedIn,
  storeSignInToken,
  tokenRefreshed,
} from './auth-slice';

const reducer = authSlice.reducer;
const guest = reducer(undefined, { type: 'init' });

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('auth slice reducers', () => {
  it('starts signed out without a stored token', () => {
    expect(guest).toEqual({
      token: null,
      role: null,
      userId: null,
      isAuth: false,
      loading: false,
      error: null,
      signedOutByUser: false,
      twoFactorSetupNeeded: false,
    });
  });

  it('reads the stored token on startup and is loading until the user is known (SPEC.md §4)', () => {
    window.localStorage.setItem('token', 'stored-token');
    const state = makeStore().getState().auth;
    expect(state.token).toBe('stored-token');
    expect(state.loading).toBe(true);
    expect(state.isAuth).toBe(false);
  });

  it('signedIn keeps the token and waits for the user; currentUserLoaded completes the sign-in', () => {
    const pending = reducer(guest, signedIn('t1'));
    expect(pending).toMatchObject({ token: 't1', loading: true, isAuth: false });
    const done = reducer(pending, currentUserLoaded({ userId: 'u1', role: 'tester' }));
    expect(done).toEqual({
      token: 't1',
      role: 'tester',
      userId: 'u1',
      isAuth: true,
      loading: false,
      error: null,
      signedOutByUser: false,
      twoFactorSetupNeeded: false,
    });
  });

  it('keeps whether two-step sign-in must be set up, until it is (docs/adr/0023)', () => {
    const signed = reducer(
      reducer(guest, signedIn('t1')),
      currentUserLoaded({ userId: 'u1', role: 'admin' }),
    );
    expect(signed.twoFactorSetupNeeded).toBe(false);
    const loaded = reducer(
      signed,
      currentUserLoaded({ userId: 'u1', role: 'admin', twoFactorSetupNeeded: true }),
    );
    expect(loaded.twoFactorSetupNeeded).toBe(true);
    expect(reducer(loaded, twoFactorSetUp()).twoFactorSetupNeeded).toBe(false);
  });

  it('a failed user load while signing in leaves the person signed out with the error', () => {
    const state = reducer(reducer(guest, signedIn('t1')), currentUserFailed('Server Error'));
    expect(state).toMatchObject({ isAuth: false, loading: false, error: 'Server Error' });
  });

  it('a failed refresh once signed in keeps the session', () => {
    const signed = reducer(reducer(guest, signedIn('t1')), currentUserLoaded({ userId: 'u1', role: 'user' }));
    expect(reducer(signed, currentUserFailed('Server Error'))).toMatchObject({ isAuth: true, role: 'user' });
  });

  it('tokenRefreshed swaps the token without reloading', () => {
    const signed = reducer(reducer(guest, signedIn('t1')), currentUserLoaded({ userId: 'u1', role: 'user' }));
    expect(reducer(signed, tokenRefreshed('t2'))).toMatchObject({
      token: 't2',
      isAuth: true,
      loading: false,
    });
  });
});

describe('auth thunks', () => {
  it('storing a sign-in token writes local storage under "token"', () => {
    const store = makeStore();
    store.dispatch(storeSignInToken('fresh'));
    expect(window.localStorage.getItem('token')).toBe('fresh');
    expect(store.getState().auth).toMatchObject({ token: 'fresh', loading: true });
  });

  it('login stores the token, then loads the current user with it', async () => {
    const seen = mockApi({
      'POST /auth/login': json(200, { success: true, token: 'login-token' }),
      'GET /auth/current': currentUserReply(testUser({ _id: 'u7', role: 'admin' })),
    });
    const store = makeStore();
    await store.dispatch(logIn({ email: 'ada@example.org', password: 'secret-pw' }));
    await settle();
    expect(window.localStorage.getItem('token')).toBe('login-token');
    expect(store.getState().auth).toMatchObject({
      token: 'login-token',
      isAuth: true,
      role: 'admin',
      userId: 'u7',
    });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /auth/login', 'GET /auth/current']);
    expect(seen[1]?.authorization).toBe('login-token');
  });

  it('a failed login stores nothing', async () => {
    mockApi({ 'POST /auth/login': json(401, { success: false, error: 'Invalid Login' }) });
    const store = makeStore();
    const result = await store.dispatch(logIn({ email: 'ada@example.org', password: 'nope' }));
    expect(result.error).toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.token).toBeNull();
  });

  it('changing the password stores the new token it returns', async () => {
    mockApi({ 'PUT /auth/updatepassword': json(200, { success: true, token: 'new-token' }) });
    window.localStorage.setItem('token', 'old-token');
    const store = makeStore();
    store.dispatch(currentUserLoaded({ userId: 'u1', role: 'user' }));
    await store.dispatch(
      authApi.endpoints.updatePassword.initiate({ currentPassword: 'old-secret', newPassword: 'new-secret' }),
    );
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(store.getState().auth).toMatchObject({ token: 'new-token', isAuth: true });
  });

  it('logout clears the stored token and every slice, including the API cache', async () => {
    mockApi({ 'GET /auth/current': currentUserReply() });
    window.localStorage.setItem('token', 'stored-token');
    const store = makeStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    store.dispatch(noticeShown({ message: 'Hello' }));
    expect(store.getState().auth.isAuth).toBe(true);
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    store.dispatch(logout());

    expect(window.localStorage.getItem('token')).toBeNull();
    const state = store.getState();
    // Signed out by the person: the next sign-in on this device starts from its own dashboard.
    expect(state.auth).toEqual({ ...guest, signedOutByUser: true });
    expect(state.notice.current).toBeNull();
    store.dispatch(signedIn('next-person'));
    expect(store.getState().auth.signedOutByUser).toBe(false);
    expect(state.api.queries).toEqual({});
  });
});
