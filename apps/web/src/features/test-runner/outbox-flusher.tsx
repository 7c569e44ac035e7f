import { useEffect } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ResultRecordBody } from '@visus/contracts';
import { useAppDispatch } from '@/app/hooks';
import { errorMessage } from '@/lib/api/api-error';
import { useAuth } from '@/lib/auth/use-auth';
import { startOutboxFlusher, type SendOutcome } from './results-outbox';
import { testRunnerApi } from './test-runner-api';

/**
 * Whether a failed save is worth trying again: the network (no status), a timeout, rate limiting, a
 * server fault, or a signed-out token (the record waits for the next sign-in). A 400 (the record is
 * invalid) or 404 (not this person's session) would fail again the same way.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as Partial<FetchBaseQueryError> | undefined)?.status;
  if (typeof status !== 'number') return true;
  return status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * Sends what waits in the results outbox while someone is signed in: at app start (a record left by a
 * closed tab or a lost network), when a test finishes, when the browser comes back online, and on each
 * backoff timer. Renders nothing.
 */
export function ResultsOutboxFlusher() {
  const dispatch = useAppDispatch();
  const { token, isAuth } = useAuth();
  useEffect(() => {
    if (!token || !isAuth) return;
    const send = async (record: ResultRecordBody): Promise<SendOutcome> => {
      const request = dispatch(testRunnerApi.endpoints.saveResults.initiate(record));
      try {
        const stored = await request.unwrap();
        // The server completes a session when it stores its record: a stored record with a session says so.
        return { ok: true, sessionCompleted: stored.session !== null };
      } catch (error) {
        return { ok: false, retry: isRetryable(error), error: errorMessage(error) };
      } finally {
        request.reset();
      }
    };
    return startOutboxFlusher(send);
  }, [dispatch, token, isAuth]);
  return null;
}
