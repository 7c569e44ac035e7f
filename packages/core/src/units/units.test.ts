import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  decimalFromLogMar,
  detailArcmin,
  logMar,
  logMarForHeightMm,
  logMarFromSnellen,
  mm,
  mmToDevicePx,
  mmToPx,
  optotypeHeightMm,
  optotypeSize,
  pixelsPerDegree,
  pxPerMmFromCard,
  pxPerMmFromDiagonal,
  px,
  pxToMm,
  smallestLogMarOnScreen,
  snellenDenominator,
  strokeMm,
  type Mm,
  type Px,
} from './units';

const L = logMar;

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
});

describe('calibration (STIMULI.md "Screen and distance calibration")', () => {
  const cal = { pxPerMm: 4, devicePixelRatio: 2 };
  it('card: px per mm = card width px / 85.60', () => expect(pxPerMmFromCard(px(342.4))).toBeCloseTo(4, 10));
  it('diagonal: √(w²+h²) / (inches × 25.4) / dpr', () => {
    expect(pxPerMmFromDiagonal(2560, 1600, 13.3, 2)).toBeCloseTo(
      Math.hypot(2560, 1600) / (13.3 * 25.4) / 2,
      10,
    );
  });
  it('mm ↔ CSS px and device px', () => {
    expect(mmToPx(mm(10), cal)).toBe(40);
    expect(mmToDevicePx(mm(10), cal)).toBe(80);
    expect(pxToMm(px(40) as Px, cal)).toBe(10);
  });
  it('pixels per degree = px/mm × d × tan 1°', () => {
    expect(pixelsPerDegree(4, mm(600))).toBeCloseTo(4 * 600 * Math.tan(Math.PI / 180), 10);
  });
  it('smallest logMAR on screen has a stroke of one device pixel', () => {
    const l = smallestLogMarOnScreen(mm(600), cal);
    const stroke = strokeMm(optotypeHeightMm(l, mm(600)));
    expect(mmToDevicePx(stroke, cal)).toBeCloseTo(1, 9);
  });
});

describe('optotypeSize', () => {
  it('gives height and stroke in mm, CSS px and device px', () => {
    const s = optotypeSize(L(0), mm(4000), { pxPerMm: 4, devicePixelRatio: 2 });
    expect(s.heightMm).toBeCloseTo(5.818, 3);
    expect(s.heightPx).toBeCloseTo(23.27, 2);
    expect(s.strokePx).toBeCloseTo(4.654, 3);
    expect(s.strokeDevicePx).toBeCloseTo(9.308, 3);
    expect(s.drawable).toBe(true);
    expect(optotypeSize(L(-0.3), mm(6000), { pxPerMm: 0.1, devicePixelRatio: 1 }).drawable).toBe(false);
  });
});

describe('notations (STIMULI.md: 6/x ⇔ log10(x/6), decimal = 10^−L)', () => {
  it('converts Snellen and decimal', () => {
    expect(logMarFromSnellen(6, 60)).toBeCloseTo(1, 12);
    expect(logMarFromSnellen(20, 40)).toBeCloseTo(0.30103, 5);
    expect(decimalFromLogMar(L(0.3))).toBeCloseTo(0.501, 3);
    expect(snellenDenominator(L(0.2), 6)).toBeCloseTo(9.51, 2);
  });
});

describe('bad input throws CoreInputError', () => {
  it.each([
    () => logMar(Number.NaN),
    () => logMar(3),
    () => mm(0),
    () => mm(-1),
    () => px(-1),
    () => optotypeHeightMm(L(0), 0 as Mm),
    () => mmToPx(mm(1), { pxPerMm: 0, devicePixelRatio: 1 }),
    () => mmToPx(mm(1), { pxPerMm: 1, devicePixelRatio: Number.NaN }),
    () => logMarFromSnellen(6, 0),
    () => pxPerMmFromDiagonal(100, 100, -1, 1),
    () => snellenDenominator(L(0), 7 as 6),
  ])('case %#', (f) => expect(f).toThrow(CoreInputError));
});
