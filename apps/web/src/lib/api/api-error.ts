import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { SERVER_ERROR } from '@visus/contracts/constants';

/** The `error` field of a failure body (`{ success: false, error }`), if there is one. */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as FetchBaseQueryError & { data: unknown }).data;
  if (typeof data === 'object' && data !== null && 'error' in data) {
    const message = (data as { error: unknown }).error;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

/**
 * What to tell the person about a failed call (SPEC.md §8): the server's `error` field, otherwise
 * the fallback ('Server Error' unless the caller knows better, e.g. 'Invalid Login' for login).
 */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | undefined | unknown,
  fallback: string = SERVER_ERROR,
): string {
  return serverMessage(error) ?? fallback;
}
