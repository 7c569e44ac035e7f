import type { SpokeVisualAngle } from './spoke-angle';

/*
 * How spoke sizes read on the result page and in exports (issue 17): degrees of visual angle at the
 * viewing distance, or for an older record the canvas units, said so. Text only (the maths is in
 * spoke-angle.ts, which the test screen loads), so the results page does not load the test's code.
 */

/** Degrees as text to `digits` decimals with the degree sign: 2.4°. */
export function formatAngle(degrees: number, digits = 2): string {
  return `${Number(degrees.toFixed(digits))}°`;
}

/** A distance in mm as metres to two decimals: 600 → "0.60 m". */
export function formatDistanceM(distanceMm: number): string {
  return `${(distanceMm / 1000).toFixed(2)} m`;
}

/** A spoke eye's averages as stored: canvas units, and the visual angle when recorded. */
export interface SpokeSizes {
  readonly average: number;
  readonly diff: number;
  readonly visualAngle?: SpokeVisualAngle;
}

/**
 * How a spoke eye's average size reads: "2.4° (visual angle at 0.60 m)"; an older record without the
 * conversion: "120.3 canvas units (visual angle: not recorded)".
 */
export function spokeAverageText(sizes: SpokeSizes): string {
  const a = sizes.visualAngle;
  return a
    ? `${formatAngle(a.average)} (visual angle at ${formatDistanceM(a.distanceMm)})`
    : `${Number(sizes.average.toFixed(1))} canvas units (visual angle: not recorded)`;
}

/** How a spoke eye's spread reads: "0.3°", or "4.5 canvas units" for an older record. */
export function spokeSpreadText(sizes: SpokeSizes): string {
  const a = sizes.visualAngle;
  return a ? formatAngle(a.diff) : `${Number(sizes.diff.toFixed(1))} canvas units`;
}
