import type { Sharing } from '@visus/contracts';
import { api } from '@/lib/api/api';

type Data<T> = { data: T };

/**
 * The patient's consent to share results with the clinic, and who viewed them (issue 19): GET /sharing,
 * PUT and DELETE /sharing/clinic. Shared by Results and Profile, which both offer the control.
 */
export const sharingApi = api.enhanceEndpoints({ addTagTypes: ['Sharing'] }).injectEndpoints({
  endpoints: (build) => ({
    getSharing: build.query<Sharing, void>({
      query: () => '/sharing',
      transformResponse: (response: Data<Sharing>) => response.data,
      providesTags: ['Sharing'],
    }),
    shareWithClinic: build.mutation<Sharing, void>({
      query: () => ({ url: '/sharing/clinic', method: 'PUT', body: {} }),
      transformResponse: (response: Data<Sharing>) => response.data,
      invalidatesTags: ['Sharing'],
    }),
    stopSharingWithClinic: build.mutation<Sharing, void>({
      query: () => ({ url: '/sharing/clinic', method: 'DELETE' }),
      transformResponse: (response: Data<Sharing>) => response.data,
      invalidatesTags: ['Sharing'],
    }),
  }),
});

export const { useGetSharingQuery, useShareWithClinicMutation, useStopSharingWithClinicMutation } =
  sharingApi;
