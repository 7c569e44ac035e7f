import { describe, expect, it } from 'vitest';
import { distanceForHeightMm } from '../optics/optotype-size';
import { cssPx, logMar, mm } from '../optics/units';
import { viewingFrom } from '../optics/viewing';
import { acuityRangeCheck, closerRetest } from './acuity-range-check';

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

describe('closerRetest: half the distance extends a "worse than" bound by 0.3 logMAR', () => {
  it('1.0 or worse at 3 m → 1.5 m, up to 1.3', () => {
    expect(closerRetest(1, 3000)).toEqual({ distanceMm: 1500, ceiling: 1.3 });
  });
  it('the maths: the height that held L at d holds L + 0.301 at d / 2 (small angles)', () => {
    for (const l of [0.5, 1, 1.4]) {
      const h = 300; // mm of screen
      const d = distanceForHeightMm(logMar(l), mm(h));
      const dHalf = distanceForHeightMm(logMar(l + Math.log10(2)), mm(h));
      expect(dHalf / d).toBeCloseTo(0.5, 2);
    }
  });
  it('stops at the scale’s end and at Setup’s 250 mm', () => {
    expect(closerRetest(1.8, 3000)).toBeNull(); // the scale’s own limit: no distance helps
    expect(closerRetest(1.6, 3000)).toEqual({ distanceMm: 1500, ceiling: 1.8 });
    expect(closerRetest(1, 400)).toEqual({ distanceMm: 250, ceiling: 1.2 }); // log10(400/250) = 0.2
    expect(closerRetest(1, 250)).toBeNull();
  });
  it('refuses nonsense', () => {
    expect(() => closerRetest(Number.NaN, 3000)).toThrow();
    expect(() => closerRetest(1, 0)).toThrow();
  });
});
