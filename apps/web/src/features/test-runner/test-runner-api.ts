import type {
  CreateSessionBody,
  CreateSingleSessionBody,
  ResultRecordBody,
  Session,
  StoredResult,
} from '@visus/contracts';
import { api } from '@/lib/api/api';

/**
 * The session and results calls of SPEC.md §7 the test screens make. `:id` in the session paths is the
 * pin, which is also the token in /{role}/test/{token}.
 */
export const testRunnerApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSession: build.mutation<Session, CreateSessionBody>({
      query: (body) => ({ url: '/tests/session', method: 'POST', body }),
      transformResponse: (response: { data: Session }) => response.data,
    }),
    createSingleSession: build.mutation<Session, CreateSingleSessionBody>({
      query: (body) => ({ url: '/tests/session/single', method: 'POST', body }),
      transformResponse: (response: { data: Session }) => response.data,
    }),
    getSession: build.query<Session, string>({
      query: (pin) => `/tests/session/${encodeURIComponent(pin)}`,
      transformResponse: (response: { data: Session }) => response.data,
      // Each visit loads the session afresh: its status may have changed (completed, expired).
      keepUnusedDataFor: 0,
    }),
    completeSession: build.mutation<Session, string>({
      query: (pin) => ({ url: `/tests/session/${encodeURIComponent(pin)}`, method: 'PATCH' }),
      transformResponse: (response: { data: Session }) => response.data,
    }),
    /** Idempotent per session: saving the same session again answers the stored record. */
    saveResults: build.mutation<StoredResult, ResultRecordBody>({
      query: (body) => ({ url: '/tests/results', method: 'PUT', body }),
      transformResponse: (response: { data: StoredResult }) => response.data,
      invalidatesTags: ['Results'],
    }),
  }),
});

export const {
  useCreateSessionMutation,
  useCreateSingleSessionMutation,
  useGetSessionQuery,
  useCompleteSessionMutation,
  useSaveResultsMutation,
} = testRunnerApi;
