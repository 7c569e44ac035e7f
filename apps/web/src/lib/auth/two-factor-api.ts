import type {
  ConfirmTwoFactorBody,
  DisableTwoFactorBody,
  RecoveryCodes,
  RegenerateRecoveryCodesBody,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@visus/contracts';
import { api } from '@/lib/api/api';

type Data<T> = { data: T };

/**
 * Two-step sign-in of the signed-in account (issue 19 item 7, docs/adr/0023): status, enrolment, turning
 * it off and new recovery codes. Used by the enrolment screen and the Profile card.
 */
export const twoFactorApi = api.enhanceEndpoints({ addTagTypes: ['TwoFactor'] }).injectEndpoints({
  endpoints: (build) => ({
    getTwoFactor: build.query<TwoFactorStatus, void>({
      query: () => '/auth/two-factor',
      transformResponse: (response: Data<TwoFactorStatus>) => response.data,
      providesTags: ['TwoFactor'],
    }),
    startTwoFactorEnrolment: build.mutation<TwoFactorEnrolment, void>({
      query: () => ({ url: '/auth/two-factor/enrolment', method: 'POST' }),
      transformResponse: (response: Data<TwoFactorEnrolment>) => response.data,
    }),
    confirmTwoFactorEnrolment: build.mutation<RecoveryCodes, ConfirmTwoFactorBody>({
      query: (body) => ({ url: '/auth/two-factor/enrolment/confirm', method: 'POST', body }),
      transformResponse: (response: Data<RecoveryCodes>) => response.data,
      invalidatesTags: ['TwoFactor', 'CurrentUser'],
    }),
    disableTwoFactor: build.mutation<void, DisableTwoFactorBody>({
      query: (body) => ({ url: '/auth/two-factor', method: 'DELETE', body }),
      invalidatesTags: ['TwoFactor', 'CurrentUser'],
    }),
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, RegenerateRecoveryCodesBody>({
      query: (body) => ({ url: '/auth/two-factor/recovery-codes', method: 'POST', body }),
      transformResponse: (response: Data<RecoveryCodes>) => response.data,
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const {
  useGetTwoFactorQuery,
  useStartTwoFactorEnrolmentMutation,
  useConfirmTwoFactorEnrolmentMutation,
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
} = twoFactorApi;
