import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { pxPerMmFromDiagonal } from '../calibration/calibration';
import { optotypeHeightMm } from './optotype-size';
import {
  arcmin,
  cssPx,
  decimalFromLogMar,
  degrees,
  devicePx,
  logMar,
  logMarFromSnellen,
  mm,
  snellenDenominator,
  type Mm,
} from './units';
import { viewingFrom } from './viewing';

const L = logMar;

describe('notations (STIMULI.md: 6/x ⇔ log10(x/6), decimal = 10^−L)', () => {
  it('converts Snellen and decimal', () => {
    expect(logMarFromSnellen(6, 60)).toBeCloseTo(1, 12);
    expect(logMarFromSnellen(20, 40)).toBeCloseTo(0.30103, 5);
    expect(decimalFromLogMar(L(0.3))).toBeCloseTo(0.501, 3);
    expect(snellenDenominator(L(0.2), 6)).toBeCloseTo(9.51, 2);
  });
});

describe('unit constructors brand checked numbers', () => {
  it('pass good values through unchanged', () => {
    expect(L(-1)).toBe(-1);
    expect(L(2.5)).toBe(2.5);
    expect(mm(600)).toBe(600);
    expect(cssPx(0)).toBe(0);
    expect(devicePx(0.5)).toBe(0.5);
    expect(degrees(3)).toBe(3);
    expect(arcmin(1)).toBe(1);
  });
});

describe('bad input throws CoreInputError', () => {
  it.each([
    () => logMar(Number.NaN),
    () => logMar(3),
    () => mm(0),
    () => mm(-1),
    () => cssPx(-1),
    () => devicePx(Number.POSITIVE_INFINITY),
    () => degrees(0),
    () => arcmin(-1),
    () => optotypeHeightMm(L(0), 0 as Mm),
    () => viewingFrom({ pixelsPerMm: 0, distanceMm: 600 }, 1, 1),
    () => viewingFrom({ pixelsPerMm: 1, distanceMm: 600 }, Number.NaN, 1),
    () => logMarFromSnellen(6, 0),
    () => pxPerMmFromDiagonal(100, 100, -1, 1),
    () => snellenDenominator(L(0), 7 as 6),
  ])('case %#', (f) => expect(f).toThrow(CoreInputError));
});
