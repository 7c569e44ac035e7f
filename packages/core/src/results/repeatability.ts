import { CoreInputError, requireFinite } from '../errors/core-input-error';
import type { TestId } from '../flow/test-definitions';

/**
 * Test-retest repeatability of the tests whose result is one number per eye (STIMULI.md "Test duration
 * and precision"): a change between two results is meaningful only beyond the 95 % limits of agreement
 * of the procedure that produced them.
 *
 * For our acuity procedure we take the limits from our own benchmark (bench/acuity/README.md, 1000 runs ×
 * 27 thresholds, typical observer): one run's error has SD σ = 0.042 logMAR (Sloan, Landolt C) and
 * 0.045 (Tumbling E). Two independent runs of the same eye differ by the difference of two such errors,
 * SD √2·σ, so the test-retest 95 % limit is 1.96·√2·σ:
 *   Sloan, Landolt C: 1.96 × 1.414 × 0.042 = 0.116 → 0.12 logMAR
 *   Tumbling E:      1.96 × 1.414 × 0.045 = 0.125 → 0.13 logMAR
 * (rounded up to two decimals, the precision we show). These are for a stationary simulated observer, so
 * they are a lower bound for real people; they agree with FrACT's ±0.12 at 48 trials, and are tighter than
 * its ±0.17 at 18 trials, which matches our procedure's 21–27 trials with a better prior.
 * Astigmatism Power (grating acuity, 3 positions, 20 trials) is not in our benchmark; we use FrACT's
 * published ±0.17 logMAR at 18 trials (the closest published figure for a short forced-choice run).
 * The other tests have no published or measured repeatability, so no change is flagged for them.
 */
export const REPEATABILITY_LOGMAR: Partial<Record<TestId, { limit: number; source: string }>> = {
  sloan: { limit: 0.12, source: 'bench/acuity: 1.96·√2·0.042 logMAR' },
  landoltC: { limit: 0.12, source: 'bench/acuity: 1.96·√2·0.042 logMAR' },
  tumblingE: { limit: 0.13, source: 'bench/acuity: 1.96·√2·0.045 logMAR' },
  astigPower: { limit: 0.17, source: 'FrACT test-retest at 18 trials (Bach)' },
};

/** The repeatability limit (95 % test-retest, logMAR) of a test, or null when none is known. */
export function repeatabilityLimit(test: TestId): number | null {
  return REPEATABILITY_LOGMAR[test]?.limit ?? null;
}

/** The verdict of {@link significantChange}. */
export interface ChangeVerdict {
  /** next − prev in logMAR (positive = worse acuity). */
  change: number;
  /** The test's repeatability limit, or null when unknown. */
  limit: number | null;
  /** True when |change| exceeds the limit (never when the limit is unknown). */
  significant: boolean;
  /** 'better' when logMAR fell beyond the limit, 'worse' when it rose beyond it, else 'unchanged'. */
  direction: 'better' | 'worse' | 'unchanged';
}

/**
 * Whether an eye's result moved by more than the test's repeatability between two results (logMAR,
 * `prev` then `next`): |next − prev| > limit. A change equal to the limit is not significant. Computed
 * on values rounded to 4 decimals (as stored) so float noise cannot tip a borderline case.
 */
export function significantChange(prev: number, next: number, test: TestId): ChangeVerdict {
  const a = requireFinite(prev, 'previous logMAR');
  const b = requireFinite(next, 'next logMAR');
  if (typeof test !== 'string') throw new CoreInputError('test must be a test id');
  const change = Math.round((b - a) * 10_000) / 10_000;
  const limit = repeatabilityLimit(test);
  const significant = limit !== null && Math.abs(change) > limit;
  return {
    change,
    limit,
    significant,
    direction: significant ? (change < 0 ? 'better' : 'worse') : 'unchanged',
  };
}
