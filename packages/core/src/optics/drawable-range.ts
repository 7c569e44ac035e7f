import { requirePositive } from '../errors/core-input-error';
import { LEVEL_STEP_LOGMAR, SCALE_MAX_LOGMAR, SCALE_MIN_LOGMAR, snellenLabel } from '../acuity/scale';
import { distanceForHeightMm, logMarForHeightMm, rawLogMarForHeightMm } from './optotype-size';
import { devicePx, logMar, type CssPx, type DevicePx, type LogMar, type Mm } from './units';
import { cssPxToMm, devicePxToMm, type Viewing } from './viewing';

/*
 * The range of logMAR a screen can draw at a distance (STIMULI.md "Sizes", "Range and censoring").
 *
 *   smallest: the stroke (h / 5) spans `s` device px (s = 1; ≥ 2 is safer without anti-aliasing):
 *             h = 5 · s / (pxPerMm · dpr) mm,  L = log10(atan(h / d) in arcmin / 5′)
 *   largest:  the optotype fits the available height H CSS px: h = H / pxPerMm mm, same L
 *   distance for a floor of L with stroke s:  d = 5 · s / (pxPerMm · dpr) / tan(5′ × 10^L)
 *
 * Worked (STIMULI.md): 3.78 px/mm at dpr 1 and 0.6 m draws logMAR 0 at 3.3 px, stroke 0.66 px, below the
 * floor; at 3 m it is 16.5 px, stroke 3.3 px.
 */

/** Height in mm of an optotype whose stroke is `minStrokeDevicePx` device px: 5 strokes. */
function heightForStrokeMm(
  viewing: Pick<Viewing, 'pxPerMm' | 'devicePixelRatio'>,
  minStrokeDevicePx: number,
): Mm {
  const stroke = devicePxToMm(
    devicePx(requirePositive(minStrokeDevicePx, 'minimum stroke in device px')),
    viewing,
  );
  return (stroke * 5) as Mm;
}

/**
 * The smallest logMAR a screen can draw faithfully at the viewing distance: the one whose stroke (height
 * / 5) is `minStrokeDevicePx` device pixels (STIMULI.md: ≥ 1, ≥ 2 is safer without anti-aliasing).
 * @throws CoreInputError when that level lies outside −1 … 2.5
 */
export function smallestLogMarOnScreen(viewing: Viewing, minStrokeDevicePx = 1): LogMar {
  return logMarForHeightMm(heightForStrokeMm(viewing, minStrokeDevicePx), viewing.distanceMm);
}

/**
 * The largest logMAR whose optotype height fits in `availableHeight` CSS px (> 0) at the viewing distance.
 * @throws CoreInputError when that level lies outside −1 … 2.5
 */
export function largestLogMarOnScreen(viewing: Viewing, availableHeight: CssPx): LogMar {
  return logMarForHeightMm(cssPxToMm(availableHeight, viewing), viewing.distanceMm);
}

/**
 * Smallest optotype height, in device px, that snapping to whole device pixels keeps within 5 % of the
 * formula (ISO 10938): the snap moves the height by at most 0.5 px, and 0.5 ≤ 5 % × h ⇔ h ≥ 10. Its stroke is
 * then 2 device px, which STIMULI.md calls the safer minimum without anti-aliasing.
 */
export const MIN_FAITHFUL_HEIGHT_DEVICE_PX = 10 as DevicePx;

/**
 * The smallest logMAR whose optotype is at least {@link MIN_FAITHFUL_HEIGHT_DEVICE_PX} device px tall at this
 * viewing (h = d·tan(5′·10^L) solved for L). The acuity procedure shows no smaller level, so every letter it
 * draws is within 5 % of its nominal size.
 * @throws CoreInputError when that level lies outside −1 … 2.5
 */
export function smallestFaithfulLogMar(viewing: Viewing): LogMar {
  return logMarForHeightMm(devicePxToMm(MIN_FAITHFUL_HEIGHT_DEVICE_PX, viewing), viewing.distanceMm);
}

/**
 * Viewing distance at which an optotype of `logMAR` has a stroke of exactly `minStrokeDevicePx` device
 * pixels: d = 5 × stroke(mm) / tan(5′ × 10^L). Standing further away makes finer lines measurable.
 * E.g. 3.614 px/mm at devicePixelRatio 1 and logMAR −0.2 → 1507.6 mm.
 */
export function distanceForSmallestLogMarMm(
  logMAR: LogMar,
  screen: Pick<Viewing, 'pxPerMm' | 'devicePixelRatio'>,
  minStrokeDevicePx = 1,
): Mm {
  return distanceForHeightMm(logMAR, heightForStrokeMm(screen, minStrokeDevicePx));
}

/** What a calibrated screen can measure at a distance (shown on Setup, used to cap the procedure). */
export interface ScreenCapability {
  /** Exact logMAR whose stroke is one device pixel (dimensionless, unclamped: may lie outside −1 … 2.5). */
  smallestLogMar: number;
  /** The smallest chart line (0.1 logMAR steps) that is fully drawable, clamped to the scale. */
  smallestLine: number;
  /** Its metric Snellen label, e.g. "6/4.8". */
  smallestSnellen: string;
  /** The largest chart line whose optotype fits the available height, or null if none fits. */
  largestLine: number | null;
  largestSnellen: string | null;
  /** True when the smallest line is above the scale's best line: standing further away helps. */
  standFurther: boolean;
  /** Distance at which the scale's best line ({@link SCALE_MIN_LOGMAR}) becomes drawable. */
  distanceForBestLineMm: Mm;
}

const EPS = 1e-9;

/**
 * The measuring range of a screen (STIMULI.md "Sizes"): the smallest logMAR has a stroke of at least one
 * device pixel; the largest optotype must fit `availableHeight` CSS px (> 0). Lines are 0.1 logMAR apart and
 * clamped to the acuity scale (−0.2 … 1.8).
 */
export function screenCapability(viewing: Viewing, availableHeight: CssPx): ScreenCapability {
  const height = requirePositive(availableHeight, 'available height in px') as CssPx;
  const d = viewing.distanceMm;
  const smallest = rawLogMarForHeightMm(heightForStrokeMm(viewing, 1), d);
  const step = LEVEL_STEP_LOGMAR;
  const smallestLine = Math.max(SCALE_MIN_LOGMAR, round1(Math.ceil(smallest / step - EPS) * step));
  const largest = rawLogMarForHeightMm(cssPxToMm(height, viewing), d);
  const largestLineRaw = round1(Math.floor(largest / step + EPS) * step);
  const largestLine = largestLineRaw < smallestLine ? null : Math.min(SCALE_MAX_LOGMAR, largestLineRaw);
  const clampForLabel = (l: number) => Math.min(SCALE_MAX_LOGMAR, Math.max(SCALE_MIN_LOGMAR, l));
  return {
    smallestLogMar: smallest,
    smallestLine,
    smallestSnellen: snellenLabel(clampForLabel(smallestLine)),
    largestLine,
    largestSnellen: largestLine === null ? null : snellenLabel(largestLine),
    standFurther: smallestLine > SCALE_MIN_LOGMAR + EPS,
    distanceForBestLineMm: distanceForSmallestLogMarMm(logMar(SCALE_MIN_LOGMAR), viewing),
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10 + 0; // + 0 turns −0 into 0
}
