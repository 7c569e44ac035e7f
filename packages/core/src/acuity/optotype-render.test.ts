import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { optotypeRenderSize, smallestFaithfulLogMar } from './optotype-render';

describe('optotypeRenderSize (STIMULI.md "Sizes", DESIGN.md §7)', () => {
  it('follows h = d·tan(5′·10^L): logMAR 0 at 4 m is 5.82 mm', () => {
    // 10 px/mm at devicePixelRatio 1: 5.818 mm → 58.18 device px → 58 px.
    const s = optotypeRenderSize(0, { pxPerMm: 10, distanceMm: 4000, devicePixelRatio: 1 });
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
        const s = optotypeRenderSize(logMAR, { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: dpr });
        expect(Number.isInteger(s.heightDevicePx)).toBe(true);
        expect(Math.abs(s.heightDevicePx - s.exactHeightDevicePx)).toBeLessThanOrEqual(0.5);
        expect(s.heightCssPx * dpr).toBeCloseTo(s.heightDevicePx, 9);
        // Half a pixel in ≥ 10 px is ≤ 5 %, i.e. ≤ 0.021 logMAR.
        if (s.heightDevicePx >= 10) expect(Math.abs(s.logMarShown - logMAR)).toBeLessThan(0.022);
      }
    }
    // 1.0 logMAR at 600 mm, 3.78 px/mm, dpr 2: 600·tan(50′)·3.78·2 = 65.98 → 66 device px = 33 CSS px.
    const big = optotypeRenderSize(1, { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 2 });
    expect(big.heightDevicePx).toBe(66);
    expect(big.heightCssPx).toBe(33);
  });

  it('says when a stroke would be under one device pixel (the smallest measurable level)', () => {
    // 3.78 px/mm, dpr 1 at 600 mm: logMAR 0 is 0.873 mm = 3.3 px → 3 px, stroke 0.6 px.
    const tiny = optotypeRenderSize(0, { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 1 });
    expect(tiny.heightDevicePx).toBe(3);
    expect(tiny.fits).toBe(false);
    expect(tiny.smallestLogMar).toBeGreaterThan(0);
    const ok = optotypeRenderSize(0.3, { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 1 });
    expect(ok.heightDevicePx).toBe(7);
    expect(ok.fits).toBe(true);
    expect(ok.logMarShown).toBeGreaterThanOrEqual(ok.smallestLogMar);
    // Never below one device pixel.
    const least = optotypeRenderSize(-1, { pxPerMm: 0.5, distanceMm: 300, devicePixelRatio: 1 });
    expect(least.heightDevicePx).toBe(1);
  });

  it('rejects bad input with a CoreInputError', () => {
    const v = { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 1 };
    expect(() => optotypeRenderSize(Number.NaN, v)).toThrow(CoreInputError);
    expect(() => optotypeRenderSize(3, v)).toThrow(CoreInputError);
    expect(() => optotypeRenderSize(0, { ...v, pxPerMm: 0 })).toThrow(CoreInputError);
    expect(() => optotypeRenderSize(0, { ...v, distanceMm: -1 })).toThrow(CoreInputError);
    expect(() => optotypeRenderSize(0, { ...v, devicePixelRatio: Number.POSITIVE_INFINITY })).toThrow(
      CoreInputError,
    );
  });
});

describe('smallestFaithfulLogMar', () => {
  it('is the level whose optotype is 10 device px tall, so snapping stays within 5 %', () => {
    const viewing = { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 1 };
    const smallest = smallestFaithfulLogMar(viewing);
    expect(optotypeRenderSize(smallest, viewing).exactHeightDevicePx).toBeCloseTo(10, 6);
    for (const logMAR of [smallest, smallest + 0.05, smallest + 0.1, smallest + 0.5]) {
      const size = optotypeRenderSize(logMAR, viewing);
      expect(
        Math.abs(size.heightDevicePx - size.exactHeightDevicePx) / size.exactHeightDevicePx,
      ).toBeLessThanOrEqual(0.05);
    }
  });

  it('goes down on a denser screen and further away', () => {
    const base = { pxPerMm: 3.78, distanceMm: 600, devicePixelRatio: 1 };
    expect(smallestFaithfulLogMar({ ...base, devicePixelRatio: 2 })).toBeLessThan(
      smallestFaithfulLogMar(base),
    );
    expect(smallestFaithfulLogMar({ ...base, distanceMm: 3000 })).toBeLessThan(smallestFaithfulLogMar(base));
  });
});
