import { describe, expect, it } from 'vitest';
import {
  INVALID_LOGIN,
  SERVER_ERROR,
  TOKEN_NOT_VALID,
  TWO_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_SETUP_REQUIRED_CODE,
} from '@visus/contracts';
import { makeStore } from '@/app/store';
import { authApi } from '@/lib/auth/auth-api';
import { currentUserLoaded } from '@/lib/auth/auth-slice';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { errorMessage } from './api-error';

function signedIn(token = 'good-token') {
  window.localStorage.setItem('token', token);
  const store = makeStore();
  store.dispatch(currentUserLoaded({ userId: 'u1', role: 'user' }));
  return store;
}

describe('base query', () => {
  it('sends the raw token as the Authorization header (SPEC.md §7)', async () => {
    const seen = mockApi({ 'GET /auth/current': currentUserReply() });
    const store = signedIn('raw-token-value');
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(seen[0]?.authorization).toBe('raw-token-value');
  });

  it('sends no Authorization header for a guest', async () => {
    const seen = mockApi({ 'POST /auth/forgotpassword': json(200, { success: true, message: 'Sent' }) });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.org' }));
    expect(seen[0]?.authorization).toBeNull();
  });

  it("logs out when the server answers 'Token is not valid'", async () => {
    mockApi({ 'GET /auth/current': json(401, { success: false, error: TOKEN_NOT_VALID }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());

    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth).toMatchObject({ token: null, isAuth: false, role: null, userId: null });
    expect(store.getState().notice.current?.message).toMatch(/log in again/);
  });

  it('logs out on any call, e.g. a mutation, that reports a bad token', async () => {
    mockApi({ 'PUT /auth/updatedetails': json(401, { success: false, error: TOKEN_NOT_VALID }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateDetails.initiate({ name: 'New Name' }));
    expect(store.getState().auth.isAuth).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('opens the two-step enrolment when the role now requires it, keeping the session', async () => {
    mockApi({
      'PUT /auth/updatedetails': json(403, {
        success: false,
        error: TWO_FACTOR_SETUP_REQUIRED,
        code: TWO_FACTOR_SETUP_REQUIRED_CODE,
      }),
    });
    const store = signedIn();
    expect(store.getState().auth.twoFactorSetupNeeded).toBe(false);
    await store.dispatch(authApi.endpoints.updateDetails.initiate({ name: 'New Name' }));
    expect(store.getState().auth).toMatchObject({ isAuth: true, twoFactorSetupNeeded: true });
    expect(window.localStorage.getItem('token')).toBe('good-token');
  });

  it('does not ask for the enrolment on a 403 without that code', async () => {
    mockApi({ 'PUT /auth/updatedetails': json(403, { success: false, error: TWO_FACTOR_SETUP_REQUIRED }) });
    const store = signedIn();
    await store.dispatch(authApi.endpoints.updateDetails.initiate({ name: 'New Name' }));
    expect(store.getState().auth.twoFactorSetupNeeded).toBe(false);
  });

  it('keeps the session for other failures, even with status 401', async () => {
    mockApi({
      'POST /auth/forgotpassword': json(401, { success: false, error: INVALID_LOGIN }),
      'PUT /auth/updatepassword': json(400, { success: false, error: 'Current password is incorrect' }),
    });
    const store = signedIn('keep-me');
    await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.org' }));
    await store.dispatch(
      authApi.endpoints.updatePassword.initiate({ currentPassword: 'wrong', newPassword: 'long-enough' }),
    );
    expect(window.localStorage.getItem('token')).toBe('keep-me');
    expect(store.getState().auth).toMatchObject({ isAuth: true, token: 'keep-me' });
  });
});

describe('errorMessage (SPEC.md §8)', () => {
  it("shows the server's error field", async () => {
    mockApi({
      'POST /auth/register': json(409, {
        success: false,
        error: 'An account with this email already exists',
      }),
    });
    const store = makeStore();
    const result = await store.dispatch(
      authApi.endpoints.register.initiate({
        name: 'A',
        email: 'a@b.org',
        password: 'long-enough',
        dob: '1990-01-01',
      }),
    );
    expect(errorMessage('error' in result ? result.error : undefined)).toBe(
      'An account with this email already exists',
    );
  });

  it("falls back to 'Server Error', or the caller's fallback", async () => {
    mockApi({ 'POST /auth/forgotpassword': new Response('Bad gateway', { status: 502 }) });
    const store = makeStore();
    const result = await store.dispatch(authApi.endpoints.forgotPassword.initiate({ email: 'a@b.org' }));
    const error = 'error' in result ? result.error : undefined;
    expect(errorMessage(error)).toBe(SERVER_ERROR);
    expect(errorMessage(error, INVALID_LOGIN)).toBe(INVALID_LOGIN);
  });
});
