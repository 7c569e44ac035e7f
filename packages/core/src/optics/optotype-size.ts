import type { AcuityOptotype } from '../acuity/optotypes';
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
 * Snapping rules (the drawn size is what the procedure and the record use, STIMULI.md "Sizes"):
 *
 *   anti-aliased optotypes (Sloan letters, Landolt C; `shape-rendering: geometricPrecision`)
 *     drawn height h′ = max(1, round(exact)) device px: the 5 × 5 cell's corners land on the pixel grid
 *     and the strokes are exact in the geometry (h′ / 5, fractional pixels anti-aliased); the height error
 *     is ≤ 0.5 device px, ≤ 5 % from 10 device px up.
 *   crisp-edged optotypes (Tumbling E; `shape-rendering: crispEdges`, every edge axis-aligned)
 *     drawn height h′ = 5 × max(1, round(exact / 5)) device px, so the stroke s′ = h′ / 5 is a whole
 *     number of device px and every bar, gap and the spine (each 1 unit of the 5 × 5 grid) is exactly s′.
 *     Why: crispEdges rounds each edge to the nearest device pixel; with a fractional stroke s (say
 *     h = 13 px, s = 2.6) the edges at 0, 2.6, 5.2, 7.8, 10.4, 13 round to 0, 3, 5, 8, 10, 13, so the
 *     bars and gaps come out 3, 2, 3, 2, 3 px: up to 0.6 / 2.6 = 23 % too wide or narrow (36 % for s = 2.2).
 *     With a whole s′ every edge k·s′ + offset rounds by the same amount (the offset's), so the widths stay
 *     exactly s′ wherever the element is placed: stroke error 0. The height error grows to ≤ 2.5 device px
 *     (a 10 device px E can stand for an exact 7.5 … 12.5): the logMAR drawn is reported as `logMarShown`.
 *
 * In both cases logMarShown = log10(atan(h′ / d) in arcmin / 5′) with h′ in mm = h′ device px / (pxPerMm ×
 * devicePixelRatio). */

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
  /** Drawn height (= width) of the 5 × 5 cell in device px: whole, ≥ 1 (a multiple of 5 for crisp edges). */
  readonly heightDevicePx: DevicePx;
  /** The drawn height in CSS px (heightDevicePx / devicePixelRatio): what the optotype components take. */
  readonly heightCssPx: CssPx;
  /** Drawn stroke width (= gap) in device px: heightDevicePx / 5 (whole for crisp-edged optotypes). */
  readonly strokeDevicePx: DevicePx;
  /** logMAR the drawn height really shows at this distance. */
  readonly logMarShown: LogMar;
  /**
   * True when the formula's height is at least {@link MIN_FAITHFUL_HEIGHT_DEVICE_PX} device px: the rule
   * `measurableRange` (drawable-range.ts) uses for the smallest level the tests show. Below it the letter
   * cannot be drawn faithfully enough to measure with.
   */
  readonly fits: boolean;
}

/**
 * The smallest optotype the tests show, in device px of the formula's height (one rule for Setup, the Tests
 * page, the guidance and the procedure: drawable-range.ts `measurableRange`). Why 10:
 *   - anti-aliased optotypes snap by ≤ 0.5 px, and 0.5 ≤ 5 % × h ⇔ h ≥ 10 (ISO 10938's 5 % tolerance);
 *   - the stroke is then ≥ 2 device px, which STIMULI.md calls the safer minimum without anti-aliasing;
 *     a crisp-edged E of exact height ≥ 10 is drawn ≥ 10 px tall (round(exact / 5) ≥ 2), stroke ≥ 2 px.
 */
export const MIN_FAITHFUL_HEIGHT_DEVICE_PX = 10 as DevicePx;

/** The step a crisp-edged optotype's height snaps to, in device px: five whole-pixel strokes. */
export const CRISP_HEIGHT_STEP_DEVICE_PX = 5;

/**
 * Whether an optotype is drawn with crisp edges (every edge axis-aligned, `shape-rendering: crispEdges`),
 * so its height snaps to multiples of {@link CRISP_HEIGHT_STEP_DEVICE_PX}: only Tumbling E. Sloan letters
 * (diagonals, curves) and Landolt C (a ring) are anti-aliased.
 */
export function drawsWithCrispEdges(optotype: AcuityOptotype | undefined): boolean {
  return optotype === 'tumbling-e';
}

/**
 * Whether `crispEdges` draws an optotype `heightCssPx` tall with exact strokes at this devicePixelRatio:
 * its stroke (height / 5) must be a whole number of device px (see the snapping rules above). A component
 * given any other height draws it anti-aliased instead, so the strokes stay exact in the geometry.
 */
export function crispStrokesExact(heightCssPx: number, devicePixelRatio: number): boolean {
  const stroke = (heightCssPx * devicePixelRatio) / 5;
  return stroke >= 1 - 1e-6 && Math.abs(stroke - Math.round(stroke)) < 1e-6;
}

/**
 * The on-screen size of an optotype of `logMAR` for this viewing: h(mm) = d · tan(5′ · 10^L), converted to
 * device px = h · pxPerMm · devicePixelRatio and snapped by the rules above: to a whole number of device
 * pixels (error ≤ 0.5 device px), or, for a crisp-edged `optotype` (Tumbling E), to a multiple of 5 device
 * px so every stroke is whole (error ≤ 2.5 device px). The logMAR actually shown is reported back
 * (logMarShown = log10(atan(h′/d) / 5′)). A height under one device pixel (one stroke for E) is drawn as one.
 * Without `optotype` the anti-aliased rule applies.
 * @throws CoreInputError for a logMAR outside −1 … 2.5, or one whose drawn height shows a logMAR outside it
 */
export function optotypeSize(logMAR: LogMar, viewing: Viewing, optotype?: AcuityOptotype): OptotypeSize {
  if (typeof viewing !== 'object' || viewing === null)
    throw new CoreInputError('viewing must be an object (core viewingFrom)');
  const heightMm = optotypeHeightMm(logMAR, viewing.distanceMm);
  const exactHeightDevicePx = mmToDevicePx(heightMm, viewing);
  const step = drawsWithCrispEdges(optotype) ? CRISP_HEIGHT_STEP_DEVICE_PX : 1;
  const heightDevicePx = (step * Math.max(1, Math.round(exactHeightDevicePx / step))) as DevicePx;
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
    // 1e-9 absorbs floating-point noise at exactly the minimum.
    fits: exactHeightDevicePx >= MIN_FAITHFUL_HEIGHT_DEVICE_PX - 1e-9,
  };
}
