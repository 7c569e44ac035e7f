import { requireFinite } from '../errors/core-input-error';
import { SELF_ADVANCE_MS } from './screen-rules';

/*
 * Time the person controls (WCAG 2.2.1 "Timing Adjustable", issue 25): the screens that move on by
 * themselves (core advancesByItself: Repeat, Continue, Complete, the part switches) count down
 * SELF_ADVANCE_MS, and the person can pause the countdown (and start it again), ask for more time, or
 * turn moving on by itself off in their settings, when the screen waits for CONTINUE.
 *
 * The timer is a plain value; every change is a pure function of it and the time `now` (ms, any fixed
 * origin, the same clock throughout). The screen asks `timerView` at each tick whether the time is up.
 */

/** How much one 'more time' adds to the countdown, ms (SC 2.2.1 asks for at least ten times the default when
 * extending repeatedly; each press adds this, so ten presses give 3 min 30 s). */
export const MORE_TIME_MS = 20_000;
/** The longest a countdown may run in all (about 10 minutes): more presses beyond it add nothing. */
export const MAX_COUNTDOWN_MS = 600_000;

/**
 * A self-advancing screen's countdown. `running`: counting since `since`; `paused`: stopped, waiting for
 * a resume or CONTINUE; `off`: the person turned moving on by itself off, so only CONTINUE goes on.
 */
export interface SelfAdvanceTimer {
  readonly mode: 'running' | 'paused' | 'off';
  /** The countdown's whole length so far: SELF_ADVANCE_MS plus every 'more time'. */
  readonly durationMs: number;
  /** Time counted before `since` (the sum of the running stretches that ended with a pause). */
  readonly countedMs: number;
  /** When the current running stretch began; null while paused or off. */
  readonly since: number | null;
}

/** What the person asks of the countdown: pause it, start it again, pause-or-resume, or more time. */
export type TimerRequest = 'pause' | 'resume' | 'toggle' | 'more-time';

/** A new screen's countdown: running from `now`, or off when the person turned moving on by itself off. */
export function startTimer(now: number, autoAdvance: boolean): SelfAdvanceTimer {
  requireFinite(now, 'now (ms)');
  return autoAdvance
    ? { mode: 'running', durationMs: SELF_ADVANCE_MS, countedMs: 0, since: now }
    : { mode: 'off', durationMs: SELF_ADVANCE_MS, countedMs: 0, since: null };
}

/** Time counted so far, ms: the closed stretches plus the running one (never negative: a clock going
 * backwards counts as no time). */
function counted(timer: SelfAdvanceTimer, now: number): number {
  return (
    timer.countedMs + (timer.mode === 'running' && timer.since !== null ? Math.max(0, now - timer.since) : 0)
  );
}

/**
 * The countdown after a request at `now`:
 * - pause: a running countdown stops, keeping the time counted (paused stays paused: the phone's Pause may
 *   be pressed twice);
 * - resume: a paused countdown runs again from where it stopped;
 * - toggle: pause when running, resume when paused (the keyboard's P);
 * - more time: adds MORE_TIME_MS to the length, up to MAX_COUNTDOWN_MS in all, without pausing or
 *   resuming.
 * An `off` countdown stays off whatever is asked: only CONTINUE goes on from it.
 */
export function requestTimer(timer: SelfAdvanceTimer, request: TimerRequest, now: number): SelfAdvanceTimer {
  requireFinite(now, 'now (ms)');
  if (timer.mode === 'off') return timer;
  const effective = request === 'toggle' ? (timer.mode === 'running' ? 'pause' : 'resume') : request;
  switch (effective) {
    case 'pause':
      return timer.mode === 'running'
        ? { ...timer, mode: 'paused', countedMs: counted(timer, now), since: null }
        : timer;
    case 'resume':
      return timer.mode === 'paused' ? { ...timer, mode: 'running', since: now } : timer;
    case 'more-time':
      return { ...timer, durationMs: Math.min(MAX_COUNTDOWN_MS, timer.durationMs + MORE_TIME_MS) };
  }
}

/** What the screen shows and does at `now`. */
export interface TimerView {
  readonly mode: SelfAdvanceTimer['mode'];
  /** Time left, ms (0 … durationMs); the whole length while off. */
  readonly remainingMs: number;
  /** Whole seconds left as the screen says them, rounded up (9.2 s left reads "10 s"). */
  readonly remainingSeconds: number;
  /** Share of the countdown gone by, 0 … 1, for its bar. */
  readonly elapsed: number;
  /** Whether the screen moves on now: only a running countdown whose time is up. */
  readonly due: boolean;
}

/**
 * The countdown at `now`: remaining = durationMs − counted, where counted = countedMs + (now − since) while
 * running; elapsed = counted / durationMs; due when running and remaining = 0.
 */
export function timerView(timer: SelfAdvanceTimer, now: number): TimerView {
  requireFinite(now, 'now (ms)');
  const gone = Math.min(timer.durationMs, counted(timer, now));
  const remainingMs = timer.durationMs - gone;
  return {
    mode: timer.mode,
    remainingMs,
    remainingSeconds: Math.ceil(remainingMs / 1000),
    elapsed: timer.durationMs > 0 ? gone / timer.durationMs : 1,
    due: timer.mode === 'running' && remainingMs <= 0,
  };
}

/**
 * The display's keyboard on a screen that moves on by itself: P pauses or starts the countdown again, M
 * gives more time (KEYBOARD_MAP "Between eyes and tests"); any other key is not the timer's.
 */
export function timerKeyRequest(eventKey: string): TimerRequest | null {
  const lower = eventKey.toLowerCase();
  if (lower === 'p') return 'toggle';
  if (lower === 'm') return 'more-time';
  return null;
}

/** A phone's command (COMMAND_KEYS pause, more-time) as a timer request, or null for any other key. */
export function timerCommandRequest(key: string): TimerRequest | null {
  if (key === 'pause') return 'pause';
  if (key === 'more-time') return 'more-time';
  return null;
}
