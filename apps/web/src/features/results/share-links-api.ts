import type { CreatedShareLink, ShareLink, ShareLinkList, SharedResult } from '@visus/contracts';
import { api } from '@/lib/api/api';

type Data<T> = { data: T };

/**
 * Share links (issue 19 item 5): the owner's links to one result (POST/GET/DELETE
 * /tests/results/:id/share-links) and what a link opens, signed out (GET /shared/:token).
 */
export const shareLinksApi = api.enhanceEndpoints({ addTagTypes: ['ShareLinks'] }).injectEndpoints({
  endpoints: (build) => ({
    listShareLinks: build.query<ShareLink[], string>({
      query: (resultId) => `/tests/results/${encodeURIComponent(resultId)}/share-links`,
      transformResponse: (response: Data<ShareLinkList>) => response.data.links,
      providesTags: (_links, _error, resultId) => [{ type: 'ShareLinks', id: resultId }],
    }),
    createShareLink: build.mutation<CreatedShareLink, { resultId: string; days: number }>({
      query: ({ resultId, days }) => ({
        url: `/tests/results/${encodeURIComponent(resultId)}/share-links`,
        method: 'POST',
        body: { days },
      }),
      transformResponse: (response: Data<CreatedShareLink>) => response.data,
      invalidatesTags: (_link, _error, { resultId }) => [{ type: 'ShareLinks', id: resultId }],
    }),
    revokeShareLink: build.mutation<ShareLink, { resultId: string; linkId: string }>({
      query: ({ resultId, linkId }) => ({
        url: `/tests/results/${encodeURIComponent(resultId)}/share-links/${encodeURIComponent(linkId)}`,
        method: 'DELETE',
      }),
      transformResponse: (response: Data<ShareLink>) => response.data,
      invalidatesTags: (_link, _error, { resultId }) => [{ type: 'ShareLinks', id: resultId }],
    }),
    sharedResult: build.query<SharedResult, string>({
      query: (token) => `/shared/${encodeURIComponent(token)}`,
      transformResponse: (response: Data<SharedResult>) => response.data,
    }),
  }),
});

export const {
  useListShareLinksQuery,
  useCreateShareLinkMutation,
  useRevokeShareLinkMutation,
  useSharedResultQuery,
} = shareLinksApi;
