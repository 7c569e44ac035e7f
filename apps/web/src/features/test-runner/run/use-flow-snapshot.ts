import { useCallback, useEffect, useRef } from 'react';
import { panelKey, trialsFitRun, type AcuityTrial, type PanelTrials } from '@visus/core';
import type { Session } from '@visus/contracts';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import {
  displayStatusChanged,
  sessionCleared,
  sessionOpened,
  sessionResumed,
} from '@/features/test-runner/session-slice';
import { resultsCleared, resultsRestored } from '@/features/test-runner/test-results-slice';
import { flowLoaded, flowRestored, testReset } from '@/features/test-runner/test-slice';
import { loadSnapshot, saveSnapshot } from './flow-snapshot';

/** What a panel run needs from the snapshot: the trials to resume after, and where to report new ones. */
export interface RunTrials {
  /** The running eye's trials restored after a reload, when they fit its rounds so far (else undefined). */
  resumeTrials: readonly AcuityTrial[] | undefined;
  /** Called by a panel that can resume after every answer (kept in the snapshot). */
  saveTrials: (trials: readonly AcuityTrial[]) => void;
}

/**
 * Opens the run and keeps the display's own copy of it (flow-snapshot.ts): on mount the flow is restored
 * from this tab's copy after a reload, or loaded afresh from the session; every change is saved; leaving
 * resets the test slices (SPEC.md §4), but the copy stays, so coming back to the same test goes on.
 */
export function useFlowSnapshot(session: Session): RunTrials {
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.test.flow);
  const results = useAppSelector((state) => state.testResults.results);
  const pin = session.pin;
  // The running panel's answered trials, written by the panel after every answer, saved with the flow.
  const trialsRef = useRef<PanelTrials | undefined>(undefined);
  // After a reload: the running eye's trials from this display's copy, handed to its panel so it goes on
  // from its round (only while they account for exactly the rounds so far).
  const restoredTrials = useAppSelector((state) => state.test.resumeTrials);
  const runKey = panelKey(flow);
  const saveTrials = useCallback(
    (trials: readonly AcuityTrial[]) => {
      trialsRef.current = { panel: runKey, trials: [...trials] };
    },
    [runKey],
  );
  const resumeTrials =
    restoredTrials && trialsFitRun(restoredTrials, flow) ? restoredTrials.trials : undefined;

  useEffect(() => {
    const snapshot = loadSnapshot(pin);
    trialsRef.current = snapshot?.trials;
    dispatch(sessionOpened(session));
    if (snapshot) {
      dispatch(flowRestored({ flow: snapshot.flow, trials: snapshot.trials }));
      dispatch(resultsRestored(snapshot.results));
      // Resumed (SPEC.md §4): the sync flag is a controller check done before the reload.
      dispatch(sessionResumed({ sync: snapshot.flow.controllerChecked }));
    } else {
      dispatch(
        flowLoaded({
          flowA: session.single ? [session.single] : session.testFlowA,
          testMode: session.testMode,
        }),
      );
      dispatch(displayStatusChanged('Ready'));
    }
    document.body.dataset.testMode = String(session.testMode);
    return () => {
      dispatch(testReset());
      dispatch(sessionCleared());
      dispatch(resultsCleared());
      delete document.body.dataset.testMode;
    };
  }, [dispatch, pin, session]);

  useEffect(() => {
    if (flow.status === '' || flow.status === 'Finished') return;
    // Only the running eye's trials are worth keeping: any other panel run has ended.
    const trials = trialsRef.current && trialsFitRun(trialsRef.current, flow) ? trialsRef.current : undefined;
    saveSnapshot(pin, { flow, results, trials });
  }, [pin, flow, results]);

  return { resumeTrials, saveTrials };
}
