import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl, authHeaders } from './api-fetch';
import { guardSession, type StateWithToken } from './session-guard';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { getState }) => authHeaders(headers, getState() as StateWithToken),
});

/**
 * fetchBaseQuery plus the response interceptor of SPEC.md §7: whenever the server says
 * 'Token is not valid' (expired, revoked, or the account is gone) the person is signed out.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error) guardSession(result.error, api.dispatch, api.getState);
  return result;
};
