import { CoreInputError, requireInteger } from '../errors/core-input-error';
import { meanAndDeviation } from '../stats/stats';
import type { SpokeVisualAngle } from './spoke-angle';

/** Size the circle starts and resets to, canvas units of the 400 × 400 box (SPEC.md §9). */
export const SPOKE_CIRCLE_START = 200;
/** Rounds per eye (SPEC.md §9 "6 results"). */
export const SPOKE_CIRCLE_ROUNDS = 6;
/** Canvas side in canvas units (SPEC.md §9 "canvas 400x400"); a size cannot exceed it. */
export const SPOKE_CANVAS = 400;

/** Spoke Circle state for one eye: the recorded sizes and the size on screen (canvas units). */
export interface SpokeCircleState {
  readonly size: number;
  readonly results: readonly number[];
}

/** The stored result (SPEC.md §3): spread `diff`, `average` (3 decimals) and the 6 sizes. */
export interface SpokeCircleResult {
  readonly diff: number;
  readonly average: number;
  readonly acuityResults: readonly number[];
  /**
   * The sizes as visual angles (circle diameter, degrees) at the viewing distance, recorded since issue 17
   * (core `withVisualAngle`); older records lack it.
   */
  readonly visualAngle?: SpokeVisualAngle;
}

/** A fresh eye: size 200, no results. */
export const INITIAL_SPOKE_CIRCLE: SpokeCircleState = { size: SPOKE_CIRCLE_START, results: [] };

/**
 * Records the submitted size for this round (SPEC.md §4/§5: an integer size, 0 … 400 canvas units) and
 * resets the size to 200. After the 6th result the average and spread are returned as `result`.
 */
export function submitSpokeCircle(
  state: SpokeCircleState,
  size: number,
): { state: SpokeCircleState; result: SpokeCircleResult | null } {
  if (state.results.length >= SPOKE_CIRCLE_ROUNDS)
    throw new CoreInputError('all 6 Spoke Circle rounds are done');
  const s = requireInteger(size, 0, SPOKE_CANVAS, 'Spoke Circle size');
  const results = [...state.results, s];
  const next = { size: SPOKE_CIRCLE_START, results };
  if (results.length < SPOKE_CIRCLE_ROUNDS) return { state: next, result: null };
  const { mean, deviation } = meanAndDeviation(results);
  return { state: next, result: { diff: deviation, average: mean, acuityResults: results } };
}
