import { CoreInputError, requireFinite, requirePositive } from '../errors/core-input-error';
import type { Viewing } from '../optics/viewing';
import { meanAndDeviation, round3 } from '../stats/stats';
import { SPOKE_CANVAS } from './spoke-circle';

/*
 * Spoke sizes as a clinician can read them (issue 17). Spoke Circle and Spoke Ellipse record sizes in
 * canvas units of a 400 × 400 box that is drawn 400, 300 or 250 CSS px wide depending on the window
 * (SPEC.md §2), so the same number means a different size on another screen or window. At test time the
 * display knows the box's drawn size and the calibration (CSS px per mm, eye-to-screen distance), so it
 * records each round's size as the visual angle it subtended:
 *
 *   size_mm = units × (box CSS px / 400) / (CSS px per mm)
 *   angle   = 2 · atan(size_mm / (2 · distance_mm))      (the full angle the diameter subtends)
 *
 * Each round is converted with the box size of that round (the window may be resized between rounds);
 * average and spread are then taken over the angles, to 3 decimals like the canvas-unit ones.
 */

/** The visual-angle form of a spoke eye's sizes: degrees, at the viewing distance used. */
export interface SpokeVisualAngle {
  /** Eye-to-screen distance the sizes were seen from, mm (the calibration's). */
  readonly distanceMm: number;
  /** Each round's size (circle diameter, or ellipse width) as a visual angle, degrees to 3 decimals. */
  readonly sizes: readonly number[];
  /** Mean of `sizes`, degrees to 3 decimals. */
  readonly average: number;
  /** Spread (sample standard deviation) of `sizes`, degrees to 3 decimals. */
  readonly diff: number;
}

const DEG_PER_RAD = 180 / Math.PI;

/**
 * The full visual angle, in degrees, of a length `sizeMm` seen face-on from `distanceMm`:
 * 2 · atan(size / (2 · distance)). E.g. 10 mm at 600 mm → 0.955°; 6.28 mm at 600 mm → 0.6°.
 */
export function visualAngleDegrees(sizeMm: number, distanceMm: number): number {
  const size = requireFinite(sizeMm, 'size in mm');
  if (size < 0) throw new CoreInputError(`size in mm must be 0 or more, got ${size}`);
  const d = requirePositive(distanceMm, 'distance in mm');
  return 2 * Math.atan(size / (2 * d)) * DEG_PER_RAD;
}

/**
 * Millimetres on screen of one canvas unit when the 400-unit spoke box is drawn `boxCssPx` CSS px wide on
 * a screen of `pxPerMm` CSS px per mm: (boxCssPx / 400) / pxPerMm. E.g. 400 px at 3.78 px/mm → 0.2646 mm.
 */
export function spokeUnitMm(boxCssPx: number, pxPerMm: number): number {
  return (
    requirePositive(boxCssPx, 'spoke box size in CSS px') / SPOKE_CANVAS / requirePositive(pxPerMm, 'pxPerMm')
  );
}

/**
 * A spoke size in canvas units as the visual angle it subtends, degrees to 3 decimals, for a box drawn
 * `boxCssPx` CSS px wide with this viewing (calibration px/mm and distance).
 */
export function spokeSizeDegrees(
  units: number,
  boxCssPx: number,
  viewing: Pick<Viewing, 'pxPerMm' | 'distanceMm'>,
): number {
  const u = requireFinite(units, 'spoke size in canvas units');
  if (u < 0 || u > SPOKE_CANVAS) throw new CoreInputError(`spoke size must be 0 … ${SPOKE_CANVAS}, got ${u}`);
  return round3(visualAngleDegrees(u * spokeUnitMm(boxCssPx, viewing.pxPerMm), viewing.distanceMm));
}

/** The visual-angle record of a list of per-round angles (degrees) seen from `distanceMm`. */
export function spokeVisualAngle(sizesDegrees: readonly number[], distanceMm: number): SpokeVisualAngle {
  const d = requirePositive(distanceMm, 'distance in mm');
  const sizes = sizesDegrees.map((s, i) => round3(requireFinite(s, `angle ${i}`)));
  const { mean, deviation } = meanAndDeviation(sizes);
  return { distanceMm: d, sizes, average: mean, diff: deviation };
}

/**
 * A finished spoke eye's result with its visual angle: `anglesDegrees` are the rounds' sizes as
 * {@link spokeSizeDegrees} gave them at each submit (one per round, in order), seen from `distanceMm`.
 * @throws CoreInputError when there is not exactly one angle per recorded round
 */
export function withVisualAngle<T extends { readonly acuityResults: readonly unknown[] }>(
  result: T,
  anglesDegrees: readonly number[],
  distanceMm: number,
): T & { readonly visualAngle: SpokeVisualAngle } {
  if (anglesDegrees.length !== result.acuityResults.length)
    throw new CoreInputError(
      `one visual angle per round is needed: ${anglesDegrees.length} angles for ${result.acuityResults.length} rounds`,
    );
  return { ...result, visualAngle: spokeVisualAngle(anglesDegrees, distanceMm) };
}
