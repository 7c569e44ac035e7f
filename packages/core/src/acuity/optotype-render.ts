import { CoreInputError } from '../errors/core-input-error';
import { LOGMAR_LIMITS } from '../units/units';
import {
  logMarForHeightMm,
  mm,
  optotypeSize,
  smallestLogMarOnScreen,
  type LogMar,
  type Mm,
  type ScreenCalibration,
} from '../units/units';

/** What the renderer needs to know about the screen and the viewer. */
export interface OptotypeViewing {
  /** CSS px per mm (calibration). */
  readonly pxPerMm: number;
  /** Eye-to-screen distance in mm. */
  readonly distanceMm: number;
  /** Device px per CSS px now (`window.devicePixelRatio`). */
  readonly devicePixelRatio: number;
}

/** How an optotype of a requested logMAR is drawn on this screen. */
export interface OptotypeRenderSize {
  /** Height (= width) of the 5 × 5 cell in CSS px; always a whole number of device px. */
  readonly heightCssPx: number;
  /** The same in device px: a whole number ≥ 1. */
  readonly heightDevicePx: number;
  /** Stroke width (= gap) in device px: heightDevicePx / 5, not necessarily whole. */
  readonly strokeDevicePx: number;
  /** The exact (unsnapped) height in device px the formula asks for. */
  readonly exactHeightDevicePx: number;
  /** logMAR the snapped height really shows at this distance (dimensionless). */
  readonly logMarShown: number;
  /**
   * True when the stroke spans at least one device pixel, i.e. the level is at or above the screen's
   * smallest measurable logMAR (calibration.ts `smallestLogMarOnScreen`); below that the detail cannot be
   * drawn faithfully (STIMULI.md "Sizes").
   */
  readonly fits: boolean;
  /**
   * The screen's smallest measurable logMAR at this distance (stroke = 1 device px), clamped to the logMAR
   * range −1 … 2.5.
   */
  readonly smallestLogMar: number;
}

/**
 * The on-screen size of an optotype of `logMAR`: h(mm) = d · tan(5′ · 10^L) (units.ts
 * `optotypeHeightMm`), converted to device px = h · pxPerMm · devicePixelRatio and rounded to a whole
 * number of device pixels, so edges land on the pixel grid; the rounding error is at most 0.5 device px
 * and the logMAR actually shown is reported back (logMarShown = log10(atan(h′/d) / 5′)). A height under
 * one device pixel is drawn as one.
 * @param logMAR requested acuity level (dimensionless)
 * @param viewing calibration (CSS px per mm, device px per CSS px) and distance in mm
 * @throws CoreInputError for a logMAR outside −1 … 2.5 or non-positive calibration numbers
 */
export function optotypeRenderSize(logMAR: number, viewing: OptotypeViewing): OptotypeRenderSize {
  if (typeof viewing !== 'object' || viewing === null)
    throw new CoreInputError('viewing geometry must be an object');
  const distance = mm(viewing.distanceMm);
  const calibration: ScreenCalibration = {
    pxPerMm: viewing.pxPerMm,
    devicePixelRatio: viewing.devicePixelRatio,
  };
  const exact = optotypeSize(logMAR as LogMar, distance, calibration);
  const exactHeightDevicePx = exact.heightPx * viewing.devicePixelRatio;
  const heightDevicePx = Math.max(1, Math.round(exactHeightDevicePx));
  const strokeDevicePx = heightDevicePx / 5;
  const shownMm = (heightDevicePx / (viewing.pxPerMm * viewing.devicePixelRatio)) as Mm;
  const smallestLogMar = smallestMeasurable(distance, calibration);
  let logMarShown: number;
  try {
    logMarShown = logMarForHeightMm(shownMm, distance);
  } catch {
    throw new CoreInputError(
      `logMAR ${logMAR} rounds to ${heightDevicePx} device px, which is outside the logMAR range`,
    );
  }
  return {
    heightCssPx: heightDevicePx / viewing.devicePixelRatio,
    heightDevicePx,
    strokeDevicePx,
    exactHeightDevicePx,
    logMarShown,
    // 1e-9 absorbs floating-point noise at exactly one device pixel.
    fits: strokeDevicePx >= 1 - 1e-9,
    smallestLogMar,
  };
}

/** `smallestLogMarOnScreen`, clamped to {@link LOGMAR_LIMITS} instead of throwing at the extremes. */
function smallestMeasurable(distance: Mm, calibration: ScreenCalibration): number {
  try {
    return smallestLogMarOnScreen(distance, calibration);
  } catch (error) {
    if (!(error instanceof CoreInputError)) throw error;
    // Out of range: either even logMAR −1 has a stroke ≥ 1 device px, or nothing up to 2.5 has.
    const atBest = optotypeSize(LOGMAR_LIMITS.min as LogMar, distance, calibration);
    return atBest.strokeDevicePx >= 1 ? LOGMAR_LIMITS.min : LOGMAR_LIMITS.max;
  }
}

/**
 * Smallest optotype height, in device px, that snapping to whole device pixels keeps within 5 % of the
 * formula (ISO 10938): the snap moves the height by at most 0.5 px, and 0.5 ≤ 5 % × h ⇔ h ≥ 10. Its stroke is
 * then 2 device px, which STIMULI.md calls the safer minimum without anti-aliasing.
 */
export const MIN_FAITHFUL_HEIGHT_DEVICE_PX = 10;

/**
 * The smallest logMAR whose optotype is at least {@link MIN_FAITHFUL_HEIGHT_DEVICE_PX} device px tall at this
 * viewing (h = d·tan(5′·10^L) solved for L). The acuity procedure shows no smaller level, so every letter it
 * draws is within 5 % of its nominal size.
 */
export function smallestFaithfulLogMar(viewing: OptotypeViewing): number {
  const heightMm = MIN_FAITHFUL_HEIGHT_DEVICE_PX / (viewing.pxPerMm * viewing.devicePixelRatio);
  return logMarForHeightMm(heightMm as Mm, mm(viewing.distanceMm));
}
