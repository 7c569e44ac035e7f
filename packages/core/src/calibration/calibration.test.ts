import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { cssPx, type PxPerMm } from '../optics/units';
import { pixelsPerDegree, viewingFrom } from '../optics/viewing';
import {
  averageBlindSpotDistanceMm,
  blindSpotReachMm,
  calibrationValidity,
  cardSizePx,
  CSS_REFERENCE_PX_PER_MM,
  distanceFromBlindSpotMm,
  pixelsPerDegreeConsistent,
  pxPerMmFromCard,
  pxPerMmFromDiagonal,
} from './calibration';
import { gammaFromMatchedGrey, greyLevelForLuminance, matchingGreyRange } from './gamma';

describe('card and diagonal methods (STIMULI.md "Screen and distance calibration")', () => {
  it('an ID-1 card 85.60 mm wide shown as 323.5 px → 3.779 px/mm', () => {
    expect(pxPerMmFromCard(cssPx(323.5))).toBeCloseTo(3.779, 3);
  });
  it('card: px per mm = card width px / 85.60', () =>
    expect(pxPerMmFromCard(cssPx(342.4))).toBeCloseTo(4, 10));
  it('diagonal: √(w²+h²) / (inches × 25.4) / dpr', () => {
    expect(pxPerMmFromDiagonal(2560, 1600, 13.3, 2)).toBeCloseTo(
      Math.hypot(2560, 1600) / (13.3 * 25.4) / 2,
      10,
    );
  });
  it('3.779 px/mm draws the card 323.5 × 204.0 px', () => {
    const size = cardSizePx(3.779);
    expect(size.width).toBeCloseTo(323.48, 2);
    expect(size.height).toBeCloseTo(203.99, 2);
  });
  it('a 24-inch 16:9 1920×1080 screen → diagonal 2202.9 px / 609.6 mm = 3.614 px/mm', () => {
    expect(Math.hypot(1920, 1080)).toBeCloseTo(2202.9, 1);
    expect(pxPerMmFromDiagonal(1920, 1080, 24, 1)).toBeCloseTo(3.614, 3);
  });
  it('a 13.3-inch 2560×1600 laptop at devicePixelRatio 2 → 4.468 CSS px/mm', () => {
    expect(pxPerMmFromDiagonal(2560, 1600, 13.3, 2)).toBeCloseTo(4.468, 3);
  });
  it('the CSS reference pixel (96 per inch, 3.78 px/mm) draws the card 323.5 px wide', () => {
    expect(CSS_REFERENCE_PX_PER_MM).toBeCloseTo(3.7795, 4);
    expect(cardSizePx(CSS_REFERENCE_PX_PER_MM).width).toBeCloseTo(323.53, 2);
  });
  it('refuses card sizes outside the plausible px/mm range', () => {
    expect(() => cardSizePx(0)).toThrow(CoreInputError);
    expect(() => cardSizePx(10_000)).toThrow(CoreInputError);
    expect(() => cardSizePx(Number.NaN)).toThrow(CoreInputError);
  });
});

describe('pixels per degree: ppd = pxPerMm × d × tan(1°)', () => {
  it('3.614 px/mm at 3 m → 189.2 px/degree', () => {
    expect(pixelsPerDegree(viewingFrom({ pixelsPerMm: 3.614, distanceMm: 3000 }, 1, 1))).toBeCloseTo(
      189.25,
      1,
    );
  });
  it('accepts a stored ppd within 1 % of its px/mm and distance and refuses a wrong one', () => {
    expect(pixelsPerDegreeConsistent(189.25, 3.614, 3000)).toBe(true);
    expect(pixelsPerDegreeConsistent(191, 3.614, 3000)).toBe(true);
    expect(pixelsPerDegreeConsistent(200, 3.614, 3000)).toBe(false);
  });
});

describe('calibration validity after zoom or a change of screen', () => {
  const stored = { devicePixelRatio: 1, cssResolution: { width: 1920, height: 1080 } };
  it('is valid in the same window', () => {
    expect(calibrationValidity(stored, stored)).toEqual({ valid: true, reason: 'unchanged' });
  });
  it('browser zoom 110 % (devicePixelRatio 1 → 1.1) invalidates it', () => {
    expect(
      calibrationValidity(stored, { devicePixelRatio: 1.1, cssResolution: { width: 1745, height: 982 } }),
    ).toEqual({ valid: false, reason: 'zoom-changed' });
  });
  it('another monitor (2560×1440) invalidates it; a rotated screen does not', () => {
    expect(
      calibrationValidity(stored, { devicePixelRatio: 1, cssResolution: { width: 2560, height: 1440 } }),
    ).toEqual({ valid: false, reason: 'screen-changed' });
    expect(
      calibrationValidity(stored, { devicePixelRatio: 1, cssResolution: { width: 1080, height: 1920 } }),
    ).toEqual({ valid: true, reason: 'unchanged' });
  });
  it('a calibration stored without its window cannot be checked', () => {
    expect(calibrationValidity({}, stored)).toEqual({ valid: true, reason: 'unverifiable' });
    expect(calibrationValidity(null, stored)).toEqual({ valid: true, reason: 'unverifiable' });
  });
  it('pinch-zoom (visualViewport.scale 1.5, devicePixelRatio unchanged) invalidates any calibration', () => {
    const pinched = { ...stored, visualScale: 1.5 };
    expect(calibrationValidity(stored, pinched)).toEqual({ valid: false, reason: 'pinch-zoomed' });
    expect(calibrationValidity(null, pinched)).toEqual({ valid: false, reason: 'pinch-zoomed' });
    expect(calibrationValidity(stored, { ...stored, visualScale: 0.8 })).toEqual({
      valid: false,
      reason: 'pinch-zoomed',
    });
  });
  it('no pinch-zoom (scale 1, within 1 %, or no visualViewport) is fine', () => {
    expect(calibrationValidity(stored, { ...stored, visualScale: 1 })).toEqual({
      valid: true,
      reason: 'unchanged',
    });
    expect(calibrationValidity(stored, { ...stored, visualScale: 1.005 })).toEqual({
      valid: true,
      reason: 'unchanged',
    });
    expect(calibrationValidity(stored, { ...stored, visualScale: Number.NaN })).toEqual({
      valid: true,
      reason: 'unchanged',
    });
  });
});

describe('blind-spot distance (virtual chinrest, 13.5°)', () => {
  it('the dot vanishing 144 mm from the cross → 600 mm away', () => {
    expect(distanceFromBlindSpotMm(144)).toBeCloseTo(599.8, 1);
  });
  it('averages sweeps of 140, 144 and 148 mm → 599.8 mm', () => {
    expect(averageBlindSpotDistanceMm([140, 144, 148])).toBeCloseTo(599.8, 1);
  });
  it('a window 1280 px wide at 3.78 px/mm checks up to 1128 mm: 80 % of 338.6 mm / tan 13.5°', () => {
    const screen = { pxPerMm: 3.78 as PxPerMm };
    expect(blindSpotReachMm(cssPx(1280), screen)).toBeCloseTo(
      ((1280 / 3.78) * 0.8) / Math.tan((13.5 * Math.PI) / 180),
      9,
    );
    expect(blindSpotReachMm(cssPx(1280), screen)).toBeCloseTo(1128.4, 1);
    expect(blindSpotReachMm(cssPx(0), screen)).toBe(0);
  });
  it('needs at least one positive sweep', () => {
    expect(() => averageBlindSpotDistanceMm([])).toThrow(CoreInputError);
    expect(() => distanceFromBlindSpotMm(0)).toThrow(CoreInputError);
  });
});

describe('gamma (STIMULI.md: γ = log 0.5 / log(v/255), v = 255 × ℓ^(1/γ))', () => {
  it('grey 186 matching the stripes → γ 2.2', () => {
    expect(gammaFromMatchedGrey(186)).toBeCloseTo(2.2, 1);
  });
  it('grey 127.5 → γ 1 (a linear display)', () => {
    expect(gammaFromMatchedGrey(127.5)).toBeCloseTo(1, 6);
  });
  it('luminance 0.5 at γ 2.2 → grey 186.1; 0.25 at γ 2.2 → 136.0', () => {
    expect(greyLevelForLuminance(0.5, 2.2)).toBeCloseTo(186.1, 1);
    expect(greyLevelForLuminance(0.25, 2.2)).toBeCloseTo(135.8, 1);
  });
  it('the matching control spans grey 63.75 (γ 0.5) to 214.4 (γ 4)', () => {
    const r = matchingGreyRange();
    expect(r.min).toBeCloseTo(63.75, 2);
    expect(r.max).toBeCloseTo(214.4, 1);
  });
  it('rejects grey 0, 255 and NaN, and gammas outside 0.5 … 4', () => {
    expect(() => gammaFromMatchedGrey(0)).toThrow(CoreInputError);
    expect(() => gammaFromMatchedGrey(255)).toThrow(CoreInputError);
    expect(() => gammaFromMatchedGrey(Number.NaN)).toThrow(CoreInputError);
    expect(() => greyLevelForLuminance(0.5, 10)).toThrow(CoreInputError);
  });
});
