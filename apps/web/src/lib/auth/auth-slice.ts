import { createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '@visus/core';
import { loggedOut } from './auth-events';
import { clearToken, readToken, writeToken } from './token-storage';

/** Who is signed in (SPEC.md §3 "Current user / auth"). The person's details live in the API cache. */
export interface AuthState {
  /** The raw token sent as the `Authorization` header; null when signed out. */
  token: string | null;
  role: Role | null;
  userId: string | null;
  /** True once the current user has been loaded for the token. */
  isAuth: boolean;
  /** True while the current user is being loaded for a new or stored token. */
  loading: boolean;
  error: string | null;
  /**
   * True after the person signed out themselves: the login screen then sends whoever signs in next to
   * their own dashboard, not back to the screen the last person was on.
   */
  signedOutByUser: boolean;
  /**
   * The account's role requires two-step sign-in and it is not on yet (REQUIRE_2FA_FOR): the guards send
   * every signed-in screen to the enrolment (/two-step-setup) until it is (docs/adr/0023).
   */
  twoFactorSetupNeeded: boolean;
}

const signedOut: AuthState = {
  token: null,
  role: null,
  userId: null,
  isAuth: false,
  loading: false,
  error: null,
  signedOutByUser: false,
  twoFactorSetupNeeded: false,
};

/** On startup the stored token is read (SPEC.md §4); with one, auth is loading until the user is known. */
function initialAuthState(): AuthState {
  const token = readToken();
  return { ...signedOut, token, loading: token !== null };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Login, register or a password reset produced a token; the current user is loaded next. */
    signedIn(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.loading = true;
      state.error = null;
      state.signedOutByUser = false;
    },
    /** Changing the password revokes the old token and returns a new one for the same person. */
    tokenRefreshed(state, action: PayloadAction<string>) {
      state.token = action.payload;
    },
    currentUserLoaded(
      state,
      action: PayloadAction<{ userId: string; role: Role; twoFactorSetupNeeded?: boolean }>,
    ) {
      state.userId = action.payload.userId;
      state.role = action.payload.role;
      state.twoFactorSetupNeeded = action.payload.twoFactorSetupNeeded === true;
      state.isAuth = true;
      state.loading = false;
      state.error = null;
    },
    /**
     * Loading the current user failed. While signing in that means "not signed in"; once signed in, a
     * failed refresh (say the network blipped) keeps the session: a bad token logs out on its own.
     */
    currentUserFailed(state, action: PayloadAction<string>) {
      // Signed out meanwhile (a bad token logs out before the failure arrives): nothing left to fail.
      if (state.token === null) return;
      state.loading = false;
      state.error = action.payload;
    },
    authErrorCleared(state) {
      state.error = null;
    },
    /** Two-step sign-in is on now: every screen opens again. */
    twoFactorSetUp(state) {
      state.twoFactorSetupNeeded = false;
    },
    /**
     * The API refused a call until two-step sign-in is set up (REQUIRE_2FA_FOR turned on while this tab
     * was signed in): the guards open the enrolment now, not after a reload.
     */
    twoFactorSetupRequired(state) {
      if (state.isAuth) state.twoFactorSetupNeeded = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (_state, action) => ({
      ...signedOut,
      signedOutByUser: action.payload?.byUser === true,
    }));
  },
  selectors: {
    selectToken: (state) => state.token,
    selectRole: (state) => state.role,
    selectUserId: (state) => state.userId,
    selectIsAuth: (state) => state.isAuth,
    selectAuthLoading: (state) => state.loading,
    selectAuthError: (state) => state.error,
    selectSignedOutByUser: (state) => state.signedOutByUser,
    selectTwoFactorSetupNeeded: (state) => state.twoFactorSetupNeeded,
  },
});

export const {
  signedIn,
  tokenRefreshed,
  currentUserLoaded,
  currentUserFailed,
  authErrorCleared,
  twoFactorSetUp,
  twoFactorSetupRequired,
} = authSlice.actions;
export const {
  selectToken,
  selectRole,
  selectUserId,
  selectIsAuth,
  selectAuthLoading,
  selectAuthError,
  selectSignedOutByUser,
  selectTwoFactorSetupNeeded,
} = authSlice.selectors;

/** Stores a fresh token (local storage and state). The caller then loads the current user. */
export const storeSignInToken = (token: string) => (dispatch: Dispatch) => {
  writeToken(token);
  dispatch(signedIn(token));
};

/** Stores the replacement token of a password change; the old one no longer works. */
export const storeRefreshedToken = (token: string) => (dispatch: Dispatch) => {
  writeToken(token);
  dispatch(tokenRefreshed(token));
};

/**
 * Signs out on this device: forgets the stored token and clears every slice (the store also resets
 * the API cache on {@link loggedOut}). 'signed-out' (the default): the person chose to; 'session-ended':
 * the server no longer accepts the token, and signing in again may return to the same screen.
 */
export const logout =
  (reason: 'signed-out' | 'session-ended' = 'signed-out') =>
  (dispatch: Dispatch) => {
    clearToken();
    dispatch(loggedOut({ byUser: reason === 'signed-out' }));
  };
