import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_LIMITS } from '../calibration/calibration';
import { CoreInputError } from '../errors/core-input-error';
import { smallestLogMarOnScreen } from './drawable-range';
import {
  detailArcmin,
  distanceForHeightMm,
  logMarForHeightMm,
  optotypeHeightMm,
  optotypeSize,
  strokeMm,
} from './optotype-size';
import { logMar, mm } from './units';
import { mmToCssPx, mmToDevicePx, viewingFrom } from './viewing';

const L = logMar;
/** A viewing with gamma 1: sizes do not depend on gamma. */
const viewing = (pixelsPerMm: number, distanceMm: number, devicePixelRatio: number) =>
  viewingFrom({ pixelsPerMm, distanceMm }, devicePixelRatio, 1);

describe('optotype geometry (STIMULI.md "Sizes", DESIGN.md §7)', () => {
  it.each([
    [4000, 5.82],
    [6000, 8.73],
    [3000, 4.36],
  ])('h = d × tan(5′ × 10^L): logMAR 0 at %i mm is %f mm', (d, h) => {
    expect(optotypeHeightMm(L(0), mm(d))).toBeCloseTo(h, 2);
  });
  it('grows tenfold per logMAR unit (small-angle regime)', () => {
    expect(optotypeHeightMm(L(1), mm(4000)) / optotypeHeightMm(L(0), mm(4000))).toBeCloseTo(10, 2);
  });
  it('stroke and gap are height / 5 (ISO 8596)', () => expect(strokeMm(mm(5.82))).toBeCloseTo(1.164, 6));
  it('detail is 10^L arcmin (1′ at logMAR 0)', () => {
    expect(detailArcmin(L(0))).toBe(1);
    expect(detailArcmin(L(1))).toBeCloseTo(10, 10);
  });
  it('logMarForHeightMm inverts optotypeHeightMm', () => {
    for (const l of [-0.3, 0, 0.55, 1.8]) {
      expect(logMarForHeightMm(optotypeHeightMm(L(l), mm(600)), mm(600))).toBeCloseTo(l, 9);
    }
  });
  it('distanceForHeightMm inverts it for d: 5.82 mm shows logMAR 0 at 4 m', () => {
    // d = h / tan(5′) = 5.8178 / 0.0014544 = 4000 mm.
    expect(distanceForHeightMm(L(0), optotypeHeightMm(L(0), mm(4000)))).toBeCloseTo(4000, 6);
  });
  it('round trip for any logMAR and distance: L → h → L', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 2.5, noNaN: true }),
        fc.double({ min: 100, max: 20_000, noNaN: true }),
        (l, d) => {
          expect(logMarForHeightMm(optotypeHeightMm(L(l), mm(d)), mm(d))).toBeCloseTo(l, 9);
        },
      ),
    );
  });
});

describe('optotypeSize: the formula’s size and the drawn size', () => {
  it('gives height and stroke in mm, CSS px and device px', () => {
    // 4 px/mm, dpr 2 at 4 m: h = 5.818 mm = 23.27 CSS px; stroke 1.164 mm = 4.654 CSS px = 9.308 device px.
    const v = viewing(4, 4000, 2);
    const s = optotypeSize(L(0), v);
    expect(s.heightMm).toBeCloseTo(5.818, 3);
    expect(mmToCssPx(s.heightMm, v)).toBeCloseTo(23.27, 2);
    expect(mmToCssPx(s.strokeMm, v)).toBeCloseTo(4.654, 3);
    expect(mmToDevicePx(s.strokeMm, v)).toBeCloseTo(9.308, 3);
    expect(s.fits).toBe(true);
    expect(optotypeSize(L(-0.3), viewing(0.1, 6000, 1)).fits).toBe(false);
  });

  it('follows h = d·tan(5′·10^L): logMAR 0 at 4 m is 5.82 mm', () => {
    // 10 px/mm at devicePixelRatio 1: 5.818 mm → 58.18 device px → 58 px.
    const s = optotypeSize(L(0), viewing(10, 4000, 1));
    expect(s.exactHeightDevicePx).toBeCloseTo(58.18, 2);
    expect(s.heightDevicePx).toBe(58);
    expect(s.heightCssPx).toBe(58);
    expect(s.strokeDevicePx).toBeCloseTo(11.6, 9);
    // 58 px / 10 = 5.8 mm at 4 m is logMAR log10(atan(5.8/4000) in ′ / 5) ≈ −0.0014.
    expect(s.logMarShown).toBeCloseTo(Math.log10((Math.atan(5.8 / 4000) * 10800) / Math.PI / 5), 9);
    expect(s.fits).toBe(true);
  });

  it('snaps to whole device pixels at high devicePixelRatio, within half a device pixel', () => {
    for (const logMAR of [-0.3, 0, 0.3, 0.7, 1]) {
      for (const dpr of [1, 1.25, 2, 3]) {
        const s = optotypeSize(L(logMAR), viewing(3.78, 600, dpr));
        expect(Number.isInteger(s.heightDevicePx)).toBe(true);
        expect(Math.abs(s.heightDevicePx - s.exactHeightDevicePx)).toBeLessThanOrEqual(0.5);
        expect(s.heightCssPx * dpr).toBeCloseTo(s.heightDevicePx, 9);
        // Half a pixel in ≥ 10 px is ≤ 5 %, i.e. ≤ 0.021 logMAR.
        if (s.heightDevicePx >= 10) expect(Math.abs(s.logMarShown - logMAR)).toBeLessThan(0.022);
      }
    }
    // 1.0 logMAR at 600 mm, 3.78 px/mm, dpr 2: 600·tan(50′)·3.78·2 = 65.98 → 66 device px = 33 CSS px.
    const big = optotypeSize(L(1), viewing(3.78, 600, 2));
    expect(big.heightDevicePx).toBe(66);
    expect(big.heightCssPx).toBe(33);
  });

  it('says when a stroke would be under one device pixel (the smallest measurable level)', () => {
    // 3.78 px/mm, dpr 1 at 600 mm: logMAR 0 is 0.873 mm = 3.3 px → 3 px, stroke 0.6 px.
    const v = viewing(3.78, 600, 1);
    const tiny = optotypeSize(L(0), v);
    expect(tiny.heightDevicePx).toBe(3);
    expect(tiny.fits).toBe(false);
    expect(smallestLogMarOnScreen(v)).toBeGreaterThan(0);
    const ok = optotypeSize(L(0.3), v);
    expect(ok.heightDevicePx).toBe(7);
    expect(ok.fits).toBe(true);
    expect(ok.logMarShown).toBeGreaterThanOrEqual(smallestLogMarOnScreen(v));
    // Never below one device pixel.
    const least = optotypeSize(L(-1), viewing(0.5, 300, 1));
    expect(least.heightDevicePx).toBe(1);
  });

  it('rejects bad input with a CoreInputError', () => {
    const v = viewing(3.78, 600, 1);
    expect(() => optotypeSize(Number.NaN as never, v)).toThrow(CoreInputError);
    expect(() => optotypeSize(3 as never, v)).toThrow(CoreInputError);
    expect(() => optotypeSize(L(0), viewing(0, 600, 1))).toThrow(CoreInputError);
    expect(() => optotypeSize(L(0), viewing(3.78, -1, 1))).toThrow(CoreInputError);
    expect(() => optotypeSize(L(0), viewing(3.78, 600, Number.POSITIVE_INFINITY))).toThrow(CoreInputError);
  });

  /*
   * Round trip, for any calibration Setup accepts and any logMAR of the chart (−0.3 … 1.8): the size drawn
   * is the size of the maths within the snapping rule. Written out independently of the module:
   *   h (mm)         = d × tan(5′ × 10^L)                              (STIMULI.md "Sizes")
   *   exact (dev px) = h × pxPerMm × dpr
   *   drawn (dev px) = max(1, round(exact))       so |drawn − exact| ≤ 0.5 whenever exact ≥ 0.5
   *   CSS px         = drawn / dpr
   *   shown logMAR   = the L whose h is drawn / (pxPerMm × dpr) mm: h(shown) × pxPerMm × dpr = drawn
   *   and once exact ≥ 10 device px (MIN_FAITHFUL_HEIGHT_DEVICE_PX) the drawn size is within 5 % (ISO 10938),
   *   so |shown − L| ≤ log10(exact / (exact − 0.5)) ≤ log10(1 / 0.95) = 0.0223.
   */
  it('draws the size of the maths within the snapping rule (property)', () => {
    const { pxPerMm, distanceMm, devicePixelRatio } = CALIBRATION_LIMITS;
    fc.assert(
      fc.property(
        fc.double({ min: -0.3, max: 1.8, noNaN: true }),
        fc.double({ min: pxPerMm.min, max: pxPerMm.max, noNaN: true }),
        fc.double({ min: distanceMm.min, max: distanceMm.max, noNaN: true }),
        fc.double({ min: devicePixelRatio.min, max: devicePixelRatio.max, noNaN: true }),
        (l, p, d, dpr) => {
          const s = optotypeSize(L(l), viewing(p, d, dpr));
          const hMm = d * Math.tan(((5 / 60) * 10 ** l * Math.PI) / 180);
          const exact = hMm * p * dpr;
          expect(s.heightMm).toBeCloseTo(hMm, 9);
          expect(s.exactHeightDevicePx).toBeCloseTo(exact, 6);
          expect(s.heightDevicePx).toBe(Math.max(1, Math.round(s.exactHeightDevicePx)));
          expect(Number.isInteger(s.heightDevicePx)).toBe(true);
          if (exact >= 0.5) expect(Math.abs(s.heightDevicePx - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          expect(s.heightCssPx * dpr).toBeCloseTo(s.heightDevicePx, 6);
          expect(s.strokeDevicePx * 5).toBeCloseTo(s.heightDevicePx, 9);
          // The logMAR reported is the one drawn: its height in the maths is the drawn height.
          const shownDevicePx = optotypeHeightMm(s.logMarShown, mm(d)) * p * dpr;
          expect(Math.abs(shownDevicePx - s.heightDevicePx)).toBeLessThanOrEqual(1e-6 * s.heightDevicePx);
          if (exact >= 10) {
            expect(Math.abs(s.heightDevicePx - exact) / exact).toBeLessThanOrEqual(0.05);
            expect(Math.abs(s.logMarShown - l)).toBeLessThanOrEqual(Math.log10(exact / (exact - 0.5)) + 1e-9);
          }
          expect(s.fits).toBe(s.heightDevicePx / 5 >= 1 - 1e-9);
        },
      ),
      { numRuns: 500 },
    );
  });
});
