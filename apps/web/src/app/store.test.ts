import { describe, expect, it } from 'vitest';
import { logout } from '@/lib/auth/auth-slice';
import { mockApi } from '@/testing/fetch-mock';
import { makeStore } from './store';

describe('store', () => {
  it('starts without the lazily loaded parts (RTK Query, admin, test runner)', () => {
    const state = makeStore().getState();
    expect(Object.keys(state)).toEqual(['auth', 'notice']);
    expect(state).not.toHaveProperty('api');
    expect(state).not.toHaveProperty('admin');
    expect(state).not.toHaveProperty('session');
    expect(state).not.toHaveProperty('test');
    expect(state).not.toHaveProperty('testResults');
  });

  it('gives a running store the state of a slice as soon as its module loads', async () => {
    const store = makeStore();
    const { adminSlice } = await import('@/features/admin/admin-slice');
    // admin-slice brings RTK Query with it (its matchers), so the api slice arrives too.
    expect(store.getState().admin).toEqual(adminSlice.getInitialState());
    expect(store.getState().api.queries).toEqual({});
    expect(makeStore().getState().admin).toEqual(adminSlice.getInitialState());
  });

  it('resets the injected slices on logout too', async () => {
    mockApi({});
    const { adminApi } = await import('@/features/admin/admin-api');
    const store = makeStore();
    void store.dispatch(adminApi.endpoints.updateRole.initiate({ id: 'u2', role: 'tester' }));
    expect(store.getState().admin.loading).toBe(true);
    store.dispatch(logout());
    expect(store.getState().admin.loading).toBe(false);
    expect(store.getState().api.mutations).toEqual({});
  });
});
