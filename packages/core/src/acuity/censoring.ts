import { LOGMAR_LIMITS } from '../optics/units';
import { lineRounding, snellenLine } from '../optics/chart-lines';
import { round4 } from './scale';

/*
 * Censoring (issue 16, docs/adr/0010-censored-acuity-results.md). A threshold beyond the screen's smallest
 * level b is not measurable: every level shown is then well above threshold, P(correct) sits on its
 * plateau 1 − λ(1 − γ) for every hypothesis T ≪ b, and the likelihood is flat there. The posterior on
 * T < b is just the prior times that plateau, so its mean and 2.5 % quantile sit wherever the grid happens
 * to end (b − gridMargin): today's result for a −0.1 observer on a screen that stops at 0.5 is ≈ 0.37 with
 * a 95 % interval ≈ [0.3, 0.46], a confident wrong number.
 *
 * What the answers do support is the statement "T < b", with posterior probability M = mass below b
 * (likewise "T > b" at the largest level). Between reporting the bound and reporting an estimate, the
 * rule picks the statement the posterior makes more probable: censor when M > 1/2 (the Bayes choice under
 * 0–1 loss; equivalently, the posterior median is beyond the end). M is nearly 0 or nearly 1 except for
 * thresholds within about half a line of the end (300 seeded runs per optotype: M > 0.5 in 95–99 % of runs
 * a line beyond the end, in ≤ 1 % a line inside it), so the exact cut matters only there, where either
 * statement is off by less than a line. A low cut such as 0.025 ("the 95 % interval crosses the end")
 * would censor 27–31 % of the runs of an observer a full line inside the range, who can be measured.
 */
/** Posterior mass beyond an end of the screen's range above which `result()` reports a bound (ADR 0010). */
export const CENSOR_MASS = 0.5;

/**
 * Which end the threshold lies beyond, if more than `cut` of the posterior is there (ADR 0010); null when
 * the result is measured, or when `cut` is null (no censoring). `massBeyond` is the posterior mass strictly
 * below the smallest and strictly above the largest shown level. The two regions are disjoint, so with a
 * cut of 1/2 or more at most one end can hold it.
 */
export function censoredEnd(
  massBeyond: readonly [number, number],
  cut: number | null,
): 'better-than' | 'worse-than' | null {
  if (cut === null) return null;
  const [below, above] = massBeyond;
  if (below > cut) return 'better-than';
  if (above > cut) return 'worse-than';
  return null;
}

/**
 * The result of a censored run (`AcuityResult`'s doc in procedure.ts): `logMAR` and `bound` are the logMAR
 * the end level is drawn at (its nominal logMAR when the caller did not give the drawn sizes; issue 16
 * item 3: the size actually shown is the size in the maths), rounded to the 4 decimals a record keeps,
 * `snellen` the chart line the bound implies (results/notation.ts), and `ci95` one-sided up to the widest logMAR core accepts
 * ({@link LOGMAR_LIMITS}), because the answers say nothing about how far beyond the end the threshold lies.
 */
export function censoredResult(
  end: 'better-than' | 'worse-than',
  boundLogMar: number,
  trials: number,
): {
  logMAR: number;
  snellen: string;
  trials: number;
  ci95: [number, number];
  censored: 'better-than' | 'worse-than';
  bound: number;
} {
  const bound = round4(boundLogMar);
  return {
    logMAR: bound,
    snellen: snellenLine(bound, 6, lineRounding(end)),
    trials,
    ci95: end === 'better-than' ? [LOGMAR_LIMITS.min, bound] : [bound, LOGMAR_LIMITS.max],
    censored: end,
    bound,
  };
}
