import { CoreInputError } from '../errors/core-input-error';
import { arcmin, logMar, mm, type Arcmin, type CssPx, type DevicePx, type LogMar, type Mm } from './units';
import { devicePxToCssPx, mmToDevicePx, type Viewing } from './viewing';

/*
 * Optotype sizes (STIMULI.md "Sizes", DESIGN.md §7).
 *
 *   detail (stroke = gap) at logMAR L   10^L arcmin           (1′ at logMAR 0, Snellen 6/6)
 *   overall angle                       5′ × 10^L
 *   height in mm at distance d (mm)     h = d × tan(5′ × 10^L)        4 m, logMAR 0 → 5.82 mm
 *   stroke                              h / 5                         (ISO 8596, the 5 × 5 grid)
 *   device px                           h × pxPerMm × devicePixelRatio
 *
 * Snapping rule: the drawn height is the formula's height in device px rounded to a whole number (at least
 * one), so every edge of the 5 × 5 cell lands on the pixel grid; the error is ≤ 0.5 device px, and the
 * logMAR actually drawn is log10(atan(h′ / d) in arcmin / 5′) for the drawn height h′ (STIMULI.md: "the
 * procedure and the record use the drawn value").
 */

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

/** Overall angle of an optotype of logMAR L in radians: 5′ × 10^L. */
function optotypeAngleRad(logMAR: number): number {
  return OPTOTYPE_ARCMIN_AT_LOGMAR_0 * 10 ** logMAR * DEG_PER_ARCMIN * RAD_PER_DEG;
}

/**
 * logMAR of an optotype `heightMm` tall at `distanceMm` (both > 0), unchecked and unbranded, so it may lie
 * outside {@link LOGMAR_LIMITS}: L = log10(atan(h / d) in arcmin / 5′).
 */
export function rawLogMarForHeightMm(heightMm: number, distanceMm: number): number {
  const angleArcmin = Math.atan(heightMm / distanceMm) / RAD_PER_DEG / DEG_PER_ARCMIN;
  return Math.log10(angleArcmin / OPTOTYPE_ARCMIN_AT_LOGMAR_0);
}

/**
 * Optotype height in mm at a viewing distance: h = d × tan(5′ × 10^L), 5′ = 5/60° (STIMULI.md, DESIGN.md §7).
 * E.g. logMAR 0 at 4000 mm → 5.82 mm.
 * @param logMAR acuity level (dimensionless)
 * @param distanceMm eye-to-screen distance in mm (> 0)
 */
export function optotypeHeightMm(logMAR: LogMar, distanceMm: Mm): Mm {
  const d = mm(distanceMm);
  return (d * Math.tan(optotypeAngleRad(logMar(logMAR)))) as Mm;
}

/**
 * Inverse of {@link optotypeHeightMm}: L = log10(atan(h / d) in arcmin / 5′). Both lengths in mm.
 * @throws CoreInputError when the result lies outside {@link LOGMAR_LIMITS}
 */
export function logMarForHeightMm(heightMm: Mm, distanceMm: Mm): LogMar {
  return logMar(rawLogMarForHeightMm(mm(heightMm), mm(distanceMm)));
}

/**
 * Viewing distance in mm at which an optotype `heightMm` tall shows logMAR L: d = h / tan(5′ × 10^L)
 * (the height formula solved for d).
 */
export function distanceForHeightMm(logMAR: LogMar, heightMm: Mm): Mm {
  return (mm(heightMm) / Math.tan(optotypeAngleRad(logMar(logMAR)))) as Mm;
}

/**
 * Stroke width = gap = height / 5 (ISO 8596 for Landolt C, the 5×5 grid for Tumbling E and Sloan).
 * @param heightMm optotype height in mm
 * @returns stroke width in mm
 */
export function strokeMm(heightMm: Mm): Mm {
  return (mm(heightMm) / 5) as Mm;
}

/** How an optotype of a requested logMAR is drawn on this screen at this distance. */
export interface OptotypeSize {
  /** Height the formula asks for, h = d × tan(5′ × 10^L). */
  readonly heightMm: Mm;
  /** Stroke (= gap) the formula asks for: height / 5. */
  readonly strokeMm: Mm;
  /** The formula's height in device px, unsnapped: h × pxPerMm × devicePixelRatio. */
  readonly exactHeightDevicePx: DevicePx;
  /** Drawn height (= width) of the 5 × 5 cell in device px: the exact height rounded, a whole number ≥ 1. */
  readonly heightDevicePx: DevicePx;
  /** The drawn height in CSS px (heightDevicePx / devicePixelRatio): what the optotype components take. */
  readonly heightCssPx: CssPx;
  /** Drawn stroke width (= gap) in device px: heightDevicePx / 5, not necessarily whole. */
  readonly strokeDevicePx: DevicePx;
  /** logMAR the drawn height really shows at this distance. */
  readonly logMarShown: LogMar;
  /**
   * True when the drawn stroke spans at least one device pixel, i.e. the level is at or above the screen's
   * smallest measurable logMAR (drawable-range.ts `smallestLogMarOnScreen`); below that the detail cannot
   * be drawn faithfully (STIMULI.md "Sizes").
   */
  readonly fits: boolean;
}

/**
 * The on-screen size of an optotype of `logMAR` for this viewing: h(mm) = d · tan(5′ · 10^L), converted to
 * device px = h · pxPerMm · devicePixelRatio and rounded to a whole number of device pixels, so edges land
 * on the pixel grid; the rounding error is at most 0.5 device px and the logMAR actually shown is reported
 * back (logMarShown = log10(atan(h′/d) / 5′)). A height under one device pixel is drawn as one.
 * @throws CoreInputError for a logMAR outside −1 … 2.5, or one whose drawn height shows a logMAR outside it
 */
export function optotypeSize(logMAR: LogMar, viewing: Viewing): OptotypeSize {
  if (typeof viewing !== 'object' || viewing === null)
    throw new CoreInputError('viewing must be an object (core viewingFrom)');
  const heightMm = optotypeHeightMm(logMAR, viewing.distanceMm);
  const exactHeightDevicePx = mmToDevicePx(heightMm, viewing);
  const heightDevicePx = Math.max(1, Math.round(exactHeightDevicePx)) as DevicePx;
  const strokeDevicePx = (heightDevicePx / 5) as DevicePx;
  const shownMm = heightDevicePx / (viewing.pxPerMm * viewing.devicePixelRatio);
  let logMarShown: LogMar;
  try {
    logMarShown = logMarForHeightMm(shownMm as Mm, viewing.distanceMm);
  } catch {
    throw new CoreInputError(
      `logMAR ${logMAR} rounds to ${heightDevicePx} device px, which is outside the logMAR range`,
    );
  }
  return {
    heightMm,
    strokeMm: strokeMm(heightMm),
    exactHeightDevicePx,
    heightDevicePx,
    heightCssPx: devicePxToCssPx(heightDevicePx, viewing),
    strokeDevicePx,
    logMarShown,
    // 1e-9 absorbs floating-point noise at exactly one device pixel.
    fits: strokeDevicePx >= 1 - 1e-9,
  };
}
