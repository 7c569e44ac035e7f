import { CoreInputError, requirePositive } from '../errors/core-input-error';

/*
 * Blind-spot distance with the reaction time cancelled (issue 18).
 *
 * The dot vanishes when it enters the blind spot, whose centre lies ≈ 15° temporal to fixation and which
 * is ≈ 5.5° wide (12.25°…17.75°). A person presses a reaction time t (≈ 0.2–0.4 s) after it vanishes,
 * when the dot, moving at v mm/s, has gone v·t further. The older estimate (one direction, 13.5°) thus ran
 * long: +v·t over the ≈ 140 mm of a 60-cm sweep is +3…13 %, and taking the near edge for 13.5° rather than
 * its true ≈ 12.25° adds another +10 %.
 *
 * Two directions:
 *   outward (dot starts near the cross, moves away): it vanishes at the near edge x_n = d·tan 12.25°,
 *       the press comes at o = x_n + v·t;
 *   inward (dot starts beyond the blind spot, moves towards the cross): it vanishes at the far edge
 *       x_f = d·tan 17.75°, the press comes at i = x_f − v·t.
 * Their mean (o + i)/2 = (x_n + x_f)/2 does not depend on t, and equals d·(tan 12.25° + tan 17.75°)/2 =
 * d × 0.2686, within 0.3 % of d·tan 15° (0.2679): so d = ((o + i)/2) / tan 15°.
 *
 * The edges differ between people by about ±1°, the centre much less (it is where the optic disc is):
 * the mean of both directions is also the better anchor for that reason. The spread reported is that of
 * the per-pair distances (one outward and one inward sweep each).
 */

/** Centre of the blind spot, degrees from fixation (temporal). */
export const BLIND_SPOT_CENTRE_DEG = 15;

const TAN_CENTRE = Math.tan((BLIND_SPOT_CENTRE_DEG * Math.PI) / 180);

/** Sweep positions (fixation-to-dot, mm on the calibrated screen) at the moment the person pressed. */
export interface BlindSpotSweeps {
  /** Dot moving away from the cross. */
  readonly outwardMm: readonly number[];
  /** Dot moving towards the cross. */
  readonly inwardMm: readonly number[];
}

export interface BlindSpotEstimate {
  /** d = ((mean outward + mean inward) / 2) / tan 15°, mm. */
  readonly distanceMm: number;
  /** The lowest and highest per-pair distance, mm (equal to distanceMm with one pair). */
  readonly minMm: number;
  readonly maxMm: number;
}

/**
 * The reaction-free distance from sweeps in both directions. Pairs are formed in order (outward[k],
 * inward[k]); extra sweeps of one direction count in the means but form no pair.
 * E.g. outward 130 mm and inward 192 mm → (161 / 0.2679) = 601 mm.
 * @throws CoreInputError without at least one sweep in each direction, or for a non-positive position, or
 * when the inward presses do not lie beyond the outward ones (the dot was not seen to vanish).
 */
export function blindSpotEstimate(sweeps: BlindSpotSweeps): BlindSpotEstimate {
  const { outwardMm, inwardMm } = sweeps;
  if (outwardMm.length === 0 || inwardMm.length === 0)
    throw new CoreInputError('at least one blind-spot sweep in each direction is needed');
  outwardMm.forEach((o) => requirePositive(o, 'outward sweep position in mm'));
  inwardMm.forEach((i) => requirePositive(i, 'inward sweep position in mm'));
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const o = mean(outwardMm);
  const i = mean(inwardMm);
  if (i <= o)
    throw new CoreInputError(
      `the inward sweeps (mean ${i.toFixed(1)} mm) must end farther from the cross than the outward ones (${o.toFixed(1)} mm)`,
    );
  const pairs = Math.min(outwardMm.length, inwardMm.length);
  const perPair = Array.from({ length: pairs }, (_, k) => (outwardMm[k]! + inwardMm[k]!) / 2 / TAN_CENTRE);
  return {
    distanceMm: (o + i) / 2 / TAN_CENTRE,
    minMm: Math.min(...perPair),
    maxMm: Math.max(...perPair),
  };
}

/** The relative spread of an estimate: (max − min) / 2 / distance (0 with one pair). */
export function blindSpotSpread(estimate: BlindSpotEstimate): number {
  return (estimate.maxMm - estimate.minMm) / 2 / estimate.distanceMm;
}
