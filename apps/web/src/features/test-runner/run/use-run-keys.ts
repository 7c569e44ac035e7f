import { useCallback, useEffect, useRef } from 'react';
import {
  advancesByItself,
  continueStarts,
  countdownKey,
  keyboardKey,
  takesKeys,
  timerCommandRequest,
  timerKeyRequest,
  type Correction,
  type TimerRequest,
  type TimerView,
} from '@visus/core';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { controllerReady, flowEvent, keyConsumed, keyPressed } from '@/features/test-runner/test-slice';
import { useCountdown } from './use-countdown';

/** The run's keys and timers, as the screens need them. */
export interface RunKeys {
  /** The self-advancing screen's countdown (core timerView), null on other screens. */
  countdown: TimerView | null;
  /** Pause or start the countdown again (the screen's button; the keyboard's P). */
  togglePause: () => void;
  /** More time (the screen's button; the keyboard's M). */
  moreTime: () => void;
  /** The keyboard path: the correction was answered on the display, which completes the check itself. */
  chooseKeyboard: (correction: Correction) => void;
  /** Any request of the countdown (core requestTimer): the help pauses it while it is open. */
  requestTimer: (request: TimerRequest) => void;
}

/**
 * The display's keys outside the panels: the keyboard (core keyboardKey for the current test, only while
 * core takesKeys: before the check and on the end screens Space and Enter belong to the page's buttons);
 * a 'continue' key moves on from the screens core continueStarts names, any other key outside a running
 * test is consumed without effect; and the screens core advancesByItself names go on after their
 * countdown (core self-advance-timer), which P (or the phone's Pause) pauses and M (or the phone's More
 * time) lengthens; with `autoAdvance` off they wait for CONTINUE.
 */
export function useRunKeys(autoAdvance = true): RunKeys {
  const dispatch = useAppDispatch();
  const flow = useAppSelector((state) => state.test.flow);
  const flowRef = useRef(flow);
  useEffect(() => {
    flowRef.current = flow;
  });

  const countdown = useCountdown(countdownKey(flow), autoAdvance, () =>
    dispatch(flowEvent({ type: 'start', now: Date.now() })),
  );
  const requestTimer = countdown.request;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const current = flowRef.current;
      if (!current.currentTest || !takesKeys(current)) return;
      // Typing in a form field (Presbyopia's inputs, a slider) is left alone.
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"], [role="slider"]')) return;
      // A dialog over the run (leaving the test?) keeps its own keys, as do the screen's help and settings buttons.
      if (target?.closest?.('[role="dialog"], [data-own-keys]')) return;
      // The countdown's own keys, on the screens that move on by themselves (WCAG 2.2.1).
      const timer = advancesByItself(current.status) ? timerKeyRequest(event.key) : null;
      if (timer) {
        event.preventDefault();
        requestTimer(timer);
        return;
      }
      const key = keyboardKey(current.currentTest, event.key);
      if (key === null) return;
      event.preventDefault(); // Space must not press a focused button nor scroll the page
      dispatch(keyPressed({ key, now: Date.now() }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, requestTimer]);

  // Keys outside a running test: 'continue' moves on, anything else is consumed without effect.
  useEffect(() => {
    const press = flow.keyPressed;
    if (!press) return;
    if (flow.status === 'InTest' && !flow.saveRequested) return; // the panel consumes it
    if (press.key === 'continue' && continueStarts(flow.status))
      dispatch(flowEvent({ type: 'start', now: Date.now() }));
    // The phone's Pause and More time, on the screens that move on by themselves.
    const timer = advancesByItself(flow.status) ? timerCommandRequest(press.key) : null;
    if (timer) requestTimer(timer);
    dispatch(keyConsumed());
  }, [dispatch, flow.keyPressed, flow.status, flow.saveRequested, requestTimer]);

  const chooseKeyboard = useCallback(
    (correction: Correction) => {
      if (flowRef.current.status === 'Ready') dispatch(flowEvent({ type: 'check' }));
      dispatch(controllerReady(correction));
    },
    [dispatch],
  );

  const togglePause = useCallback(() => requestTimer('toggle'), [requestTimer]);
  const moreTime = useCallback(() => requestTimer('more-time'), [requestTimer]);

  return { countdown: countdown.view, togglePause, moreTime, chooseKeyboard, requestTimer };
}
