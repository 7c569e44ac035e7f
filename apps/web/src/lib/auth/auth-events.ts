import { createAction } from '@reduxjs/toolkit';

/**
 * Everything that belongs to the signed-in person must go: the store's root reducer answers this by
 * resetting every slice (SPEC.md §4 "Logout or account deletion clears all slices"). Dispatch it
 * through {@link logout}, which also forgets the stored token. `byUser`: the person chose to sign out
 * (rather than their session ending), so the next sign-in on this device starts afresh.
 */
export const loggedOut = createAction<{ byUser: boolean } | undefined>('auth/loggedOut');
