import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { ACUITY_LEVELS } from '../acuity/scale';
import { distanceForFloorMm, faithfulFloorLogMar, measurableRange } from './drawable-range';
import { MIN_FAITHFUL_HEIGHT_DEVICE_PX, optotypeHeightMm, optotypeSize } from './optotype-size';
import { cssPx, logMar } from './units';
import { mmToDevicePx, viewingFrom } from './viewing';

const viewing = (pixelsPerMm: number, distanceMm: number, devicePixelRatio: number) =>
  viewingFrom({ pixelsPerMm, distanceMm }, devicePixelRatio, 1);

/** The range, asserting it is measurable. */
function range(v: ReturnType<typeof viewing>, available = 1080) {
  const r = measurableRange(v, cssPx(available));
  if (!r.measurable) throw new Error(`expected a measurable range, got ${r.reason}`);
  return r;
}

describe('measurableRange: the one range rule (formula height ≥ 10 device px; fits the height)', () => {
  it('96 dpi at 1 m: floor 0.26 → 0.3 (6/12), as the test shows, not the 1-px-stroke 6/6', () => {
    const v = viewing(3.78, 1000, 1);
    expect(faithfulFloorLogMar(v)).toBeCloseTo(0.2598, 4);
    const r = range(v);
    expect(r.smallest).toBe(0.3);
    expect(r.smallestLimit).toBe('pixels');
    expect(r.largest).toBe(1.8);
    expect(r.largestLimit).toBe('scale');
  });
  it('the issue’s example: 96 dpi at 0.6 m measures 0.5 (floor 0.48) and worse', () => {
    const v = viewing(3.78, 600, 1);
    expect(faithfulFloorLogMar(v)).toBeCloseTo(0.4817, 4);
    expect(range(v).smallest).toBe(0.5);
    // devicePixelRatio 2 halves a device pixel: floor 0.18 → 0.2.
    expect(range(viewing(3.78, 600, 2)).smallest).toBe(0.2);
  });
  it('96 dpi at 3 m (the default distance) and at 2 m reach 0.0 or better', () => {
    const at3 = range(viewing(3.78, 3000, 1));
    expect(at3.smallest).toBe(-0.2); // −0.2 is 10.41 device px
    expect(at3.smallestLimit).toBe('scale');
    expect(range(viewing(3.78, 2000, 1)).smallest).toBe(0); // floor −0.041
  });
  it('a dense screen far away (6 px/mm, dpr 3, 4 m: floor −1.02) is clamped to the scale, not refused', () => {
    const v = viewing(6, 4000, 3);
    expect(faithfulFloorLogMar(v)).toBeLessThan(-1);
    const r = range(v);
    expect(r.smallest).toBe(-0.2);
    expect(r.smallestLimit).toBe('scale');
    // Even a 40 px/mm, dpr 10 screen at 10 m.
    expect(range(viewing(40, 10_000, 10)).smallest).toBe(-0.2);
  });
  it('the largest level fits the available height (400 px of 3.614 px/mm at 6 m → 1.1)', () => {
    // 400 / 3.614 = 110.68 mm at 6 m → 63.4′ → logMAR log10(12.68) = 1.103 → line 1.1
    const r = range(viewing(3.614, 6000, 1), 400);
    expect(r.largest).toBe(1.1);
    expect(r.largestLimit).toBe('height');
  });
  it('says why nothing can be measured', () => {
    // 0.4 px/mm at 25 cm: even 1.8 (5.25°, 23 mm) is 9.2 device px.
    expect(measurableRange(viewing(0.4, 250, 1), cssPx(1080))).toEqual({
      measurable: false,
      reason: 'pixels',
    });
    // 8 CSS px of window cannot hold the 10-device-px floor at dpr 1.
    expect(measurableRange(viewing(3.78, 600, 1), cssPx(8))).toEqual({ measurable: false, reason: 'height' });
  });
  it('is, for any setup, the grid levels from the first ≥ 10 device px to the last that fits (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 40, noNaN: true }),
        fc.double({ min: 250, max: 10_000, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        fc.double({ min: 50, max: 3000, noNaN: true }),
        (p, d, dpr, available) => {
          const v = viewing(p, d, dpr);
          const r = measurableRange(v, cssPx(available));
          const exact = (l: number) => mmToDevicePx(optotypeHeightMm(logMar(l), v.distanceMm), v);
          if (!r.measurable) return;
          // On the grid.
          expect(ACUITY_LEVELS.some((l) => l.logMAR === r.smallest)).toBe(true);
          expect(ACUITY_LEVELS.some((l) => l.logMAR === r.largest)).toBe(true);
          expect(r.smallest).toBeLessThanOrEqual(r.largest);
          // The smallest reaches 10 device px; the level below it does not (unless it is the scale's end).
          expect(exact(r.smallest)).toBeGreaterThanOrEqual(MIN_FAITHFUL_HEIGHT_DEVICE_PX - 1e-9);
          if (r.smallestLimit === 'pixels') expect(exact(r.smallest - 0.1)).toBeLessThan(10);
          else expect(r.smallest).toBe(-0.2);
          // Every optotype at the largest level, drawn, fits; the level above does not.
          for (const o of ['sloan', 'landolt-c', 'tumbling-e'] as const)
            expect(optotypeSize(r.largest, v, o).heightCssPx).toBeLessThanOrEqual(available + 1e-9);
          if (r.largestLimit === 'height')
            expect(Math.ceil(exact(r.largest + 0.1) / 5) * 5).toBeGreaterThan(available * dpr);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('rejects a height that is not positive', () => {
    expect(() => measurableRange(viewing(3.6, 3000, 1), cssPx(0))).toThrow(CoreInputError);
    expect(() => measurableRange(viewing(3.6, 3000, 1), Number.NaN as never)).toThrow(CoreInputError);
  });
});

describe('distanceForFloorMm (d = 10 / (pxPerMm · dpr) mm / tan(5′ × 10^L))', () => {
  it('96 dpi: −0.1 from 2290 mm, 0.0 from 1819 mm, −0.2 from 2883 mm; dpr 2 halves it', () => {
    expect(distanceForFloorMm(logMar(-0.1), viewing(3.78, 600, 1))).toBeCloseTo(2289.9, 1);
    expect(distanceForFloorMm(logMar(0), viewing(3.78, 600, 1))).toBeCloseTo(1818.9, 1);
    expect(distanceForFloorMm(logMar(-0.2), viewing(3.78, 600, 1))).toBeCloseTo(2882.8, 1);
    expect(distanceForFloorMm(logMar(0), viewing(3.78, 600, 2))).toBeCloseTo(909.5, 1);
  });
  it('from that distance the range reaches the floor; a little closer it does not', () => {
    for (const floor of [-0.2, -0.1, 0, 0.3]) {
      const d = distanceForFloorMm(logMar(floor), viewing(3.78, 600, 1));
      expect(range(viewing(3.78, d * 1.0001, 1)).smallest).toBeLessThanOrEqual(floor + 1e-9);
      expect(range(viewing(3.78, d * 0.999, 1)).smallest).toBeGreaterThan(floor);
    }
  });
});
