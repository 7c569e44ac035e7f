import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { spokeBackgroundIndex } from './spoke-background';
import { INITIAL_SPOKE_CIRCLE, submitSpokeCircle, type SpokeCircleState } from './spoke-circle';
import {
  controlSpokeEllipse,
  INITIAL_SPOKE_ELLIPSE,
  submitSpokeEllipse,
  type SpokeEllipseState,
} from './spoke-ellipse';

describe('Spoke Circle (SPEC.md §4 "Spoke Circle", §9)', () => {
  it('records each round, resets the size to 200, and averages the 6 results', () => {
    let s: SpokeCircleState = { ...INITIAL_SPOKE_CIRCLE, size: 150 };
    const sizes = [150, 160, 170, 180, 190, 200];
    let last = null;
    for (const size of sizes) {
      const out = submitSpokeCircle(s, size);
      expect(out.state.size).toBe(200);
      s = out.state;
      last = out.result;
    }
    expect(last).toEqual({ diff: 18.708, average: 175, acuityResults: sizes });
  });
  it('"Spoke Circle size is an integer" (SPEC.md §5)', () => {
    expect(() => submitSpokeCircle(INITIAL_SPOKE_CIRCLE, 150.5)).toThrow(CoreInputError);
    expect(() => submitSpokeCircle(INITIAL_SPOKE_CIRCLE, Number.NaN)).toThrow(CoreInputError);
  });
  it('background by round: under 3, over 4, otherwise the middle one', () => {
    expect([1, 2, 3, 4, 5, 6].map(spokeBackgroundIndex)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(() => spokeBackgroundIndex(0)).toThrow(CoreInputError);
  });
});

describe('Spoke Ellipse (SPEC.md §4 "Spoke Ellipse", §5, §9)', () => {
  it('starts at width ≈ 66.7 and rotation 90', () => {
    expect(INITIAL_SPOKE_ELLIPSE.width).toBeCloseTo(66.7, 1);
    expect(INITIAL_SPOKE_ELLIPSE.rotation).toBe(90);
  });
  it('width changes by 10, clamped 35 to 200', () => {
    let s: SpokeEllipseState = INITIAL_SPOKE_ELLIPSE;
    for (let i = 0; i < 5; i++) s = controlSpokeEllipse(s, 'decrease');
    expect(s.width).toBe(35);
    for (let i = 0; i < 30; i++) s = controlSpokeEllipse(s, 'increase');
    expect(s.width).toBe(200);
  });
  it('rotation in 10° steps wrapping 190 → 10 and −10 → 170', () => {
    expect(controlSpokeEllipse({ ...INITIAL_SPOKE_ELLIPSE, rotation: 180 }, 'clockwise').rotation).toBe(10);
    expect(controlSpokeEllipse({ ...INITIAL_SPOKE_ELLIPSE, rotation: 0 }, 'counter-clockwise').rotation).toBe(
      170,
    );
    expect(controlSpokeEllipse(INITIAL_SPOKE_ELLIPSE, 'clockwise').rotation).toBe(100);
  });
  it('submit resets width and rotation; after 6 rounds averages to 3 decimals', () => {
    let s: SpokeEllipseState = INITIAL_SPOKE_ELLIPSE;
    let result = null;
    for (let i = 0; i < 6; i++) {
      s = controlSpokeEllipse(s, i % 2 ? 'clockwise' : 'increase');
      const out = submitSpokeEllipse(s);
      expect(out.state).toMatchObject({ width: 200 / 3, rotation: 90 });
      s = out.state;
      result = out.result;
    }
    expect(result).toMatchObject({ averageWidth: 71.667, averageRotation: 95, diffRotation: 5.477 });
    expect(() => submitSpokeEllipse(s)).toThrow(CoreInputError);
    expect(() => controlSpokeEllipse(s, 'up' as 'increase')).toThrow(CoreInputError);
  });
});
