import { CoreInputError, requireFinite, requireInRange } from '../errors/core-input-error';

/**
 * Branded numbers (DESIGN.md §8): a plain `number` cannot be passed where a length in millimetres or a
 * logMAR is expected, so a px/mm mix-up is a type error instead of a wrong-sized letter.
 */
declare const brand: unique symbol;
type Brand<T, B extends string> = T & { readonly [brand]: B };

/** Log of the minimum angle of resolution (dimensionless); 0 is 6/6, larger is worse. */
export type LogMar = Brand<number, 'LogMar'>;
/** A length in millimetres. */
export type Mm = Brand<number, 'Mm'>;
/** A length in CSS pixels unless the name says device pixels. */
export type Px = Brand<number, 'Px'>;
/** An angle in minutes of arc (1/60 degree). */
export type Arcmin = Brand<number, 'Arcmin'>;

/**
 * The logMAR range core accepts anywhere (dimensionless). Below −1 (decimal 10) no human resolves;
 * at 2.5 the 5′ × 10^L optotype already subtends 26°, and at ≈ 3.03 it would reach 90°, where the height
 * formula breaks down.
 */
export const LOGMAR_LIMITS = { min: -1, max: 2.5 } as const;

/** Checks and brands a logMAR value (dimensionless, within {@link LOGMAR_LIMITS}). */
export function logMar(value: number): LogMar {
  return requireInRange(value, LOGMAR_LIMITS.min, LOGMAR_LIMITS.max, 'logMAR') as LogMar;
}

/** Checks and brands a strictly positive length in millimetres. */
export function mm(value: number): Mm {
  return requirePositive(value, 'length in mm') as Mm;
}

/** Checks and brands a non-negative length in CSS pixels. */
export function px(value: number): Px {
  const n = requireFinite(value, 'length in px');
  if (n < 0) throw new CoreInputError(`length in px must not be negative, got ${n}`);
  return n as Px;
}

/** Checks and brands a strictly positive angle in arcmin. */
export function arcmin(value: number): Arcmin {
  return requirePositive(value, 'angle in arcmin') as Arcmin;
}

function requirePositive(value: number, what: string): number {
  const n = requireFinite(value, what);
  if (n <= 0) throw new CoreInputError(`${what} must be greater than 0, got ${n}`);
  return n;
}

const DEG_PER_ARCMIN = 1 / 60;
const RAD_PER_DEG = Math.PI / 180;

/** Overall angular size of an optotype at acuity 1.0 (arcmin): 5′, with 1′ details (STIMULI.md "Sizes"). */
export const OPTOTYPE_ARCMIN_AT_LOGMAR_0 = 5;

/** Detail (stroke, gap) size of an optotype at logMAR L, in arcmin: 10^L (1′ at logMAR 0). */
export function detailArcmin(logMAR: LogMar): Arcmin {
  return (10 ** logMar(logMAR)) as Arcmin;
}

/** logMAR of an optotype whose detail subtends `detail` arcmin: log10(detail / 1′). */
export function logMarFromDetailArcmin(detail: Arcmin): LogMar {
  return logMar(Math.log10(arcmin(detail)));
}

/**
 * Optotype height in mm at a viewing distance: h = d × tan(5′ × 10^L), 5′ = 5/60° (STIMULI.md, DESIGN.md §7).
 * E.g. logMAR 0 at 4000 mm → 5.82 mm.
 * @param logMAR acuity level (dimensionless)
 * @param distanceMm eye-to-screen distance in mm (> 0)
 */
export function optotypeHeightMm(logMAR: LogMar, distanceMm: Mm): Mm {
  const d = mm(distanceMm);
  const angleDeg = OPTOTYPE_ARCMIN_AT_LOGMAR_0 * 10 ** logMar(logMAR) * DEG_PER_ARCMIN;
  return (d * Math.tan(angleDeg * RAD_PER_DEG)) as Mm;
}

/** Inverse of {@link optotypeHeightMm}: L = log10(atan(h / d) in arcmin / 5′). Both lengths in mm. */
export function logMarForHeightMm(heightMm: Mm, distanceMm: Mm): LogMar {
  const angleArcmin = Math.atan(mm(heightMm) / mm(distanceMm)) / RAD_PER_DEG / DEG_PER_ARCMIN;
  return logMar(Math.log10(angleArcmin / OPTOTYPE_ARCMIN_AT_LOGMAR_0));
}

/**
 * Stroke width = gap = height / 5 (ISO 8596 for Landolt C, the 5×5 grid for Tumbling E and Sloan).
 * @param heightMm optotype height in mm
 * @returns stroke width in mm
 */
export function strokeMm(heightMm: Mm): Mm {
  return (mm(heightMm) / 5) as Mm;
}

/** A screen calibration: CSS pixels per mm on this screen, and the device pixels per CSS pixel. */
export interface ScreenCalibration {
  /** CSS px per mm (> 0), from the card or diagonal method. */
  readonly pxPerMm: number;
  /** `window.devicePixelRatio` at calibration time (device px per CSS px, > 0). */
  readonly devicePixelRatio: number;
}

function checkCalibration(c: ScreenCalibration): ScreenCalibration {
  if (typeof c !== 'object' || c === null) throw new CoreInputError('calibration must be an object');
  requirePositive(c.pxPerMm, 'pxPerMm');
  requirePositive(c.devicePixelRatio, 'devicePixelRatio');
  return c;
}

/** A length in mm as CSS px on a calibrated screen: px = mm × pxPerMm. */
export function mmToPx(length: Mm, calibration: ScreenCalibration): Px {
  return px(mm(length) * checkCalibration(calibration).pxPerMm) as Px;
}

/** A length in mm as device pixels: mm × pxPerMm × devicePixelRatio (what the pixel grid really draws). */
export function mmToDevicePx(length: Mm, calibration: ScreenCalibration): number {
  const c = checkCalibration(calibration);
  return mm(length) * c.pxPerMm * c.devicePixelRatio;
}

/** A length in CSS px as mm: mm = px / pxPerMm. */
export function pxToMm(length: Px, calibration: ScreenCalibration): Mm {
  return mm(px(length) / checkCalibration(calibration).pxPerMm);
}

/** Width of an ID-1 card (ISO/IEC 7810) in mm, the card-calibration reference. */
export const ID1_CARD_WIDTH_MM = 85.6;

/** Card method: CSS px per mm = on-screen card width in CSS px / 85.60 mm. */
export function pxPerMmFromCard(cardWidthPx: Px): number {
  return requirePositive(cardWidthPx, 'card width in px') / ID1_CARD_WIDTH_MM;
}

/**
 * Diagonal method: CSS px per mm = √(w² + h²) / (diagonal in inches × 25.4) / devicePixelRatio, with
 * w × h the native resolution in device pixels.
 */
export function pxPerMmFromDiagonal(
  widthDevicePx: number,
  heightDevicePx: number,
  diagonalInches: number,
  devicePixelRatio: number,
): number {
  const w = requirePositive(widthDevicePx, 'screen width in device px');
  const h = requirePositive(heightDevicePx, 'screen height in device px');
  const diagonalMm = requirePositive(diagonalInches, 'diagonal in inches') * 25.4;
  return Math.hypot(w, h) / diagonalMm / requirePositive(devicePixelRatio, 'devicePixelRatio');
}

/** Pixels per degree of visual angle at a distance: pxPerMm × d(mm) × tan(1°). */
export function pixelsPerDegree(pxPerMm: number, distanceMm: Mm): number {
  return requirePositive(pxPerMm, 'pxPerMm') * mm(distanceMm) * Math.tan(RAD_PER_DEG);
}

/**
 * The smallest logMAR a screen can draw faithfully at a distance: the one whose stroke (height / 5) is
 * `minStrokeDevicePx` device pixels (STIMULI.md: ≥ 1, ≥ 2 is safer without anti-aliasing). This caps the
 * acuity procedure's `minLogMAR`.
 */
export function smallestLogMarOnScreen(
  distanceMm: Mm,
  calibration: ScreenCalibration,
  minStrokeDevicePx = 1,
): LogMar {
  const c = checkCalibration(calibration);
  const strokeMmNeeded =
    requirePositive(minStrokeDevicePx, 'minimum stroke in device px') / (c.pxPerMm * c.devicePixelRatio);
  return logMarForHeightMm((strokeMmNeeded * 5) as Mm, distanceMm);
}

/** The largest logMAR whose optotype height fits in `availableHeightPx` CSS px at a distance. */
export function largestLogMarOnScreen(
  availableHeightPx: Px,
  distanceMm: Mm,
  calibration: ScreenCalibration,
): LogMar {
  return logMarForHeightMm(pxToMm(availableHeightPx, calibration), distanceMm);
}

/** Decimal acuity = 10^(−logMAR) (dimensionless; 1.0 is 6/6). */
export function decimalFromLogMar(logMAR: LogMar): number {
  return 10 ** -logMar(logMAR);
}

/** logMAR of a Snellen fraction numerator/denominator (6/x or 20/y, any units): log10(denominator / numerator). */
export function logMarFromSnellen(numerator: number, denominator: number): LogMar {
  const n = requirePositive(numerator, 'Snellen numerator');
  const d = requirePositive(denominator, 'Snellen denominator');
  return logMar(Math.log10(d / n));
}

/** The Snellen denominator for a numerator (6 for metres, 20 for feet): numerator × 10^logMAR. */
export function snellenDenominator(logMAR: LogMar, numerator: 6 | 20): number {
  if (numerator !== 6 && numerator !== 20) throw new CoreInputError('Snellen numerator must be 6 or 20');
  return numerator * 10 ** logMar(logMAR);
}

/**
 * Everything a screen needs to draw an optotype of `logMAR` at `distanceMm`: height and stroke (= gap,
 * height / 5) in mm, CSS px and device px, and whether the stroke spans at least one device pixel
 * (STIMULI.md: below that the detail cannot be drawn faithfully).
 */
export function optotypeSize(
  logMAR: LogMar,
  distanceMm: Mm,
  calibration: ScreenCalibration,
): {
  heightMm: Mm;
  strokeMm: Mm;
  heightPx: Px;
  strokePx: Px;
  strokeDevicePx: number;
  drawable: boolean;
} {
  const heightMm = optotypeHeightMm(logMAR, distanceMm);
  const stroke = strokeMm(heightMm);
  const strokeDevicePx = mmToDevicePx(stroke, calibration);
  return {
    heightMm,
    strokeMm: stroke,
    heightPx: mmToPx(heightMm, calibration),
    strokePx: mmToPx(stroke, calibration),
    strokeDevicePx,
    drawable: strokeDevicePx >= 1,
  };
}
