import { useCallback, useEffect, useRef } from 'react';
import { continueStarts, countdownKey, keyboardKey, takesKeys, type Correction } from '@visus/core';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { controllerReady, flowEvent, keyConsumed, keyPressed } from '@/features/test-runner/test-slice';
import { useCountdown } from './use-countdown';

/** The run's keys and timers, as the screens need them. */
export interface RunKeys {
  /** Share of the self-advancing screen's countdown gone by, 0 … 1. */
  elapsed: number;
  /** The keyboard path: the correction was answered on the display, which completes the check itself. */
  chooseKeyboard: (correction: Correction) => void;
}

/**
 * The display's keys outside the panels: the keyboard (core keyboardKey for the current test, only while
 * core takesKeys: before the check and on the end screens Space and Enter belong to the page's buttons);
 * a 'continue' key moves on from the screens core continueStarts names, any other key outside a running
 * test is consumed without effect; and the screens core advancesByItself names go on after 10 s.
 */
export function useRunKeys(): RunKeys {
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.test.flow);
  const flowRef = useRef(flow);
  useEffect(() => {
    flowRef.current = flow;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const current = flowRef.current;
      if (!current.currentTest || !takesKeys(current)) return;
      // Typing in a form field (Presbyopia's inputs, a slider) is left alone.
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="slider"]')) return;
      // A dialog over the run (leaving the test?) keeps its own keys.
      if (target?.closest?.('[role="dialog"]')) return;
      const key = keyboardKey(current.currentTest, event.key);
      if (key === null) return;
      event.preventDefault(); // Space must not press a focused button nor scroll the page
      dispatch(keyPressed({ key, now: Date.now() }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch]);

  // Keys outside a running test: 'continue' moves on, anything else is consumed without effect.
  useEffect(() => {
    const press = flow.keyPressed;
    if (!press) return;
    if (flow.status === 'InTest' && !flow.saveRequested) return; // the panel consumes it
    if (press.key === 'continue' && continueStarts(flow.status))
      dispatch(flowEvent({ type: 'start', now: Date.now() }));
    dispatch(keyConsumed());
  }, [dispatch, flow.keyPressed, flow.status, flow.saveRequested]);

  const elapsed = useCountdown(countdownKey(flow), () =>
    dispatch(flowEvent({ type: 'start', now: Date.now() })),
  );

  const chooseKeyboard = useCallback(
    (correction: Correction) => {
      if (flowRef.current.status === 'Ready') dispatch(flowEvent({ type: 'check' }));
      dispatch(controllerReady(correction));
    },
    [dispatch],
  );

  return { elapsed, chooseKeyboard };
}
