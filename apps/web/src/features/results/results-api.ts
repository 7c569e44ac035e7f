import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  RESULTS_PAGE_LIMITS,
  type ResultReviews,
  type ResultsList,
  type StoredResult,
} from '@visus/contracts';
import type { TestId } from '@visus/core';
import { api } from '@/lib/api/api';

/** Filters of the results list: an ISO date-time range (inclusive) and one test. */
export interface ResultFilters {
  from?: string;
  to?: string;
  test?: TestId;
}

/** GET /tests/results arguments: page is 1-based, as the server counts. */
export interface ResultListArgs extends ResultFilters {
  page: number;
  limit: number;
}

/** Every stored result matching the filters, newest first, and how many there are. */
export interface ResultHistory {
  results: StoredResult[];
  total: number;
}

type Data<T> = { data: T };

/** Pages fetched for a whole history at most (100 000 results), so a server that misreports can't loop us. */
const MAX_HISTORY_PAGES = 1000;

/** The query string: only the filters that are set. */
function params(args: ResultFilters & { page: number; limit: number }): Record<string, string> {
  const out: Record<string, string> = { page: String(args.page), limit: String(args.limit) };
  if (args.from) out.from = args.from;
  if (args.to) out.to = args.to;
  if (args.test) out.test = args.test;
  return out;
}

/**
 * The results calls of SPEC.md §7 (`GET /tests/results`, `GET /tests/results/:id`), tagged 'Results' so a
 * newly saved result refreshes the list, the trend chart and the exports.
 */
export const resultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listResults: build.query<ResultsList, ResultListArgs>({
      query: (args) => ({ url: '/tests/results', params: params(args) }),
      transformResponse: (response: Data<ResultsList>) => response.data,
      providesTags: ['Results'],
    }),
    getResult: build.query<StoredResult, string>({
      query: (id) => `/tests/results/${encodeURIComponent(id)}`,
      transformResponse: (response: Data<StoredResult>) => response.data,
      providesTags: ['Results'],
    }),
    /** Clinicians' reviews of one of my results (issue 19): the current one and every version. */
    resultReviews: build.query<ResultReviews, string>({
      query: (id) => `/tests/results/${encodeURIComponent(id)}/reviews`,
      transformResponse: (response: Data<ResultReviews>) => response.data,
      providesTags: ['Results'],
    }),
    /**
     * The whole history matching the filters (for the trend chart and the history exports): every page at
     * the largest page size, newest first as the server orders them.
     */
    resultHistory: build.query<ResultHistory, ResultFilters>({
      async queryFn(filters, _api, _extra, baseQuery) {
        const limit = RESULTS_PAGE_LIMITS.maxLimit;
        const results: StoredResult[] = [];
        for (let page = 1; page <= MAX_HISTORY_PAGES; page += 1) {
          const answer = await baseQuery({
            url: '/tests/results',
            params: params({ ...filters, page, limit }),
          });
          if (answer.error) return { error: answer.error as FetchBaseQueryError };
          const { results: batch, total } = (answer.data as Data<ResultsList>).data;
          results.push(...batch);
          if (batch.length < limit || results.length >= total) return { data: { results, total } };
        }
        return { data: { results, total: results.length } };
      },
      providesTags: ['Results'],
    }),
  }),
});

export const {
  useListResultsQuery,
  useGetResultQuery,
  useResultReviewsQuery,
  useResultHistoryQuery,
  useLazyResultHistoryQuery,
} = resultsApi;
