import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { ResultCalibration } from '@visus/core';
import type { Session } from '@visus/contracts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { buildResultRecord, hasResults } from '@/features/test-runner/result-record';
import {
  confirmedSessionComplete,
  enqueueResult,
  isConfirmed,
  outboxEntry,
  subscribeOutbox,
} from '@/features/test-runner/results-outbox';
import { resultsEnded, resultsStarted } from '@/features/test-runner/test-results-slice';
import { useCompleteSessionMutation } from '@/features/test-runner/test-runner-api';
import { flowEvent } from '@/features/test-runner/test-slice';
import { clearSnapshot } from './flow-snapshot';

/** SPEC.md §2/§9: after a finished test the app goes to the results 3 s later. */
export const REDIRECT_AFTER_MS = 3000;

/** The record's place in the outbox, as a value useSyncExternalStore can compare. */
function outboxStatus(key: string): string {
  if (isConfirmed(key)) return 'confirmed';
  const entry = outboxEntry(key);
  if (!entry) return 'absent';
  return entry.rejected
    ? `rejected:${entry.error ?? ''}`
    : entry.attempts > 0
      ? `retrying:${entry.error ?? ''}`
      : 'pending';
}

/**
 * Saving the run's results (SPEC.md §4 "Finished … saves results once", §2 redirect): the start time once,
 * then on Finished (or a stop with results) the record goes to the outbox first and the app's flusher
 * PUTs it. The server completes the session when it stores the record; only when its answer does not say
 * so is the session completed with PATCH. Then Finished, and 3 s later the results page. Answers the
 * record's outbox status for the saving and stopped screens. `calibration` is the screen calibration the
 * run draws with, kept in the record's setup.
 */
export function useResultSaving(
  session: Session,
  prefix: string,
  calibration: ResultCalibration | undefined,
): string {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector((state) => state.test.flow);
  const results = useAppSelector((state) => state.testResults.results);
  const [completeSession] = useCompleteSessionMutation();
  const pin = session.pin;

  // The results' start: the first move to InTest (recorded once).
  useEffect(() => {
    if (flow.startedAt !== null && results.start === undefined) dispatch(resultsStarted(flow.startedAt));
  }, [dispatch, flow.startedAt, results.start]);

  const outbox = useSyncExternalStore(subscribeOutbox, () => outboxStatus(pin));
  const queued = useRef(false);
  const completing = useRef(false);
  const mustSave = flow.saveRequested || (flow.status === 'Stopped' && hasResults(results));
  useEffect(() => {
    if (!mustSave || queued.current) return;
    queued.current = true;
    const record = buildResultRecord(session, flow, results, Date.now(), calibration);
    dispatch(resultsEnded(record.data.end));
    enqueueResult(record);
  }, [dispatch, mustSave, session, flow, results, calibration]);

  useEffect(() => {
    if (outbox !== 'confirmed' || completing.current) return;
    completing.current = true;
    if (confirmedSessionComplete(pin)) {
      dispatch(flowEvent({ type: 'resultsSaved' }));
      return;
    }
    void completeSession(pin)
      .unwrap()
      .catch((error: unknown) => console.warn('Completing the session failed', error))
      .finally(() => dispatch(flowEvent({ type: 'resultsSaved' })));
  }, [completeSession, dispatch, outbox, pin]);

  useEffect(() => {
    if (flow.status !== 'Finished') return;
    clearSnapshot(pin);
    const timer = setTimeout(() => void navigate(`/${prefix}/results?redirect=latest`), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [flow.status, navigate, pin, prefix]);

  return outbox;
}
