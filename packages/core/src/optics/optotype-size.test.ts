import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_LIMITS } from '../calibration/calibration';
import { CoreInputError } from '../errors/core-input-error';
import {
  detailArcmin,
  distanceForHeightMm,
  crispStrokesExact,
  drawsWithCrispEdges,
  logMarForHeightMm,
  MIN_FAITHFUL_HEIGHT_DEVICE_PX,
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

  it('says when the formula height is under the 10 device px the tests show (the range rule)', () => {
    // 3.78 px/mm, dpr 1 at 600 mm: logMAR 0 is 0.873 mm = 3.3 px → 3 px, stroke 0.6 px.
    const v = viewing(3.78, 600, 1);
    const tiny = optotypeSize(L(0), v);
    expect(tiny.heightDevicePx).toBe(3);
    expect(tiny.fits).toBe(false);
    // 0.3 is 6.6 px: a stroke over one pixel, still under the 10 px minimum; 0.5 is 10.4 px.
    const under = optotypeSize(L(0.3), v);
    expect(under.heightDevicePx).toBe(7);
    expect(under.fits).toBe(false);
    expect(optotypeSize(L(0.5), v).fits).toBe(true);
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
          expect(s.fits).toBe(exact >= MIN_FAITHFUL_HEIGHT_DEVICE_PX - 1e-6);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/**
 * What `shape-rendering: crispEdges` draws: each edge of an axis-aligned shape rounded to the nearest device
 * pixel. The E's 5 × 5 grid has edges at offset + k·h/5 (k = 0 … 5) across its bars (bar, gap, bar, gap,
 * bar); returns the widths the screen shows, in device px.
 */
function crispWidths(heightDevicePx: number, offset: number): number[] {
  const edges = [0, 1, 2, 3, 4, 5].map((k) => Math.round(offset + (k * heightDevicePx) / 5));
  return edges.slice(1).map((e, i) => e - edges[i]!);
}

describe('Tumbling E is drawn with exact strokes (crisp edges, height a multiple of 5 device px)', () => {
  it('only Tumbling E is crisp-edged; without an optotype the anti-aliased rule applies', () => {
    expect(drawsWithCrispEdges('tumbling-e')).toBe(true);
    expect(drawsWithCrispEdges('sloan')).toBe(false);
    expect(drawsWithCrispEdges('landolt-c')).toBe(false);
    expect(drawsWithCrispEdges(undefined)).toBe(false);
    const v = viewing(3.78, 3000, 1);
    expect(optotypeSize(L(0), v)).toEqual(optotypeSize(L(0), v, 'sloan'));
  });

  it('the old rule (height rounded to 1 px) gave E bars and gaps 23–36 % off; the new one gives 0', () => {
    // 13 px: edges 0, 2.6, 5.2, 7.8, 10.4, 13 → 0, 3, 5, 8, 10, 13: widths 3 2 3 2 3 for a 2.6 px stroke.
    expect(crispWidths(13, 0)).toEqual([3, 2, 3, 2, 3]);
    expect(Math.max(...crispWidths(13, 0).map((w) => Math.abs(w - 2.6) / 2.6))).toBeCloseTo(0.23, 2);
    // 11 px: stroke 2.2, a 3 px bar is 36 % too wide.
    expect(Math.max(...crispWidths(11, 0).map((w) => Math.abs(w - 2.2) / 2.2))).toBeCloseTo(0.36, 2);
    // 3.78 px/mm at 3 m: logMAR 0 is 16.49 px; the E is drawn 15 px with 3 px bars and gaps.
    const e = optotypeSize(L(0), viewing(3.78, 3000, 1), 'tumbling-e');
    expect(e.heightDevicePx).toBe(15);
    expect(e.strokeDevicePx).toBe(3);
    expect(crispWidths(e.heightDevicePx, 0.5)).toEqual([3, 3, 3, 3, 3]);
    expect(e.logMarShown).toBeCloseTo(Math.log10(15 / 16.4934), 3); // −0.041, reported, not hidden
  });

  it('stroke error 0 at every level, screen, distance, dpr and sub-pixel position (property)', () => {
    const { pxPerMm, distanceMm, devicePixelRatio } = CALIBRATION_LIMITS;
    fc.assert(
      fc.property(
        fc.constantFrom(...[-0.2, -0.1, 0, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.3, 1.8]),
        fc.double({ min: pxPerMm.min, max: pxPerMm.max, noNaN: true }),
        fc.double({ min: distanceMm.min, max: distanceMm.max, noNaN: true }),
        fc.double({ min: devicePixelRatio.min, max: devicePixelRatio.max, noNaN: true }),
        fc.double({ min: 0, max: 0.999, noNaN: true }),
        (l, p, d, dpr, offset) => {
          const v = viewing(p, d, dpr);
          const e = optotypeSize(L(l), v, 'tumbling-e');
          // The height is a multiple of 5 device px nearest the formula's (≥ 5), so the stroke is whole.
          expect(e.heightDevicePx % 5).toBe(0);
          expect(e.heightDevicePx).toBe(5 * Math.max(1, Math.round(e.exactHeightDevicePx / 5)));
          expect(Number.isInteger(e.strokeDevicePx)).toBe(true);
          if (e.exactHeightDevicePx >= 2.5)
            expect(Math.abs(e.heightDevicePx - e.exactHeightDevicePx)).toBeLessThanOrEqual(2.5 + 1e-9);
          // Every bar and gap as crispEdges draws it is exactly the stroke, wherever the E sits.
          for (const w of crispWidths(e.heightDevicePx, offset)) expect(w).toBe(e.strokeDevicePx);
          // The component draws it crisp: its CSS height times dpr has whole strokes.
          expect(crispStrokesExact(e.heightCssPx, dpr)).toBe(true);
          // The logMAR reported is the one drawn.
          const shown = optotypeHeightMm(e.logMarShown, mm(d)) * p * dpr;
          expect(Math.abs(shown - e.heightDevicePx)).toBeLessThanOrEqual(1e-6 * e.heightDevicePx);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('crispStrokesExact: whole device-px strokes only', () => {
    expect(crispStrokesExact(15, 1)).toBe(true);
    expect(crispStrokesExact(7.5, 2)).toBe(true);
    expect(crispStrokesExact(12, 1.25)).toBe(true); // 15 device px
    expect(crispStrokesExact(13, 1)).toBe(false);
    expect(crispStrokesExact(2, 1)).toBe(false); // under one pixel a stroke
  });
});
