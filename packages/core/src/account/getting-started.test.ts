import { describe, expect, it } from 'vitest';
import { gettingStarted, type SetupProgress } from './getting-started';

const fresh: SetupProgress = { screen: 'none', gamma: 1, history: false, results: 0 };
const todo = (progress: SetupProgress) =>
  gettingStarted(progress)
    .filter((s) => !s.done)
    .map((s) => s.step);

describe('gettingStarted', () => {
  it('lists every step, in order, for a new account', () => {
    expect(todo(fresh)).toEqual(['screen', 'colour', 'history', 'first-test']);
  });

  it('puts each step away once done', () => {
    expect(todo({ ...fresh, screen: 'holds' })).toEqual(['colour', 'history', 'first-test']);
    expect(todo({ ...fresh, screen: 'holds', gamma: 2.2 })).toEqual(['history', 'first-test']);
    expect(todo({ screen: 'holds', gamma: 2.2, history: true, results: 3 })).toEqual([]);
  });

  it('brings the screen step back when the calibration no longer holds on this screen', () => {
    expect(todo({ screen: 'does-not-hold', gamma: 2.2, history: true, results: 3 })).toEqual(['screen']);
  });

  it('reads gamma 1 as never calibrated (Calibrate Colour never yields exactly 1)', () => {
    expect(todo({ screen: 'holds', gamma: 1, history: true, results: 1 })).toEqual(['colour']);
    expect(todo({ screen: 'holds', gamma: 1.006, history: true, results: 1 })).toEqual([]);
  });
});
