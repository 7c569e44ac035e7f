import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { TOKEN_NOT_VALID } from '@visus/contracts/constants';
import { logout } from '@/lib/auth/auth-slice';
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
 * is signed out, and told so if they had a session.
 */
export function signOutIfTokenRejected(error: unknown, dispatch: AnyDispatch, getState: () => unknown): void {
  if (serverMessage(error) !== TOKEN_NOT_VALID) return;
  const hadSession = Boolean((getState() as StateWithToken).auth?.token);
  dispatch(logout('session-ended'));
  if (hadSession) {
    dispatch(noticeShown({ message: 'Your session has ended. Please log in again.', severity: 'info' }));
  }
}
