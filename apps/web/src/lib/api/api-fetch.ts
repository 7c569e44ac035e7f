import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { API_BASE } from '@visus/contracts/constants';
import { readToken } from '@/lib/auth/token-storage';
import { guardSession, type AnyDispatch, type StateWithToken } from './session-guard';

/**
 * An absolute base URL: relative URLs are fine in a browser, but `Request` in Node (tests) needs an
 * origin to resolve them.
 */
export function apiBaseUrl(): string {
  if (typeof window === 'undefined') return API_BASE;
  return new URL(API_BASE, window.location.origin).href;
}

/** The headers of every API call, for RTK Query's base query and {@link apiFetch} alike. */
export function authHeaders(headers: Headers, state: StateWithToken): Headers {
  const token = state.auth ? state.auth.token : readToken();
  // SPEC.md §7: the header holds the token value itself, with no scheme in front.
  if (token) headers.set('Authorization', token);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return headers;
}

/** What {@link apiFetch} answers: RTK Query's result shape, so `errorMessage` reads both the same way. */
export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError };

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
}

/**
 * One API call without RTK Query, for what a guest's first screen needs (loading the current user,
 * logging in): RTK Query then downloads only with the first screen that uses it (issue 9 part 6). It
 * behaves like the base query: same headers, same result and error shapes, and it signs the person
 * out when the server answers 'Token is not valid'.
 */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body }: ApiFetchOptions,
  dispatch: AnyDispatch,
  getState: () => unknown,
): Promise<ApiResult<T>> {
  const headers = authHeaders(new Headers(), getState() as StateWithToken);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  let response: Response;
  let text: string;
  try {
    response = await fetch(
      new Request(`${apiBaseUrl()}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    // The body can fail to arrive too (the link drops mid-answer): that is a network failure as well.
    text = await response.text();
  } catch (failure) {
    return { error: { status: 'FETCH_ERROR', error: String(failure) } };
  }
  let data: unknown;
  try {
    data = text.length > 0 ? JSON.parse(text) : null;
  } catch (failure) {
    return {
      error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: String(failure) },
    };
  }
  if (response.ok) return { data: data as T };
  const error: FetchBaseQueryError = { status: response.status, data };
  guardSession(error, dispatch, getState);
  return { error };
}
