import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_NOT_VALID, TWO_FACTOR_SETUP_REQUIRED_CODE } from '@visus/contracts/constants';
import { logout, twoFactorSetupRequired } from '@/lib/auth/auth-slice';
import { noticeShown } from '@/lib/notice/notice-slice';
import { serverMessage } from './api-error';

/** A store's dispatch, thunks included. */
export type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** The part of the store the API calls read; typed locally so lib/ does not depend on app/. */
export interface StateWithToken {
  auth?: { token: string | null };
}

/**
 * The response interceptor of SPEC.md §7, shared by RTK Query's base query and the plain calls:
 * whenever the server says 'Token is not valid' (expired, revoked, or the account is gone) the person
 * is signed out, and told so if they had a session. When it says the role must set up two-step sign-in
 * first (REQUIRE_2FA_FOR turned on during the session), the guards open the enrolment.
 */
export function guardSession(error: unknown, dispatch: AnyDispatch, getState: () => unknown): void {
  if (errorCode(error) === TWO_FACTOR_SETUP_REQUIRED_CODE) {
    dispatch(twoFactorSetupRequired());
    return;
  }
  if (serverMessage(error) !== TOKEN_NOT_VALID) return;
  const hadSession = Boolean((getState() as StateWithToken).auth?.token);
  dispatch(logout('session-ended'));
  if (hadSession) {
    dispatch(noticeShown({ message: 'Your session has ended. Please log in again.', severity: 'info' }));
  }
}

/** The `code` field of a failure body, where the server gave one. */
function errorCode(error: unknown): unknown {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined;
}
