import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { viewingFrom } from '../optics/viewing';
import { formatAngle, spokeAverageText, spokeSpreadText } from './spoke-angle-text';
import {
  spokeSizeDegrees,
  spokeUnitMm,
  spokeVisualAngle,
  visualAngleDegrees,
  withVisualAngle,
} from './spoke-angle';
import { submitSpokeCircle, INITIAL_SPOKE_CIRCLE } from './spoke-circle';

const RAD = Math.PI / 180;

describe('spoke sizes as visual angles (issue 17)', () => {
  it('visual angle = 2·atan(size / (2·distance)), in degrees', () => {
    expect(visualAngleDegrees(10, 600)).toBeCloseTo((2 * Math.atan(10 / 1200)) / RAD, 12);
    expect(visualAngleDegrees(10, 600)).toBeCloseTo(0.9549, 4);
    // 1° at 57.3 mm-per-degree distance: a size of 2·d·tan(0.5°) subtends exactly 1°.
    expect(visualAngleDegrees(2 * 600 * Math.tan(0.5 * RAD), 600)).toBeCloseTo(1, 12);
    expect(visualAngleDegrees(0, 600)).toBe(0);
    expect(() => visualAngleDegrees(-1, 600)).toThrow(CoreInputError);
    expect(() => visualAngleDegrees(1, 0)).toThrow(CoreInputError);
  });

  it('one canvas unit is (box CSS px / 400) / px per mm millimetres', () => {
    expect(spokeUnitMm(400, 4)).toBeCloseTo(0.25, 12);
    expect(spokeUnitMm(250, 3.78)).toBeCloseTo(250 / 400 / 3.78, 12);
    expect(() => spokeUnitMm(0, 3.78)).toThrow(CoreInputError);
  });

  it('converts a size in canvas units with the box drawn at that moment, to 3 decimals', () => {
    const viewing = viewingFrom({ pixelsPerMm: 4, distanceMm: 600 }, 1, 2.2);
    // 200 units in a 400 px box at 4 px/mm = 50 mm at 600 mm → 2·atan(50/1200) = 4.7716°.
    expect(spokeSizeDegrees(200, 400, viewing)).toBe(4.772);
    // The same 200 units in a 250 px box (a narrow window) are 31.25 mm: 2.983°.
    expect(spokeSizeDegrees(200, 250, viewing)).toBe(2.983);
    expect(() => spokeSizeDegrees(401, 400, viewing)).toThrow(CoreInputError);
  });

  it('averages and spreads the per-round angles (sample SD, 3 decimals) and keeps the distance', () => {
    expect(spokeVisualAngle([2, 2.5, 3], 600)).toEqual({
      distanceMm: 600,
      sizes: [2, 2.5, 3],
      average: 2.5,
      diff: 0.5,
    });
    expect(() => spokeVisualAngle([], 600)).toThrow(CoreInputError);
  });

  it('adds the visual angle to a finished result only with one angle per round', () => {
    let state = INITIAL_SPOKE_CIRCLE;
    let result = null;
    for (const size of [110, 120, 130, 118, 122, 122]) ({ state, result } = submitSpokeCircle(state, size));
    const viewing = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 2.2);
    const angles = result!.acuityResults.map((u) => spokeSizeDegrees(u, 400, viewing));
    const withAngle = withVisualAngle(result!, angles, 600);
    expect(withAngle.acuityResults).toEqual([110, 120, 130, 118, 122, 122]);
    expect(withAngle.visualAngle.sizes).toEqual(angles);
    expect(withAngle.visualAngle.distanceMm).toBe(600);
    expect(() => withVisualAngle(result!, angles.slice(1), 600)).toThrow(/6 rounds/);
  });

  it('reads plainly: degrees at the distance, or canvas units with "visual angle: not recorded"', () => {
    const visualAngle = { distanceMm: 600, sizes: [2.4], average: 2.4, diff: 0.3 };
    expect(spokeAverageText({ average: 120, diff: 4, visualAngle })).toBe('2.4° (visual angle at 0.60 m)');
    expect(spokeSpreadText({ average: 120, diff: 4, visualAngle })).toBe('0.3°');
    expect(spokeAverageText({ average: 120.333, diff: 4.5 })).toBe(
      '120.3 canvas units (visual angle: not recorded)',
    );
    expect(spokeSpreadText({ average: 120.333, diff: 4.5 })).toBe('4.5 canvas units');
    expect(formatAngle(2.456)).toBe('2.46°');
  });
});
