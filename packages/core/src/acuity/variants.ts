import { SPEC_GUESS_RATES, type AcuityOptotype } from './optotypes';
import { CENSOR_MASS } from './censoring';
import type { SpreadWeight } from './likelihood';
import type { PsychometricModel } from './psychometric';
import { LEVEL_STEP_LOGMAR } from './scale';

/*
 * The two variants of the adaptive acuity procedure (procedure.ts explains the shape they share): the
 * spec read literally, and what Visus runs (docs/adr/0003-acuity-procedure.md, 0010, 0011).
 */

/** How a variant of the procedure computes; see the comment at the top of procedure.ts. */
export interface ProcedureVariant {
  /** Name shown by the benchmark. */
  readonly name: string;
  /** Step of the likelihood grid (logMAR); 0.1 puts one grid point on each level. */
  readonly gridStep: number;
  /** How far the grid extends beyond the shown levels (logMAR), so "better than the smallest" can show. */
  readonly gridMargin: number;
  /** 'map-level': the most likely level; 'min-entropy': the level minimising expected posterior entropy. */
  readonly placement: 'map-level' | 'min-entropy';
  /** 'map-level': score of the most likely level (spec); 'posterior-mean': interpolated estimate. */
  readonly estimate: 'map-level' | 'posterior-mean';
  /** Half-width of the 95 % window in logMAR. */
  readonly stopHalfWidth: number;
  /** Whether stopping also needs the best level to equal the inflection point (last reversal). */
  readonly stopNeedsInflection: boolean;
  /** Fewest trials before the stop rule is checked (the fixed trials always run). */
  readonly minTrials: number;
  /** The psychometric function assumed by the likelihood, per optotype. */
  readonly model: (optotype: AcuityOptotype) => PsychometricModel;
  /**
   * A prior over the psychometric spread (docs/adr/0011): the 95 % interval of `result()` is read from the
   * posterior averaged over these spreads, the first of which must be the model's. Placement, the stop
   * rule, the estimate and censoring use the model's spread alone. null: the model's spread only.
   */
  readonly spreadPrior: readonly SpreadWeight[] | null;
  /**
   * Censoring at the screen's ends (docs/adr/0010-censored-acuity-results.md): `result()` reports a bound
   * instead of an estimate when more than this posterior mass lies beyond the smallest (or largest) shown
   * level. null: never (the literal spec, and the benchmark's "before" baseline).
   */
  readonly censorMass: number | null;
}

/** SPEC.md §4/§9 read literally (kept for comparison in the benchmark and tests). */
export const SPEC_PROCEDURE: ProcedureVariant = {
  name: 'spec (literal)',
  gridStep: LEVEL_STEP_LOGMAR,
  gridMargin: 0,
  placement: 'map-level',
  estimate: 'map-level',
  // ceil(3.5 / step) grid steps with step 0.1 = 35 steps = 3.5 logMAR: the whole scale.
  stopHalfWidth: Math.ceil(3.5 / LEVEL_STEP_LOGMAR) * LEVEL_STEP_LOGMAR,
  stopNeedsInflection: true,
  minTrials: 4,
  model: (optotype) => ({ guess: SPEC_GUESS_RATES[optotype], spread: 0.06, lapse: 0.04 }),
  // The spec has no censoring, and its grid has no threshold beyond the shown levels to put mass on.
  censorMass: null,
  spreadPrior: null,
};

/*
 * The spread prior of Visus's interval (issue 16 item 5, docs/adr/0011-intervals-for-real-observers.md).
 * With the model's spread alone (s = 0.06, a psychometric SD of s·π/√3 = 0.11 logMAR) the 95 % interval
 * held the truth in only ~72–82 % of runs for observers of SD 0.20 (s ≈ 0.11) with 5 % lapses, because
 * their results scatter twice as far as the model predicts. Averaging the posterior over spreads,
 *   p(T | answers) ∝ Σ_k w_k · Π_trials P(answer | x, T, s_k),
 * lets the answers widen the interval as far as they are compatible with a shallower function. 25 trials
 * tell the spread apart only roughly, so the averaged interval is wider for everybody: the grid reaches
 * s = 0.20 (SD 0.36, beyond the family) because a grid that stopped at 0.16 left confusable-letter
 * observers of SD 0.20 at 88–90 %. Equal weights on a grid roughly even in log s; 0.03 (SD 0.05) covers
 * steep observers. bench:acuity "Observer family" gives the coverage of every member.
 */
/** Psychometric spreads (logistic s, logMAR) and weights the interval is averaged over; the model's first. */
export const SPREAD_PRIOR: readonly SpreadWeight[] = [0.06, 0.03, 0.09, 0.12, 0.16, 0.2].map((spread) => ({
  spread,
  weight: 1,
}));

/**
 * The procedure Visus runs (docs/adr/0003-acuity-procedure.md). Guess rates are those of a person who
 * answers among the optotypes actually used (1/9, 1/8, 1/4); spread 0.06 logMAR is a typical letter-chart
 * psychometric function, and the lapse rate 0.04 is twice the observers' 2 % so that a slip far above
 * threshold does not drag the estimate (the benchmark checks 5 % lapses too).
 */
export const VISUS_PROCEDURE: ProcedureVariant = {
  name: 'visus',
  gridStep: 0.02,
  gridMargin: 0.2,
  placement: 'min-entropy',
  estimate: 'posterior-mean',
  stopHalfWidth: 0.09,
  stopNeedsInflection: true,
  minTrials: 8,
  model: (optotype) => ({
    guess: optotype === 'sloan' ? 1 / 9 : optotype === 'landolt-c' ? 1 / 8 : 1 / 4,
    spread: 0.06,
    lapse: 0.04,
  }),
  censorMass: CENSOR_MASS,
  spreadPrior: SPREAD_PRIOR,
};
