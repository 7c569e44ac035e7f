import type {
  ClinicPatientList,
  ClinicResult,
  ResultReviews,
  ResultsList,
  ReviewBody,
  ReviewQueue,
} from '@visus/contracts';
import { RESULTS_PAGE_LIMITS } from '@visus/contracts';
import { api } from '@/lib/api/api';

type Data<T> = { data: T };

/** Drops empty values so the query string carries only what the clinician chose. */
function params(values: Record<string, string | number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== '') out[key] = String(value);
  return out;
}

/**
 * The clinician's calls (issue 19): the patients who share with the clinic, the review queue and a
 * patient's results. Each answer is logged on the server for the patient to see.
 */
export const clinicApi = api
  .enhanceEndpoints({ addTagTypes: ['ClinicPatients', 'ClinicResult'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listPatients: build.query<ClinicPatientList, { search: string; page: number; limit: number }>({
        query: ({ search, page, limit }) => ({
          url: '/clinic/patients',
          params: params({ search: search.trim(), page, limit }),
        }),
        transformResponse: (response: Data<ClinicPatientList>) => response.data,
        providesTags: ['ClinicPatients'],
      }),
      reviewQueue: build.query<ReviewQueue, { page: number; limit: number }>({
        query: ({ page, limit }) => ({ url: '/clinic/reviews/queue', params: params({ page, limit }) }),
        transformResponse: (response: Data<ReviewQueue>) => response.data,
        providesTags: ['ClinicPatients'],
      }),
      /** The newest results of a patient (the largest page the server gives), for the history screen. */
      patientResults: build.query<ResultsList, string>({
        query: (userId) => ({
          url: `/clinic/patients/${encodeURIComponent(userId)}/results`,
          params: { limit: String(RESULTS_PAGE_LIMITS.maxLimit) },
        }),
        transformResponse: (response: Data<ResultsList>) => response.data,
        providesTags: ['ClinicPatients'],
      }),
      /** One result of a consenting patient with its reviews, for the review form. */
      clinicResult: build.query<ClinicResult, string>({
        query: (resultId) => `/clinic/results/${encodeURIComponent(resultId)}`,
        transformResponse: (response: Data<ClinicResult>) => response.data,
        providesTags: (_answer, _error, resultId) => [{ type: 'ClinicResult', id: resultId }],
      }),
      /**
       * Records a review (an edit adds a version). The answer is the result's reviews, written into the
       * open result without asking again; the lists refresh so the queue and the flags lose the result.
       */
      reviewResult: build.mutation<ResultReviews, { resultId: string } & ReviewBody>({
        query: ({ resultId, ...body }) => ({
          url: `/clinic/results/${encodeURIComponent(resultId)}/review`,
          method: 'PUT',
          body,
        }),
        transformResponse: (response: Data<ResultReviews>) => response.data,
        async onQueryStarted({ resultId }, { dispatch, queryFulfilled }) {
          const { data: reviews } = await queryFulfilled.catch(() => ({ data: null }));
          if (!reviews) return;
          dispatch(
            clinicApi.util.updateQueryData('clinicResult', resultId, (open) => {
              open.reviews = reviews;
            }),
          );
        },
        invalidatesTags: ['ClinicPatients'],
      }),
    }),
  });

export const {
  useLazyListPatientsQuery,
  useReviewQueueQuery,
  usePatientResultsQuery,
  useClinicResultQuery,
  useReviewResultMutation,
} = clinicApi;
