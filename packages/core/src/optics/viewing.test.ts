import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { cssPx, degrees, devicePx, mm } from './units';
import {
  cssPxToMm,
  devicePxToCssPx,
  devicePxToMm,
  fitDegreesToCssPx,
  mmToCssPx,
  mmToDevicePx,
  pixelsPerDegree,
  viewingFrom,
} from './viewing';

describe('viewingFrom: the one Viewing, built from the stored calibration', () => {
  it('takes the settings entry as stored (pixelsPerMm, distanceMm) and the window', () => {
    const stored = { pixelsPerMm: 3.78, distanceMm: 3000, pixelsPerDegree: 197.9, cardWidthPx: 323.5 };
    expect(viewingFrom(stored, 2, 2.2)).toEqual({
      pxPerMm: 3.78,
      distanceMm: 3000,
      devicePixelRatio: 2,
      gamma: 2.2,
    });
  });
  it.each([
    [{ pixelsPerMm: 0, distanceMm: 600 }, 1, 1],
    [{ pixelsPerMm: -3, distanceMm: 600 }, 1, 1],
    [{ pixelsPerMm: 3.78, distanceMm: Number.NaN }, 1, 1],
    [{ pixelsPerMm: 3.78, distanceMm: 600 }, 0, 1],
    [{ pixelsPerMm: 3.78, distanceMm: 600 }, Number.POSITIVE_INFINITY, 1],
    [{ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 0],
    [null as unknown as { pixelsPerMm: number; distanceMm: number }, 1, 1],
  ])('refuses %o at dpr %d, gamma %d', (calibration, dpr, gamma) => {
    expect(() => viewingFrom(calibration, dpr, gamma)).toThrow(CoreInputError);
  });
});

describe('mm ↔ CSS px ↔ device px (STIMULI.md "Screen and distance calibration")', () => {
  const cal = viewingFrom({ pixelsPerMm: 4, distanceMm: 600 }, 2, 1);
  it('mm ↔ CSS px and device px', () => {
    expect(mmToCssPx(mm(10), cal)).toBe(40);
    expect(mmToDevicePx(mm(10), cal)).toBe(80);
    expect(cssPxToMm(cssPx(40), cal)).toBe(10);
  });
  it('device px → mm and CSS px: 80 device px at 4 px/mm, dpr 2 are 10 mm and 40 CSS px', () => {
    expect(devicePxToMm(devicePx(80), cal)).toBe(10);
    expect(devicePxToCssPx(devicePx(80), cal)).toBe(40);
  });
  it('pixels per degree = px/mm × d × tan 1°', () => {
    expect(pixelsPerDegree(cal)).toBeCloseTo(4 * 600 * Math.tan(Math.PI / 180), 10);
  });
  it('3.614 px/mm at 3 m → 189.2 px/degree', () => {
    expect(pixelsPerDegree(viewingFrom({ pixelsPerMm: 3.614, distanceMm: 3000 }, 1, 1))).toBeCloseTo(
      189.25,
      1,
    );
  });
});

describe('fitDegreesToCssPx: a stimulus of a visual angle, shrunk only to fit', () => {
  // 3.78 px/mm at 600 mm: ppd = 3.78 × 600 × tan 1° = 39.59 px per degree.
  const viewing = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 600 }, 1, 2.2);
  it('is the physical size, in whole CSS px, when it fits: 3° → ⌊118.8⌋ = 118 px', () => {
    expect(fitDegreesToCssPx(degrees(3), viewing, Number.POSITIVE_INFINITY)).toBe(118);
    expect(fitDegreesToCssPx(degrees(3), viewing, 500)).toBe(118);
  });
  it('shrinks to the room there is, never below 1 px', () => {
    expect(fitDegreesToCssPx(degrees(3), viewing, 100.7)).toBe(100);
    expect(fitDegreesToCssPx(degrees(3), viewing, 0)).toBe(1);
  });
  it('refuses a NaN limit', () => {
    expect(() => fitDegreesToCssPx(degrees(3), viewing, Number.NaN)).toThrow(CoreInputError);
  });
});
