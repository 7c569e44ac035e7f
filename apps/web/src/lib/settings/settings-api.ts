import type {
  AutoAdvanceBody,
  GammaBody,
  ScreenProfile,
  ScreenProfileData,
  ScreenProfilePatch,
  ScreenProfilesData,
  OpticalHistoryBody,
  OpticalHistoryData,
  Settings,
  SettingsBody,
  SettingsData,
  SpeechBody,
  TestsData,
} from '@visus/contracts';
import { api } from '@/lib/api/api';

const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Settings', 'ScreenProfiles'] });

/**
 * The settings calls of SPEC.md §7. Their RTK Query cache is the app's settings state (opticalHistory,
 * method, card, diagonal, gamma with loading, success and error); docs/adr/0004 says why there is no
 * second copy of it in a hand-written slice. Every mutation writes its answer straight into the cache.
 */
export const settingsEndpoints = settingsApi.injectEndpoints({
  endpoints: (build) => ({
    getTests: build.query<TestsData, void>({
      query: () => '/tests',
      transformResponse: (response: { data: TestsData }) => response.data,
      providesTags: ['Settings'],
    }),
    saveCalibration: build.mutation<Settings, SettingsBody>({
      query: (body) => ({ url: '/tests/settings', method: 'PUT', body }),
      transformResponse: (response: { data: SettingsData }) => response.data.settings,
      // The server keeps the calibration in this screen's profile too (docs/adr/0027).
      invalidatesTags: ['ScreenProfiles'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.settings = data)));
      },
    }),
    saveGamma: build.mutation<Settings, GammaBody>({
      query: (body) => ({ url: '/tests/gammasettings', method: 'PUT', body }),
      transformResponse: (response: { data: SettingsData }) => response.data.settings,
      invalidatesTags: ['ScreenProfiles'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.settings = data)));
      },
    }),
    /** The screens this person calibrated (docs/adr/0027), the latest used first. */
    getScreenProfiles: build.query<ScreenProfile[], void>({
      query: () => '/tests/screen-profiles',
      transformResponse: (response: { data: ScreenProfilesData }) => response.data.profiles,
      providesTags: ['ScreenProfiles'],
    }),
    /** Puts a profile in use: its calibration and gamma become the settings every screen reads. */
    useScreenProfile: build.mutation<ScreenProfileData, string>({
      query: (id) => ({ url: `/tests/screen-profiles/${encodeURIComponent(id)}/use`, method: 'POST' }),
      transformResponse: (response: { data: ScreenProfileData }) => response.data,
      invalidatesTags: ['ScreenProfiles'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.settings = data.settings)));
      },
    }),
    patchScreenProfile: build.mutation<ScreenProfile, { id: string; patch: ScreenProfilePatch }>({
      query: ({ id, patch }) => ({
        url: `/tests/screen-profiles/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: patch,
      }),
      transformResponse: (response: { data: { profile: ScreenProfile } }) => response.data.profile,
      invalidatesTags: ['ScreenProfiles'],
    }),
    deleteScreenProfile: build.mutation<void, string>({
      query: (id) => ({ url: `/tests/screen-profiles/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => undefined,
      invalidatesTags: ['ScreenProfiles'],
    }),
    saveAutoAdvance: build.mutation<Settings, AutoAdvanceBody>({
      query: (body) => ({ url: '/tests/settings/auto-advance', method: 'PUT', body }),
      transformResponse: (response: { data: SettingsData }) => response.data.settings,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.settings = data)));
      },
    }),
    /** The display speaks its instructions (issue 20 item 2). */
    saveSpeech: build.mutation<Settings, SpeechBody>({
      query: (body) => ({ url: '/tests/settings/speech', method: 'PUT', body }),
      transformResponse: (response: { data: SettingsData }) => response.data.settings,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.settings = data)));
      },
    }),
    saveHistory: build.mutation<OpticalHistoryData, OpticalHistoryBody>({
      query: (body) => ({ url: '/tests/settings/history', method: 'PUT', body }),
      transformResponse: (response: { data: OpticalHistoryData }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(updateTests((draft) => void (draft.opticalHistory = data)));
      },
    }),
  }),
});

function updateTests(recipe: (draft: TestsData) => void) {
  return settingsEndpoints.util.updateQueryData('getTests', undefined, recipe);
}

export const {
  useGetTestsQuery,
  useSaveAutoAdvanceMutation,
  useSaveCalibrationMutation,
  useSaveGammaMutation,
  useSaveHistoryMutation,
  useSaveSpeechMutation,
  useGetScreenProfilesQuery,
  useUseScreenProfileMutation,
  usePatchScreenProfileMutation,
  useDeleteScreenProfileMutation,
} = settingsEndpoints;
