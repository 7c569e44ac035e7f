import { CoreInputError, requireInRange, requirePositive } from '../errors/core-input-error';
import { cssPx, mm, type CssPx, type Mm, type PxPerMm } from '../optics/units';
import { cssPxToMm, pixelsPerDegree, type Viewing } from '../optics/viewing';

/** Width of an ID-1 card (ISO/IEC 7810) in mm, the card-calibration reference. */
export const ID1_CARD_WIDTH_MM = 85.6;
/** Height of an ID-1 card (ISO/IEC 7810) in mm; the width is {@link ID1_CARD_WIDTH_MM} (85.60 mm). */
export const ID1_CARD_HEIGHT_MM = 53.98;

/**
 * The CSS reference pixel: 96 CSS px per inch, i.e. 96 / 25.4 ≈ 3.78 CSS px per mm. What a browser
 * assumes without calibration; a sensible starting point for the card slider.
 */
export const CSS_REFERENCE_PX_PER_MM = (96 / 25.4) as PxPerMm;

/**
 * Plausible ranges of calibration values. Anything outside is a typo or a broken measurement, never a
 * real screen: a 150-inch 1080p projector is ≈ 0.58 CSS px/mm, a 4K phone at devicePixelRatio 1 ≈ 25.
 */
export const CALIBRATION_LIMITS = {
  /** CSS px per mm. */
  pxPerMm: { min: 0.5, max: 40 },
  /** Eye-to-screen distance in mm: 25 cm (a phone held close) to 10 m. */
  distanceMm: { min: 250, max: 10_000 },
  /** px per degree: the extremes above multiplied (0.5 × 250 × tan 1° ≈ 2.2; 40 × 10 000 × tan 1° ≈ 6982). */
  pixelsPerDegree: { min: 1, max: 7_000 },
  /** Screen resolution, each side, in device or CSS px (whole numbers). */
  resolution: { min: 100, max: 20_000 },
  /** Screen diagonal in inches: a small phone to a large projection. */
  diagonalInches: { min: 3, max: 400 },
  /** `window.devicePixelRatio`: browser zoom 25 % on a 1× screen to 500 % on a 2× one. */
  devicePixelRatio: { min: 0.25, max: 10 },
  /** On-screen card width in CSS px during card calibration (0.5 px/mm … 40 px/mm × 85.6 mm). */
  cardWidthPx: { min: 40, max: 3_500 },
} as const;

/** Relative mismatch allowed between a stored px-per-degree and the one its px/mm and distance give. */
export const PIXELS_PER_DEGREE_TOLERANCE = 0.01;

/**
 * Card method: CSS px per mm = on-screen card width in CSS px / 85.60 mm (STIMULI.md "Screen and distance
 * calibration"). E.g. 323.5 px → 3.779 px/mm.
 */
export function pxPerMmFromCard(cardWidth: CssPx): PxPerMm {
  return (requirePositive(cardWidth, 'card width in px') / ID1_CARD_WIDTH_MM) as PxPerMm;
}

/**
 * Diagonal method: CSS px per mm = √(w² + h²) / (diagonal in inches × 25.4) / devicePixelRatio, with
 * w × h the native resolution in device pixels (STIMULI.md "Screen and distance calibration").
 */
export function pxPerMmFromDiagonal(
  widthDevicePx: number,
  heightDevicePx: number,
  diagonalInches: number,
  devicePixelRatio: number,
): PxPerMm {
  const w = requirePositive(widthDevicePx, 'screen width in device px');
  const h = requirePositive(heightDevicePx, 'screen height in device px');
  const diagonalMm = requirePositive(diagonalInches, 'diagonal in inches') * 25.4;
  return (Math.hypot(w, h) / diagonalMm / requirePositive(devicePixelRatio, 'devicePixelRatio')) as PxPerMm;
}

/**
 * On-screen size of an ID-1 card for a px/mm: width = 85.60 mm × pxPerMm, height = 53.98 mm × pxPerMm,
 * in CSS px. E.g. 3.779 px/mm (a 96-dpi screen) → 323.5 × 204.0 px.
 * @throws CoreInputError for a px/mm outside {@link CALIBRATION_LIMITS}
 */
export function cardSizePx(pxPerMm: number): { width: CssPx; height: CssPx } {
  const p = requireInRange(
    pxPerMm,
    CALIBRATION_LIMITS.pxPerMm.min,
    CALIBRATION_LIMITS.pxPerMm.max,
    'pxPerMm',
  );
  return { width: (ID1_CARD_WIDTH_MM * p) as CssPx, height: (ID1_CARD_HEIGHT_MM * p) as CssPx };
}

/**
 * Whether a stored px per degree agrees with its px/mm and distance (ppd = pxPerMm × d × tan 1°) within
 * {@link PIXELS_PER_DEGREE_TOLERANCE}; a mismatch means the client computed it wrongly. Values that are
 * not positive numbers are not this check's business (their own validation reports them): true.
 */
export function pixelsPerDegreeConsistent(ppd: number, pxPerMm: number, distanceMm: number): boolean {
  const ok = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && n > 0;
  if (!ok(ppd) || !ok(pxPerMm) || !ok(distanceMm)) return true;
  // Both checked positive above: the only place a stored rate is branded without a Viewing.
  const expected = pixelsPerDegree({ pxPerMm: pxPerMm as PxPerMm, distanceMm: distanceMm as Mm });
  return Math.abs(ppd - expected) <= expected * PIXELS_PER_DEGREE_TOLERANCE;
}

const RAD_PER_DEG = Math.PI / 180;

/** The window a calibration was made in: what browser zoom or a change of monitor would alter. */
export interface CalibrationWindow {
  /** `window.devicePixelRatio` (device px per CSS px). */
  devicePixelRatio: number;
  /** `screen.width × screen.height` in CSS px. */
  cssResolution: { width: number; height: number };
  /**
   * `visualViewport.scale` now: pinch-zoom (1 = none; absent where the browser has no visualViewport).
   * Pinch-zoom magnifies the page without changing devicePixelRatio, so it is checked on its own.
   */
  visualScale?: number;
}

/** Relative change of devicePixelRatio or screen size still treated as the same setup (rounding). */
export const CALIBRATION_WINDOW_TOLERANCE = 0.01;

export type CalibrationValidity =
  | { valid: true; reason: 'unchanged' | 'unverifiable' }
  | { valid: false; reason: 'zoom-changed' | 'screen-changed' | 'pinch-zoomed' };

/**
 * Whether a stored calibration still holds in the current window. Browser zoom changes
 * devicePixelRatio, so CSS px per mm change with it (DESIGN.md §7: ask to recalibrate); a different
 * screen size means another monitor. Pinch-zoom (`visualScale` ≠ 1 beyond
 * {@link CALIBRATION_WINDOW_TOLERANCE}) magnifies everything by its scale while devicePixelRatio stays
 * the same: no calibration holds until it is undone ('pinch-zoomed', checked first, even for a
 * calibration that cannot otherwise be checked). A calibration saved without its window (older
 * records) cannot be checked and counts as valid ('unverifiable').
 */
export function calibrationValidity(
  stored: Partial<CalibrationWindow> | null | undefined,
  current: CalibrationWindow,
): CalibrationValidity {
  const scale = current.visualScale;
  if (
    typeof scale === 'number' &&
    Number.isFinite(scale) &&
    Math.abs(scale - 1) > CALIBRATION_WINDOW_TOLERANCE
  )
    return { valid: false, reason: 'pinch-zoomed' };
  if (!stored || typeof stored.devicePixelRatio !== 'number' || !stored.cssResolution) {
    return { valid: true, reason: 'unverifiable' };
  }
  const differs = (a: number, b: number) => Math.abs(a - b) > Math.abs(a) * CALIBRATION_WINDOW_TOLERANCE;
  if (differs(stored.devicePixelRatio, current.devicePixelRatio))
    return { valid: false, reason: 'zoom-changed' };
  const s = stored.cssResolution;
  const c = current.cssResolution;
  // A rotated tablet is the same screen: compare the sides regardless of orientation.
  const [s1, s2] = [Math.max(s.width, s.height), Math.min(s.width, s.height)];
  const [c1, c2] = [Math.max(c.width, c.height), Math.min(c.width, c.height)];
  if (differs(s1, c1) || differs(s2, c2)) return { valid: false, reason: 'screen-changed' };
  return { valid: true, reason: 'unchanged' };
}

/** Angle between fixation and the centre of the blind spot, in degrees (Li et al. 2020). */
export const BLIND_SPOT_ANGLE_DEG = 13.5;

/**
 * Virtual-chinrest distance: d = (fixation-to-dot distance in mm) / tan(13.5°), in mm. The dot distance
 * is where the dot vanished, measured on the calibrated screen. E.g. 144 mm → 600 mm.
 */
export function distanceFromBlindSpotMm(fixationToDotMm: number): number {
  return (
    requirePositive(fixationToDotMm, 'fixation-to-dot distance in mm') /
    Math.tan(BLIND_SPOT_ANGLE_DEG * RAD_PER_DEG)
  );
}

/** The mean of several blind-spot sweeps (each a fixation-to-dot distance in mm) as a distance in mm. */
export function averageBlindSpotDistanceMm(sweepsMm: readonly number[]): number {
  if (sweepsMm.length === 0) throw new CoreInputError('at least one blind-spot sweep is needed');
  const sum = sweepsMm.reduce((acc, s) => acc + distanceFromBlindSpotMm(s), 0);
  return sum / sweepsMm.length;
}

/**
 * Share of the window's width the blind-spot dot can travel: the fixation cross sits near the right edge
 * and the dot stops short of the left one.
 */
export const BLIND_SPOT_SWEEP_SHARE = 0.8;

/**
 * The farthest viewing distance, in mm, a blind-spot sweep in a window `windowWidth` CSS px wide can check:
 * the dot can move {@link BLIND_SPOT_SWEEP_SHARE} of the width from the cross, so
 * d = (width / pxPerMm × 0.8) / tan(13.5°). E.g. 1280 px at 3.78 px/mm → 1128 mm. 0 for a window of no width.
 */
export function blindSpotReachMm(windowWidth: CssPx, screen: Pick<Viewing, 'pxPerMm'>): number {
  if (cssPx(windowWidth) === 0) return 0;
  const sweepMm = cssPxToMm(windowWidth, screen) * BLIND_SPOT_SWEEP_SHARE;
  return distanceFromBlindSpotMm(mm(sweepMm));
}
