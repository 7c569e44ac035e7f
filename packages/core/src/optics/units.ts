import { CoreInputError, requireFinite, requireInRange, requirePositive } from '../errors/core-input-error';

/**
 * Branded numbers (DESIGN.md §8): a plain `number` cannot be passed where a length in millimetres, CSS
 * pixels or device pixels is expected, so a px/mm or CSS/device mix-up is a type error instead of a
 * wrong-sized letter. Brand a checked value with the constructor of its unit (`mm(600)`, `cssPx(1080)`);
 * the screen's rates (px per mm, device pixel ratio) are branded once, by `viewingFrom` (viewing.ts).
 */
declare const unit: unique symbol;
/** A number whose unit is part of its type. */
export type Unit<U extends string> = number & { readonly [unit]: U };

/** Log of the minimum angle of resolution (dimensionless); 0 is 6/6, larger is worse. */
export type LogMar = Unit<'logMAR'>;
/** A length on the screen or in the room, in millimetres. */
export type Mm = Unit<'mm'>;
/** A length in CSS pixels (what layout, SVG and canvas sizes take). */
export type CssPx = Unit<'CSS px'>;
/** A length in device pixels (the physical pixel grid: CSS px × devicePixelRatio). */
export type DevicePx = Unit<'device px'>;
/** An angle of visual field in degrees. */
export type Degrees = Unit<'degrees'>;
/** An angle in minutes of arc (1/60 degree). */
export type Arcmin = Unit<'arcmin'>;
/** CSS pixels per millimetre on a calibrated screen (card or diagonal method). */
export type PxPerMm = Unit<'CSS px per mm'>;
/** Device pixels per CSS pixel (`window.devicePixelRatio`: browser zoom and the screen's density). */
export type DevicePixelRatio = Unit<'device px per CSS px'>;
/** CSS pixels per degree of visual angle at a viewing distance. */
export type PxPerDegree = Unit<'CSS px per degree'>;

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
export function cssPx(value: number): CssPx {
  return requireNonNegative(value, 'length in px') as CssPx;
}

/** Checks and brands a non-negative length in device pixels. */
export function devicePx(value: number): DevicePx {
  return requireNonNegative(value, 'length in device px') as DevicePx;
}

/** Checks and brands a strictly positive visual angle in degrees. */
export function degrees(value: number): Degrees {
  return requirePositive(value, 'angle in degrees') as Degrees;
}

/** Checks and brands a strictly positive angle in arcmin. */
export function arcmin(value: number): Arcmin {
  return requirePositive(value, 'angle in arcmin') as Arcmin;
}

function requireNonNegative(value: number, what: string): number {
  const n = requireFinite(value, what);
  if (n < 0) throw new CoreInputError(`${what} must not be negative, got ${n}`);
  return n;
}

/** Decimal acuity = 10^(−logMAR) (dimensionless; 1.0 is 6/6). STIMULI.md "Sizes". */
export function decimalFromLogMar(logMAR: LogMar): number {
  return 10 ** -logMar(logMAR);
}

/**
 * logMAR of a Snellen fraction numerator/denominator (6/x or 20/y, any units): log10(denominator /
 * numerator). STIMULI.md "Sizes": 6/x ⇔ log10(x/6), 20/y ⇔ log10(y/20).
 */
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
