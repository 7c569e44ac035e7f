import { useCallback, useEffect, useRef, useState } from 'react';
import {
  requestTimer,
  startTimer,
  timerView,
  type SelfAdvanceTimer,
  type TimerRequest,
  type TimerView,
} from '@visus/core';

const TICK_MS = 100;

/** A self-advancing screen's countdown as the screen shows it, and how the person changes it. */
export interface Countdown {
  /** null while no screen counts down. */
  view: TimerView | null;
  /** Pause, resume, toggle or more time (core requestTimer); nothing while no screen counts down. */
  request: (request: TimerRequest) => void;
}

/**
 * The countdown of a screen that moves on by itself (core self-advance-timer): a new one starts whenever
 * `runKey` changes to a new screen (null: none), running or, when the person turned moving on by itself
 * off, off. `onDone` is called once when a running countdown's time is up. Every decision (paused, more
 * time, due) is core's; this hook keeps the value and ticks the clock while it runs.
 */
export function useCountdown(runKey: string | null, autoAdvance: boolean, onDone: () => void): Countdown {
  // `run` tells apart two showings of a screen with the same key (one per effect run below).
  const [state, setState] = useState<{
    key: string;
    run: number;
    timer: SelfAdvanceTimer;
    now: number;
  } | null>(null);
  const runs = useRef(0);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  // Whether moving on by itself is on, read when a screen's countdown starts: changing the setting does
  // not change a countdown under way.
  const auto = useRef(autoAdvance);
  useEffect(() => {
    auto.current = autoAdvance;
  });

  // One clock per screen: its first tick (at once) starts the screen's countdown, later ticks move the
  // clock on while it runs (a paused or off countdown is left as it is: no render).
  useEffect(() => {
    if (runKey === null) return;
    const run = ++runs.current;
    const tick = () => {
      const now = Date.now();
      setState((previous) => {
        if (!previous || previous.run !== run)
          return { key: runKey, run, timer: startTimer(now, auto.current), now };
        return previous.timer.mode === 'running' ? { ...previous, now } : previous;
      });
    };
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [runKey]);

  const current = state && state.key === runKey ? state : null;

  const view = current ? timerView(current.timer, current.now) : null;
  const due = view?.due ?? false;
  const currentRun = current?.run ?? null;
  const firedFor = useRef<number | null>(null);
  useEffect(() => {
    if (!due || currentRun === null || firedFor.current === currentRun) return;
    firedFor.current = currentRun;
    done.current();
  }, [due, currentRun]);

  const request = useCallback(
    (what: TimerRequest) => {
      const now = Date.now();
      setState((previous) =>
        previous && previous.key === runKey && previous.run === runs.current
          ? { ...previous, timer: requestTimer(previous.timer, what, now), now }
          : previous,
      );
    },
    [runKey],
  );

  return { view, request };
}
