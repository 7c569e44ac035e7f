/*
 * How the viewing distance of a test was known (issue 18): stored as `data.<test key>.viewing` on each test
 * of a record (docs/results.md). Older records lack it: readers say "not recorded".
 */

/**
 * `'typed'`: the distance typed on Setup; `'blind-spot'`: the blind-spot check's estimate; `'camera'`:
 * measured by the camera during the test (then minMm…maxMm is the range it saw).
 */
export const VIEWING_METHODS = ['typed', 'blind-spot', 'camera'] as const;
export type ViewingMethod = (typeof VIEWING_METHODS)[number];

/** A test's viewing distance and how it was known, in mm. */
export interface ResultViewing {
  method: ViewingMethod;
  /** The distance the test used (camera: the median of the smoothed readings). */
  distanceMm: number;
  /** The range seen (camera) or the spread of the estimate (blind spot); absent for a typed distance. */
  minMm?: number;
  maxMm?: number;
}

/** How a distance was known, in words (the result page, the report, the FHIR export). */
export const VIEWING_METHOD_TEXT: Record<ViewingMethod, string> = {
  typed: 'distance typed',
  'blind-spot': 'distance estimated with the blind-spot check',
  camera: 'distance measured by camera',
};

const metres = (mm: number) => (mm / 1000).toFixed(mm < 1000 ? 2 : 1);

/**
 * One line for a person or a clinician: "distance measured by camera: 2.9–3.1 m", "distance typed:
 * 0.60 m"; "distance: not recorded" for a record without it. A range is shown only when its ends differ
 * once rounded as shown.
 */
export function viewingText(viewing: ResultViewing | undefined): string {
  if (!viewing) return 'distance: not recorded';
  const lo = viewing.minMm === undefined ? undefined : metres(viewing.minMm);
  const hi = viewing.maxMm === undefined ? undefined : metres(viewing.maxMm);
  const value =
    lo !== undefined && hi !== undefined && lo !== hi ? `${lo}–${hi}` : metres(viewing.distanceMm);
  return `${VIEWING_METHOD_TEXT[viewing.method]}: ${value} m`;
}

/** How close the calibration's distance must be to the blind-spot estimate for it to count as that (mm). */
const BLIND_SPOT_MATCH_MM = 5;

/**
 * How the calibration's viewing distance was known when no camera measures it: 'blind-spot' when Setup
 * took it from the blind-spot check (the calibration keeps that estimate in `blindSpotDistanceMm`, and the
 * distance is still it, to the centimetre Setup rounds it to), else 'typed'.
 */
export function plannedViewingMethod(calibration: {
  distanceMm: number;
  blindSpotDistanceMm?: number | undefined;
}): Exclude<ViewingMethod, 'camera'> {
  const estimate = calibration.blindSpotDistanceMm;
  return typeof estimate === 'number' && Math.abs(estimate - calibration.distanceMm) <= BLIND_SPOT_MATCH_MM
    ? 'blind-spot'
    : 'typed';
}
