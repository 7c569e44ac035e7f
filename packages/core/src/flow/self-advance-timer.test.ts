import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { COMMAND_KEYS, KEYBOARD_MAP, isKeyForTest } from './controller-keys';
import { SELF_ADVANCE_MS } from './screen-rules';
import {
  MAX_COUNTDOWN_MS,
  MORE_TIME_MS,
  requestTimer,
  startTimer,
  timerCommandRequest,
  timerKeyRequest,
  timerView,
} from './self-advance-timer';

const T0 = 1_000_000;

describe('self-advance timer (WCAG 2.2.1, issue 25)', () => {
  it('runs SELF_ADVANCE_MS and is due only when the time is up', () => {
    const timer = startTimer(T0, true);
    expect(timerView(timer, T0)).toEqual({
      mode: 'running',
      remainingMs: 10_000,
      remainingSeconds: 10,
      elapsed: 0,
      due: false,
    });
    // 3.2 s gone: 6.8 s left reads "7 s"; 32 % of the bar.
    expect(timerView(timer, T0 + 3_200)).toMatchObject({
      remainingMs: 6_800,
      remainingSeconds: 7,
      due: false,
    });
    expect(timerView(timer, T0 + 3_200).elapsed).toBeCloseTo(0.32, 10);
    expect(timerView(timer, T0 + SELF_ADVANCE_MS - 1).due).toBe(false);
    expect(timerView(timer, T0 + SELF_ADVANCE_MS)).toMatchObject({ remainingMs: 0, elapsed: 1, due: true });
    // Long after: still 0 left, elapsed capped at 1.
    expect(timerView(timer, T0 + 60_000)).toMatchObject({ remainingMs: 0, elapsed: 1, due: true });
  });

  it('a paused countdown keeps its time and is never due; resumed, it goes on where it stopped', () => {
    const paused = requestTimer(startTimer(T0, true), 'pause', T0 + 4_000);
    expect(paused.mode).toBe('paused');
    // An hour later: still 6 s left, not due.
    expect(timerView(paused, T0 + 3_600_000)).toMatchObject({
      mode: 'paused',
      remainingMs: 6_000,
      due: false,
    });
    const resumed = requestTimer(paused, 'resume', T0 + 3_600_000);
    expect(timerView(resumed, T0 + 3_600_000 + 5_999).due).toBe(false);
    expect(timerView(resumed, T0 + 3_600_000 + 6_000).due).toBe(true);
  });

  it('pause twice stays paused (the phone may press it twice); resume of a running one changes nothing', () => {
    const paused = requestTimer(startTimer(T0, true), 'pause', T0 + 2_000);
    expect(requestTimer(paused, 'pause', T0 + 9_000)).toBe(paused);
    const running = startTimer(T0, true);
    expect(requestTimer(running, 'resume', T0 + 1_000)).toBe(running);
  });

  it('toggle pauses a running countdown and resumes a paused one (the keyboard P)', () => {
    const once = requestTimer(startTimer(T0, true), 'toggle', T0 + 1_000);
    expect(once.mode).toBe('paused');
    const twice = requestTimer(once, 'toggle', T0 + 5_000);
    expect(twice.mode).toBe('running');
    // 1 s counted before the pause, 2 s after the resume: 7 s left.
    expect(timerView(twice, T0 + 7_000).remainingMs).toBe(7_000);
  });

  it('more time adds MORE_TIME_MS without pausing, up to MAX_COUNTDOWN_MS in all', () => {
    const more = requestTimer(startTimer(T0, true), 'more-time', T0 + 9_000);
    expect(more.mode).toBe('running');
    // 10 + 20 s long, 9 s gone: 21 s left.
    expect(timerView(more, T0 + 9_000)).toMatchObject({ remainingMs: 21_000, remainingSeconds: 21 });
    expect(timerView(more, T0 + 10_000 + MORE_TIME_MS).due).toBe(true);
    let long = startTimer(T0, true);
    for (let i = 0; i < 100; i++) long = requestTimer(long, 'more-time', T0);
    expect(long.durationMs).toBe(MAX_COUNTDOWN_MS);
    // SC 2.2.1: extending can reach at least ten times the default.
    expect(MAX_COUNTDOWN_MS).toBeGreaterThanOrEqual(10 * SELF_ADVANCE_MS);
  });

  it('more time while paused stays paused and lengthens what is left', () => {
    const paused = requestTimer(startTimer(T0, true), 'pause', T0 + 8_000);
    const more = requestTimer(paused, 'more-time', T0 + 9_000);
    expect(timerView(more, T0 + 20_000)).toMatchObject({ mode: 'paused', remainingMs: 22_000, due: false });
  });

  it('off (the setting turned off) is never due, and no request turns it on', () => {
    let off = startTimer(T0, false);
    for (const request of ['resume', 'toggle', 'more-time', 'pause'] as const)
      off = requestTimer(off, request, T0 + 1_000);
    expect(off.mode).toBe('off');
    expect(timerView(off, T0 + 86_400_000)).toMatchObject({ mode: 'off', due: false, elapsed: 0 });
  });

  it('a clock that goes backwards counts as no time', () => {
    expect(timerView(startTimer(T0, true), T0 - 5_000)).toMatchObject({ remainingMs: 10_000, due: false });
  });

  it('refuses a time that is not a finite number', () => {
    expect(() => startTimer(Number.NaN, true)).toThrow(CoreInputError);
    expect(() => timerView(startTimer(T0, true), Infinity)).toThrow(CoreInputError);
    expect(() => requestTimer(startTimer(T0, true), 'pause', Number.NaN)).toThrow(CoreInputError);
  });

  it('keys: P toggles, M gives more time on the keyboard; the phone sends pause and more-time', () => {
    expect(timerKeyRequest('p')).toBe('toggle');
    expect(timerKeyRequest('P')).toBe('toggle');
    expect(timerKeyRequest('m')).toBe('more-time');
    expect(timerKeyRequest(' ')).toBeNull();
    expect(timerKeyRequest('x')).toBeNull();
    expect(timerCommandRequest(COMMAND_KEYS.pause)).toBe('pause');
    expect(timerCommandRequest(COMMAND_KEYS.moreTime)).toBe('more-time');
    expect(timerCommandRequest('continue')).toBeNull();
    // The phone's commands pass the display's key check for every test.
    expect(isKeyForTest('sloan', 'pause')).toBe(true);
    expect(isKeyForTest('presbyopia', 'more-time')).toBe(true);
    // The key help says it.
    expect(KEYBOARD_MAP.some((row) => /P pauses/.test(row.keys) && /M gives/.test(row.keys))).toBe(true);
  });
});
