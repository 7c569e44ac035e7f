import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_ERROR } from '@visus/contracts';
import { makeStore } from '@/app/store';
import { logout } from '@/lib/auth/auth-slice';
import { json, mockApi } from '@/testing/fetch-mock';
import { adminApi } from './admin-api';
import { adminCleared } from './admin-slice';

const grace = {
  _id: 'user-2',
  name: 'Grace Hopper',
  email: 'grace@example.org',
  role: 'tester',
  dob: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  lastTestAt: null,
};

describe('admin slice', () => {
  it('records request, update-role success, error and clear', async () => {
    mockApi({
      'PUT /admin/users/user-2/role': json(200, { success: true, data: grace }),
      'PUT /admin/users/user-1/role': json(409, { success: false, error: LAST_ADMIN_ERROR }),
      'DELETE /admin/users/user-9': json(500, {}),
    });
    const store = makeStore();
    const pending = store.dispatch(adminApi.endpoints.updateRole.initiate({ id: 'user-2', role: 'tester' }));
    expect(store.getState().admin.loading).toBe(true);
    await pending;
    expect(store.getState().admin).toMatchObject({
      loading: false,
      success: true,
      successType: 'role',
      message: 'Grace Hopper is now a Tester.',
      error: null,
      updatedUser: { _id: 'user-2', role: 'tester' },
    });

    await store.dispatch(adminApi.endpoints.updateRole.initiate({ id: 'user-1', role: 'user' }));
    expect(store.getState().admin).toMatchObject({
      success: false,
      successType: null,
      error: LAST_ADMIN_ERROR,
    });

    await store.dispatch(adminApi.endpoints.deleteUser.initiate({ id: 'user-9', email: 'x@example.org' }));
    expect(store.getState().admin.error).toBe('Server Error');

    store.dispatch(adminCleared());
    expect(store.getState().admin).toMatchObject({
      loading: false,
      success: false,
      error: null,
      message: null,
    });
  });

  it('is emptied on logout', async () => {
    mockApi({ 'PUT /admin/users/user-2/role': json(200, { success: true, data: grace }) });
    const store = makeStore();
    await store.dispatch(adminApi.endpoints.updateRole.initiate({ id: 'user-2', role: 'tester' }));
    store.dispatch(logout());
    expect(store.getState().admin.success).toBe(false);
    expect(store.getState().admin.updatedUser).toBeNull();
  });
});
