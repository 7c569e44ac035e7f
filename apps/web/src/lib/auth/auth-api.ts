import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  CurrentUser,
  ForgotPasswordBody,
  MessageResponse,
  RegisterBody,
  ResetPasswordBody,
  TokenResponse,
  UpdateDetailsBody,
  UpdatePasswordBody,
} from '@visus/contracts';
import { api } from '@/lib/api/api';
import { errorMessage } from '@/lib/api/api-error';
import type { StateWithToken } from '@/lib/api/session-guard';
import { currentUserFailed, currentUserLoaded, storeRefreshedToken, storeSignInToken } from './auth-slice';
import { loadedUser, takeLoadedUser } from './current-user';

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/** Waits for a call that issues a token; on success stores it and loads the current user (SPEC.md §4). */
async function signInWhenIssued(dispatch: AnyDispatch, queryFulfilled: Promise<{ data: TokenResponse }>) {
  let token: string;
  try {
    ({ token } = (await queryFulfilled).data);
  } catch {
    return; // The form shows the error from the mutation's own result.
  }
  dispatch(storeSignInToken(token));
  void dispatch(
    authApi.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true, subscribe: false }),
  );
}

/** The auth calls of SPEC.md §7 and DESIGN.md §5; logging in is `logIn` (log-in.ts), without RTK Query. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser, void>({
      async queryFn(_arg, { getState }, _extraOptions, baseQuery) {
        // Startup (or a sign-in) has just loaded these details without RTK Query: use them once.
        const loaded = takeLoadedUser((getState() as StateWithToken).auth?.token ?? null);
        if (loaded) return { data: loaded };
        const result = await baseQuery('/auth/current');
        if (result.error) return { error: result.error };
        return { data: (result.data as { data: CurrentUser }).data };
      },
      providesTags: ['CurrentUser'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(currentUserLoaded(loadedUser(data)));
        } catch (failure) {
          dispatch(currentUserFailed(errorMessage((failure as { error?: unknown }).error)));
        }
      },
    }),
    register: build.mutation<TokenResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signInWhenIssued(dispatch, queryFulfilled),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/auth/forgotpassword', method: 'POST', body }),
    }),
    resetPassword: build.mutation<TokenResponse, ResetPasswordBody & { resetToken: string }>({
      query: ({ resetToken, ...body }) => ({
        url: `/auth/resetpassword/${encodeURIComponent(resetToken)}`,
        method: 'PUT',
        body,
      }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => signInWhenIssued(dispatch, queryFulfilled),
    }),
    updatePassword: build.mutation<TokenResponse, UpdatePasswordBody>({
      query: (body) => ({ url: '/auth/updatepassword', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The old token is revoked by the server: keep using only the new one.
          dispatch(storeRefreshedToken(data.token));
        } catch {
          // Shown by the form.
        }
      },
    }),
    updateDetails: build.mutation<CurrentUser, UpdateDetailsBody>({
      query: (body) => ({ url: '/auth/updatedetails', method: 'PUT', body }),
      transformResponse: (response: { data: CurrentUser }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(authApi.util.upsertQueryData('getCurrentUser', undefined, data));
        } catch {
          // Shown by the form.
        }
      },
    }),
    deleteAccount: build.mutation<void, void>({
      query: () => ({ url: '/auth', method: 'DELETE' }),
    }),
  }),
});

export const {
  useGetCurrentUserQuery,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUpdatePasswordMutation,
  useUpdateDetailsMutation,
  useDeleteAccountMutation,
} = authApi;
