import { CoreInputError, requirePositive } from '../errors/core-input-error';
import {
  cssPx,
  mm,
  type CssPx,
  type Degrees,
  type DevicePixelRatio,
  type DevicePx,
  type Mm,
  type PxPerDegree,
  type PxPerMm,
} from './units';

/**
 * How this person sees this screen: everything that turns a visual angle into pixels. Built once, by
 * {@link viewingFrom}, from the stored calibration and the window; every size on a test screen is computed
 * from it by the functions of this module (STIMULI.md "Screen and distance calibration", "Sizes").
 * A function that needs only part of it takes `Pick<Viewing, …>`.
 */
export interface Viewing {
  /** CSS px per mm on this screen (card or diagonal calibration). */
  readonly pxPerMm: PxPerMm;
  /** Eye-to-screen distance (calibration). */
  readonly distanceMm: Mm;
  /** Device px per CSS px in this window now (`window.devicePixelRatio`). */
  readonly devicePixelRatio: DevicePixelRatio;
  /** Display gamma from Calibrate Colour (dimensionless; `DEFAULT_GAMMA` when not calibrated). */
  readonly gamma: number;
}

/**
 * The {@link Viewing} of a stored calibration (the settings' card or diagonal entry: `pixelsPerMm` in CSS
 * px per mm, `distanceMm`) in a window of `devicePixelRatio`, with the display's `gamma`.
 * @throws CoreInputError unless every number is finite and greater than 0
 */
export function viewingFrom(
  calibration: { readonly pixelsPerMm: number; readonly distanceMm: number },
  devicePixelRatio: number,
  gamma: number,
): Viewing {
  if (typeof calibration !== 'object' || calibration === null)
    throw new CoreInputError('calibration must be an object');
  return {
    pxPerMm: requirePositive(calibration.pixelsPerMm, 'pxPerMm') as PxPerMm,
    distanceMm: requirePositive(calibration.distanceMm, 'distance in mm') as Mm,
    devicePixelRatio: requirePositive(devicePixelRatio, 'devicePixelRatio') as DevicePixelRatio,
    gamma: requirePositive(gamma, 'gamma'),
  };
}

/** A length in mm as CSS px on the calibrated screen: px = mm × pxPerMm. */
export function mmToCssPx(length: Mm, screen: Pick<Viewing, 'pxPerMm'>): CssPx {
  return cssPx(mm(length) * screen.pxPerMm);
}

/** A length in mm as device px, what the pixel grid really draws: mm × pxPerMm × devicePixelRatio. */
export function mmToDevicePx(length: Mm, screen: Pick<Viewing, 'pxPerMm' | 'devicePixelRatio'>): DevicePx {
  return (mm(length) * screen.pxPerMm * screen.devicePixelRatio) as DevicePx;
}

/** A length in CSS px (> 0) as mm on the calibrated screen: mm = px / pxPerMm. */
export function cssPxToMm(length: CssPx, screen: Pick<Viewing, 'pxPerMm'>): Mm {
  return mm(cssPx(length) / screen.pxPerMm);
}

/** A length in device px (> 0) as mm: mm = device px / (pxPerMm × devicePixelRatio). */
export function devicePxToMm(length: DevicePx, screen: Pick<Viewing, 'pxPerMm' | 'devicePixelRatio'>): Mm {
  return mm(length / (screen.pxPerMm * screen.devicePixelRatio));
}

/** A length in device px as CSS px: device px / devicePixelRatio. */
export function devicePxToCssPx(length: DevicePx, screen: Pick<Viewing, 'devicePixelRatio'>): CssPx {
  return cssPx(length / screen.devicePixelRatio);
}

const RAD_PER_DEG = Math.PI / 180;

/**
 * CSS px per degree of visual angle at the viewing distance: ppd = pxPerMm × d × tan(1°) (STIMULI.md
 * "Screen and distance calibration"). E.g. 3.614 px/mm at 3 m → 189.2 px per degree.
 */
export function pixelsPerDegree(viewing: Pick<Viewing, 'pxPerMm' | 'distanceMm'>): PxPerDegree {
  return (viewing.pxPerMm * viewing.distanceMm * Math.tan(RAD_PER_DEG)) as PxPerDegree;
}

/**
 * A stimulus of `angle` degrees of visual angle in whole CSS px, shrunk only when it would not fit in
 * `maxCssPx` (the physical size wins whenever the screen is large enough): max(1, ⌊min(angle × ppd,
 * maxCssPx)⌋). `maxCssPx` may be Infinity (no limit).
 */
export function fitDegreesToCssPx(
  angle: Degrees,
  viewing: Pick<Viewing, 'pxPerMm' | 'distanceMm'>,
  maxCssPx: number,
): CssPx {
  if (Number.isNaN(maxCssPx)) throw new CoreInputError('the largest size in px must be a number, got NaN');
  const physical = angle * pixelsPerDegree(viewing);
  return Math.max(1, Math.floor(Math.min(physical, maxCssPx))) as CssPx;
}
