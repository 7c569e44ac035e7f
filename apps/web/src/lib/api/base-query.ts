import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_BASE, TOKEN_NOT_VALID } from '@visus/contracts/constants';
import { logout } from '@/lib/auth/auth-slice';
import { readToken } from '@/lib/auth/token-storage';
import { noticeShown } from '@/lib/notice/notice-slice';
import { serverMessage } from './api-error';

/** The part of the store the base query reads; typed locally so lib/ does not depend on app/. */
interface StateWithToken {
  auth?: { token: string | null };
}

/**
 * An absolute base URL: relative URLs are fine in a browser, but `Request` in Node (tests) needs an
 * origin to resolve them.
 */
function apiBaseUrl(): string {
  if (typeof window === 'undefined') return API_BASE;
  return new URL(API_BASE, window.location.origin).href;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  prepareHeaders: (headers, { getState }) => {
    const state = getState() as StateWithToken;
    const token = state.auth ? state.auth.token : readToken();
    // SPEC.md §7: the header holds the token value itself, with no scheme in front.
    if (token) headers.set('Authorization', token);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return headers;
  },
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
  if (result.error && serverMessage(result.error) === TOKEN_NOT_VALID) {
    const hadSession = Boolean((api.getState() as StateWithToken).auth?.token);
    api.dispatch(logout());
    if (hadSession) {
      api.dispatch(
        noticeShown({ message: 'Your session has ended. Please log in again.', severity: 'info' }),
      );
    }
  }
  return result;
};
