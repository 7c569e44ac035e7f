import type { ClinicPatientList, ResultsList, ReviewQueue } from '@visus/contracts';
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
export const clinicApi = api.enhanceEndpoints({ addTagTypes: ['ClinicPatients'] }).injectEndpoints({
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
  }),
});

export const { useListPatientsQuery, useReviewQueueQuery, usePatientResultsQuery } = clinicApi;
