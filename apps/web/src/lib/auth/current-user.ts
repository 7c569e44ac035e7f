import type { CurrentUser } from '@visus/contracts';
import { apiFetch } from '@/lib/api/api-fetch';
import { errorMessage } from '@/lib/api/api-error';
import type { AnyDispatch } from '@/lib/api/session-guard';
import { currentUserFailed, currentUserLoaded } from './auth-slice';

/**
 * The user loaded by {@link loadCurrentUser}, kept for RTK Query's `getCurrentUser`: the first
 * signed-in screen to ask for the details takes it instead of asking the server a second time.
 */
let loaded: { token: string; user: CurrentUser } | null = null;

/** The user loaded for `token` without RTK Query, once; null if there is none (or it was taken). */
export function takeLoadedUser(token: string | null): CurrentUser | null {
  const found = loaded !== null && loaded.token === token ? loaded.user : null;
  loaded = null;
  return found;
}

/**
 * Loads the current user for the token in the store (SPEC.md §4) with a plain `fetch`, so that neither
 * startup nor a sign-in needs RTK Query (issue 9 part 6). Success completes the sign-in; a failure is
 * recorded (a bad token has already signed the person out).
 */
export const loadCurrentUser = () => async (dispatch: AnyDispatch, getState: () => unknown) => {
  const token = (getState() as { auth: { token: string | null } }).auth.token;
  const result = await apiFetch<{ data: CurrentUser }>('/auth/current', {}, dispatch, getState);
  if (result.error) {
    dispatch(currentUserFailed(errorMessage(result.error)));
    return;
  }
  const user = result.data.data;
  // Signed out, or signed in as someone else, while the answer was on its way: it is stale.
  if ((getState() as { auth: { token: string | null } }).auth.token !== token) return;
  if (token !== null) loaded = { token, user };
  dispatch(currentUserLoaded(loadedUser(user)));
};

/** What the auth slice keeps of the current user: who, the role, and whether enrolment must come first. */
export function loadedUser(user: CurrentUser) {
  return {
    userId: user._id,
    role: user.role,
    twoFactorSetupNeeded: user.twoFactor.required && !user.twoFactor.enabled,
  };
}

/** Loads the current user for a token found in storage at startup (SPEC.md §4). */
export const loadStoredSession = () => (dispatch: AnyDispatch, getState: () => unknown) => {
  const state = getState() as { auth: { token: string | null } };
  if (state.auth.token) void dispatch(loadCurrentUser());
};
