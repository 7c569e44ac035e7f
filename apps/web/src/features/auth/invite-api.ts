import type { InvitePreview } from '@visus/contracts';
import { api } from '@/lib/api/api';

/** GET /auth/invite/:code (public): who an invite link is for, so registration can pre-fill it. */
export const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvitePreview: build.query<InvitePreview, string>({
      query: (code) => `/auth/invite/${encodeURIComponent(code)}`,
      transformResponse: (response: { data: InvitePreview }) => response.data,
    }),
  }),
});

export const { useGetInvitePreviewQuery } = inviteApi;
