import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  distanceForSmallestLogMarMm,
  largestLogMarOnScreen,
  MIN_FAITHFUL_HEIGHT_DEVICE_PX,
  screenCapability,
  smallestFaithfulLogMar,
  smallestLogMarOnScreen,
} from './drawable-range';
import { optotypeHeightMm, optotypeSize, rawLogMarForHeightMm, strokeMm } from './optotype-size';
import { cssPx, logMar } from './units';
import { mmToCssPx, mmToDevicePx, viewingFrom } from './viewing';

const viewing = (pixelsPerMm: number, distanceMm: number, devicePixelRatio: number) =>
  viewingFrom({ pixelsPerMm, distanceMm }, devicePixelRatio, 1);

describe('the ends of the range (STIMULI.md "Sizes", "Range and censoring")', () => {
  it('smallest logMAR on screen has a stroke of one device pixel', () => {
    const cal = viewing(4, 600, 2);
    const l = smallestLogMarOnScreen(cal);
    const stroke = strokeMm(optotypeHeightMm(l, cal.distanceMm));
    expect(mmToDevicePx(stroke, cal)).toBeCloseTo(1, 9);
  });
  it('with a 2-device-px floor the smallest level’s stroke is 2 device px', () => {
    const cal = viewing(4, 600, 2);
    const l = smallestLogMarOnScreen(cal, 2);
    expect(mmToDevicePx(strokeMm(optotypeHeightMm(l, cal.distanceMm)), cal)).toBeCloseTo(2, 9);
  });
  it('the worked example: 3.78 px/mm at 0.6 m cannot draw logMAR 0; at 3 m it can', () => {
    // logMAR 0 at 600 mm: 0.873 mm × 3.78 = 3.3 px, stroke 0.66 px; at 3000 mm 16.5 px, stroke 3.3 px.
    expect(smallestLogMarOnScreen(viewing(3.78, 600, 1))).toBeGreaterThan(0);
    expect(smallestLogMarOnScreen(viewing(3.78, 3000, 1))).toBeLessThan(0);
  });
  it('the largest logMAR fills the available height exactly', () => {
    const cal = viewing(3.614, 3000, 1);
    const l = largestLogMarOnScreen(cal, cssPx(1080));
    expect(mmToCssPx(optotypeHeightMm(l, cal.distanceMm), cal)).toBeCloseTo(1080, 6);
  });
  it('refuses ranges that leave −1 … 2.5', () => {
    // A 10 m viewing of a 40 px/mm, dpr 10 screen: one device px subtends far less than logMAR −1 needs.
    expect(() => smallestLogMarOnScreen(viewing(40, 10_000, 10))).toThrow(CoreInputError);
    expect(() => smallestLogMarOnScreen(viewing(3.78, 600, 1), 0)).toThrow(CoreInputError);
  });
});

describe('smallestFaithfulLogMar', () => {
  it('is the level whose optotype is 10 device px tall, so snapping stays within 5 %', () => {
    const v = viewing(3.78, 600, 1);
    const smallest = smallestFaithfulLogMar(v);
    expect(optotypeSize(smallest, v).exactHeightDevicePx).toBeCloseTo(MIN_FAITHFUL_HEIGHT_DEVICE_PX, 6);
    expect(optotypeSize(smallest, v).exactHeightDevicePx).toBeCloseTo(10, 6);
    for (const l of [smallest, smallest + 0.05, smallest + 0.1, smallest + 0.5]) {
      const size = optotypeSize(logMar(l), v);
      expect(
        Math.abs(size.heightDevicePx - size.exactHeightDevicePx) / size.exactHeightDevicePx,
      ).toBeLessThanOrEqual(0.05);
    }
  });

  it('goes down on a denser screen and further away', () => {
    const base = viewing(3.78, 600, 1);
    expect(smallestFaithfulLogMar(viewing(3.78, 600, 2))).toBeLessThan(smallestFaithfulLogMar(base));
    expect(smallestFaithfulLogMar(viewing(3.78, 3000, 1))).toBeLessThan(smallestFaithfulLogMar(base));
  });

  it('every level from it up is drawn within 5 % (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 10, noNaN: true }),
        fc.double({ min: 400, max: 4000, noNaN: true }),
        fc.double({ min: 1, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (p, d, dpr, above) => {
          // Dense screens far away put the 10-device-px level below logMAR −1, where it throws (not this test).
          fc.pre(rawLogMarForHeightMm(MIN_FAITHFUL_HEIGHT_DEVICE_PX / (p * dpr), d) >= -1);
          const v = viewing(p, d, dpr);
          const l = Math.min(2.5, smallestFaithfulLogMar(v) + above);
          const s = optotypeSize(logMar(l), v);
          expect(
            Math.abs(s.heightDevicePx - s.exactHeightDevicePx) / s.exactHeightDevicePx,
          ).toBeLessThanOrEqual(0.05 + 1e-12);
        },
      ),
    );
  });
});

describe('screen capability (stroke ≥ 1 device px; the largest optotype fits)', () => {
  it('3.614 px/mm, dpr 1, at 1 m: stroke 0.277 mm, 5 strokes = 4.756′ → logMAR −0.022, line 6/6', () => {
    const c = screenCapability(viewing(3.614, 1000, 1), cssPx(1080));
    expect(c.smallestLogMar).toBeCloseTo(-0.0217, 4);
    expect(c.smallestLine).toBe(0);
    expect(c.smallestSnellen).toBe('6/6');
    expect(c.standFurther).toBe(true);
    expect(c.distanceForBestLineMm).toBeCloseTo(1507.6, 0);
  });
  it('3.614 px/mm, dpr 1, at 1.2 m: smallest measurable 6/4.8 — stand further away', () => {
    const c = screenCapability(viewing(3.614, 1200, 1), cssPx(1080));
    expect(c.smallestLogMar).toBeCloseTo(-0.1009, 4);
    expect(c.smallestLine).toBe(-0.1);
    expect(c.smallestSnellen).toBe('6/4.8');
    expect(c.standFurther).toBe(true);
  });
  it('3.614 px/mm, dpr 1, at 3 m: logMAR −0.499, clamped to the best line 6/3.8; no need to move', () => {
    const c = screenCapability(viewing(3.614, 3000, 1), cssPx(1080));
    expect(c.smallestLogMar).toBeCloseTo(-0.4988, 4);
    expect(c.smallestLine).toBe(-0.2);
    expect(c.smallestSnellen).toBe('6/3.8');
    expect(c.standFurther).toBe(false);
  });
  it('devicePixelRatio 2 halves the device-pixel stroke: at 1 m logMAR −0.323 → 6/3.8', () => {
    const c = screenCapability(viewing(3.614, 1000, 2), cssPx(1080));
    expect(c.smallestLogMar).toBeCloseTo(-0.3227, 4);
    expect(c.smallestLine).toBe(-0.2);
    expect(c.standFurther).toBe(false);
  });
  it('1080 px of 3.614 px/mm (298.8 mm) at 3 m fits optotypes up to logMAR 1.8 (6/380)', () => {
    const c = screenCapability(viewing(3.614, 3000, 1), cssPx(1080));
    expect(c.largestLine).toBe(1.8);
    expect(c.largestSnellen).toBe('6/380');
  });
  it('a 400 px tall window at 6 m with 3.614 px/mm fits up to logMAR 1.4 (110.7 mm)', () => {
    // 400 / 3.614 = 110.68 mm at 6 m → 63.4′ → logMAR log10(12.68) = 1.103 → line 1.1
    const c = screenCapability(viewing(3.614, 6000, 1), cssPx(400));
    expect(c.largestLine).toBe(1.1);
  });
  it('its exact smallest level is smallestLogMarOnScreen', () => {
    const v = viewing(3.614, 1200, 1);
    expect(screenCapability(v, cssPx(1080)).smallestLogMar).toBeCloseTo(smallestLogMarOnScreen(v), 12);
  });
  it('distance for the best line: 3.614 px/mm, dpr 1, logMAR −0.2 → 1507.6 mm', () => {
    expect(distanceForSmallestLogMarMm(logMar(-0.2), viewing(3.614, 1000, 1))).toBeCloseTo(1507.6, 0);
  });
  it('rejects zero, negative and NaN inputs', () => {
    expect(() => screenCapability(viewing(0, 3000, 1), cssPx(1080))).toThrow(CoreInputError);
    expect(() => screenCapability(viewing(3.6, -1, 1), cssPx(1080))).toThrow(CoreInputError);
    expect(() => screenCapability(viewing(3.6, 3000, Number.NaN), cssPx(1080))).toThrow(CoreInputError);
    expect(() => screenCapability(viewing(3.6, 3000, 1), cssPx(0))).toThrow(CoreInputError);
  });
});
