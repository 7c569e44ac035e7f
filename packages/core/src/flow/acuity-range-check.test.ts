import { describe, expect, it } from 'vitest';
import { cssPx } from '../optics/units';
import { viewingFrom } from '../optics/viewing';
import { acuityRangeCheck } from './acuity-range-check';

const viewing = (pixelsPerMm: number, distanceMm: number, devicePixelRatio = 1) =>
  viewingFrom({ pixelsPerMm, distanceMm }, devicePixelRatio, 2.2);
const H = cssPx(960);

describe('acuityRangeCheck: ask to move back when an acuity chart cannot reach 0.0 logMAR', () => {
  it('96 dpi at 0.6 m: Sloan, Landolt C and Tumbling E ask; the floor is 0.5, 0.0 needs 1.82 m', () => {
    for (const test of ['sloan', 'landoltC', 'tumblingE'] as const) {
      const check = acuityRangeCheck(test, viewing(3.78, 600), H);
      expect(check.ask).toBe(true);
      if (!check.ask) continue;
      expect(check.floor).toBe(0.5);
      expect(check.distanceNeededMm).toBeCloseTo(1818.9, 1);
    }
  });
  it('96 dpi at the default 3 m, and anywhere from 2 m to 4 m: no question', () => {
    for (const d of [2000, 2500, 3000, 3500, 4000])
      expect(acuityRangeCheck('sloan', viewing(3.78, d), H)).toEqual({ ask: false });
  });
  it('96 dpi at 1.5 m asks (floor 0.1); a 2 × laptop at 1.5 m does not (floor −0.2)', () => {
    expect(acuityRangeCheck('landoltC', viewing(3.78, 1500), H)).toMatchObject({ ask: true, floor: 0.1 });
    expect(acuityRangeCheck('landoltC', viewing(3.78, 1500, 2), H)).toEqual({ ask: false });
  });
  it('other tests never ask', () => {
    for (const test of ['duoChrome', 'astigAxis', 'diamond', 'presbyopia'] as const)
      expect(acuityRangeCheck(test, viewing(3.78, 600), H)).toEqual({ ask: false });
  });
  it('a window too small for any level is left to the chart to report', () => {
    expect(acuityRangeCheck('sloan', viewing(3.78, 600), cssPx(8))).toEqual({ ask: false });
  });
});
