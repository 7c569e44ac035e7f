import { requireFinite, requireInRange } from '../errors/core-input-error';

/**
 * The psychometric function of letter acuity used by the procedure's likelihood and by the simulated
 * observers of bench/acuity:
 *
 *   P(correct | shown L, threshold T) = γ + (1 − γ − λ) · 1 / (1 + exp(−(L − T) / s))
 *
 * L, T and s in logMAR; γ the guess rate, λ the lapse rate. T is the logistic's inflection point (the
 * size seen on half of the non-guessed trials); it does not depend on γ or λ, which is why the benchmark
 * can compare observers with different guess rates against the same true threshold.
 */
export interface PsychometricModel {
  /** Guess rate γ in [0, 1): chance of a correct answer when the optotype is not seen. */
  readonly guess: number;
  /** Logistic spread s in logMAR (> 0); the 25–75 % width of F is 2·ln 3·s ≈ 2.2 s. */
  readonly spread: number;
  /** Lapse rate λ in [0, 0.5): chance of a wrong answer on a trial far above threshold. */
  readonly lapse: number;
}

/** Checks a {@link PsychometricModel}, throwing CoreInputError on NaN or out-of-range parameters. */
export function checkModel(model: PsychometricModel): PsychometricModel {
  requireInRange(model.guess, 0, 0.99, 'guess rate');
  requireInRange(model.spread, 0.001, 1, 'psychometric spread (logMAR)');
  requireInRange(model.lapse, 0, 0.49, 'lapse rate');
  return model;
}

/** P(correct) for an optotype of `shownLogMar` and a threshold `thresholdLogMar` (both logMAR). */
export function probabilityCorrect(
  model: PsychometricModel,
  shownLogMar: number,
  thresholdLogMar: number,
): number {
  // Only called while building cached tables, so checking every call costs nothing that matters.
  checkModel(model);
  requireFinite(shownLogMar, 'shown logMAR');
  requireFinite(thresholdLogMar, 'threshold logMAR');
  const f = 1 / (1 + Math.exp(-(shownLogMar - thresholdLogMar) / model.spread));
  return model.guess + (1 - model.guess - model.lapse) * f;
}
