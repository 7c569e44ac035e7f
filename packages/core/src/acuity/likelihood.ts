import { probabilityCorrect, type PsychometricModel } from './psychometric';
import { round4 } from './scale';

/*
 * The likelihood tables of the acuity procedure: for a grid of threshold hypotheses T (logMAR) and an
 * optotype shown at logMAR x, P(correct | x, T) and its logs (psychometric.ts). x is the logMAR actually
 * drawn (issue 16 item 3): the nominal level when the caller does not say, else the size the snapped pixel
 * height shows. The grid is continuous in T, so a row at any x is as natural as one at a level; rows are
 * computed once per distinct x and kept.
 *
 * Slices: the model may be averaged over several psychometric spreads s_k (a slope prior, docs/adr/0011).
 * Each slice k has its own rows, P(correct | x, T, s_k); slice 0 is always the variant's own model spread.
 */

/** P(correct) per grid point and its logs, one array per spread slice. */
export interface LikelihoodRows {
  readonly pc: readonly Float64Array[];
  readonly logPc: readonly Float64Array[];
  readonly logPw: readonly Float64Array[];
}

/** The grid of threshold hypotheses and the rows at every logMAR shown so far. */
export interface LikelihoodTables {
  /** Threshold hypotheses (logMAR). */
  readonly grid: Float64Array;
  /** Spread of each slice (logMAR); slice 0 is the model's. */
  readonly spreads: readonly number[];
  /** log prior weight of each slice (weights sum to 1). */
  readonly logWeights: readonly number[];
  /** The rows for an optotype shown at `shownLogMAR`. */
  rowsAt(shownLogMAR: number): LikelihoodRows;
}

/** One point of a prior over the psychometric spread: spread s (logMAR) and its prior weight. */
export interface SpreadWeight {
  readonly spread: number;
  readonly weight: number;
}

/**
 * Builds the tables for thresholds from `fromLogMAR` to `toLogMAR` (inclusive) every `step`, for `model`
 * and, when given, the spreads of `spreadPrior` (its first entry must be the model's spread).
 */
export function buildLikelihoodTables(
  model: PsychometricModel,
  fromLogMAR: number,
  toLogMAR: number,
  step: number,
  spreadPrior: readonly SpreadWeight[] | null,
): LikelihoodTables {
  // Index arithmetic instead of repeated addition keeps the points exact.
  const points = Math.round((toLogMAR - fromLogMAR) / step) + 1;
  const grid = Float64Array.from({ length: points }, (_, j) => round4(fromLogMAR + j * step));
  const prior = spreadPrior ?? [{ spread: model.spread, weight: 1 }];
  const total = prior.reduce((a, p) => a + p.weight, 0);
  const models = prior.map((p) => ({ ...model, spread: p.spread }));
  const rows = new Map<number, LikelihoodRows>();
  return {
    grid,
    spreads: prior.map((p) => p.spread),
    logWeights: prior.map((p) => Math.log(p.weight / total)),
    rowsAt(shownLogMAR) {
      const cached = rows.get(shownLogMAR);
      if (cached) return cached;
      const pc = models.map((m) => grid.map((t) => probabilityCorrect(m, shownLogMAR, t)));
      const built: LikelihoodRows = {
        pc,
        logPc: pc.map((row) => row.map(Math.log)),
        logPw: pc.map((row) => row.map((p) => Math.log(1 - p))),
      };
      rows.set(shownLogMAR, built);
      return built;
    },
  };
}
