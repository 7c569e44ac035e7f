import { createSlice, isAnyOf, type WithSlice } from '@reduxjs/toolkit';
import type { Role } from '@visus/core';
import { injectIntoStore } from '@/lib/store/root-reducer';
import { errorMessage } from '@/lib/api/api-error';
import { t } from '@/lib/i18n/i18n';
import '@/lib/i18n/admin-messages';
import { adminApi } from './admin-api';
import { ROLE_WITH_ARTICLE, ROLE_WORDS } from './role-labels';

/** What the last admin change was, so a screen can word its confirmation. */
export type AdminSuccessType = 'role' | 'delete' | 'invite' | 'revoke' | 'two-factor';

/**
 * The `admin` slice of SPEC.md §3/§4, shaped for RTK Query.
 *
 * The server state of the spec's slice (`users`, `invites`) lives in the RTK Query cache only
 * (`listUsers`/`listInvites`, keyed by search, status and page, tagged so that every change refetches
 * them): copying it here would give two truths that drift apart. This slice keeps what the cache does
 * not: the outcome of the last admin change, for the screens' success and error messages.
 *
 * Actions, as SPEC.md §4 names them: *request* is the `pending` of any admin change (it clears the
 * previous error), *success* its `fulfilled`, *error* its `rejected` (the server's message, or 'Server
 * Error', SPEC.md §8), *clear* is {@link adminCleared}, and *update-role* is the fulfilled `updateRole`
 * (`adminApi.endpoints.updateRole.matchFulfilled`), which records who now has which role.
 */
export interface AdminState {
  /** True while an admin change (role, deletion, invite, revocation) is on its way. */
  loading: boolean;
  success: boolean;
  successType: AdminSuccessType | null;
  /**
   * The sentence to show for the last success, e.g. "Ada Lovelace is now a Tester.", in the language
   * shown when it happened (the admin screens load their words before any change can be made).
   */
  message: string | null;
  error: string | null;
  /** The account whose role changed last, with its new role (update-role). */
  updatedUser: { _id: string; role: Role } | null;
}

const initialState: AdminState = {
  loading: false,
  success: false,
  successType: null,
  message: null,
  error: null,
  updatedUser: null,
};

const { updateRole, deleteUser, resetTwoFactor, createInvite, revokeInvite } = adminApi.endpoints;
const anyPending = isAnyOf(
  updateRole.matchPending,
  deleteUser.matchPending,
  resetTwoFactor.matchPending,
  createInvite.matchPending,
  revokeInvite.matchPending,
);
const anyRejected = isAnyOf(
  updateRole.matchRejected,
  deleteUser.matchRejected,
  resetTwoFactor.matchRejected,
  createInvite.matchRejected,
  revokeInvite.matchRejected,
);

function succeeded(state: AdminState, type: AdminSuccessType, message: string) {
  state.loading = false;
  state.success = true;
  state.successType = type;
  state.message = message;
  state.error = null;
}

export const adminSlice = createSlice({
  name: 'admin',
  initialState,
  reducers: {
    /** The screen has shown the outcome: forget it (SPEC.md §4 clear). */
    adminCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(anyPending, (state) => {
        state.loading = true;
        state.success = false;
        state.successType = null;
        state.message = null;
        state.error = null;
      })
      .addMatcher(updateRole.matchFulfilled, (state, { payload }) => {
        state.updatedUser = { _id: payload._id, role: payload.role };
        succeeded(
          state,
          'role',
          t('admin.outcome.role', { name: payload.name, role: t(ROLE_WITH_ARTICLE[payload.role]) }),
        );
      })
      .addMatcher(deleteUser.matchFulfilled, (state, { meta }) => {
        succeeded(state, 'delete', t('admin.outcome.delete', { email: meta.arg.originalArgs.email }));
      })
      .addMatcher(resetTwoFactor.matchFulfilled, (state, { payload }) => {
        succeeded(state, 'two-factor', t('admin.outcome.twoStep', { name: payload.name }));
      })
      .addMatcher(createInvite.matchFulfilled, (state, { payload }) => {
        const { email, role } = payload.invite;
        succeeded(state, 'invite', t('admin.outcome.invite', { email, role: t(ROLE_WORDS[role]) }));
      })
      .addMatcher(revokeInvite.matchFulfilled, (state, { meta }) => {
        succeeded(state, 'revoke', t('admin.outcome.revoke', { email: meta.arg.originalArgs.email }));
      })
      .addMatcher(anyRejected, (state, action) => {
        state.loading = false;
        state.success = false;
        state.successType = null;
        state.message = null;
        state.error = errorMessage(action.payload);
      });
  },
  selectors: {
    selectAdminOutcome: (state) => state,
  },
});

// Admins' state joins the store with the admin screens, not at startup (issue 9 part 6).
injectIntoStore(adminSlice);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof adminSlice> {}
}

export const { adminCleared } = adminSlice.actions;
export const { selectAdminOutcome } = adminSlice.selectors;
