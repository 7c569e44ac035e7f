import { CoreInputError, requireFinite } from '../errors/core-input-error';
import type { TestId } from '../flow/test-definitions';

/*
 * Test-retest repeatability of the tests whose result is one number per eye (STIMULI.md "Test duration
 * and precision"): a change between two results is meaningful only beyond what two runs of the same,
 * unchanged eye differ by in 95 % of cases.
 *
 * For our acuity procedure the limit is measured on the observers the procedure does not assume (issue 16
 * item 5, docs/adr/0011): bench:acuity "Observer family" runs every member (logistic, normal, Weibull
 * psychometric functions of SD 0.05–0.20 logMAR, lapses 0–5 %, each chart's guessing: 108 Sloan, 36
 * Landolt C, 36 Tumbling E members) at truths −0.1 … 1.2, pairs two independent runs at the same truth,
 * and takes the 95th percentile of |test − retest| pooled over the family (each member the same weight):
 *   Sloan 0.148, Landolt C 0.148, Tumbling E 0.159 logMAR
 *   (`node --import tsx bench/acuity/run.ts --runs 200 --family-runs 20`, seed 20261122, row "visus",
 *   column "retest p95"; 5 400 pairs for C and E, 16 200 for Sloan),
 * rounded up to 0.01. The worst single member (σ 0.20) reaches 0.24; the typical observer alone
 * (1.96·√2·0.042 = 0.12) was the limit before, tighter than many people's own retest spread. The figures
 * sit beside FrACT's published ±0.17 at 18 trials.
 * Astigmatism Power (grating acuity, 3 positions, 20 trials) is not in our benchmark; we use FrACT's
 * published ±0.17 logMAR at 18 trials (the closest published figure for a short forced-choice run).
 * The other tests have no published or measured repeatability, so no change is flagged for them.
 */
/** 95th percentile of |test − retest| over bench:acuity's observer family, rounded up to 0.01 (logMAR). */
export const ACUITY_RETEST_P95_LOGMAR = { sloan: 0.15, landoltC: 0.15, tumblingE: 0.16 } as const;

/** The 95 % test-retest limit (logMAR) of each test that has one, and where it comes from. */
export const REPEATABILITY_LOGMAR: Partial<Record<TestId, { limit: number; source: string }>> = {
  sloan: {
    limit: ACUITY_RETEST_P95_LOGMAR.sloan,
    source: 'bench/acuity observer family: p95 |test − retest|',
  },
  landoltC: {
    limit: ACUITY_RETEST_P95_LOGMAR.landoltC,
    source: 'bench/acuity observer family: p95 |test − retest|',
  },
  tumblingE: {
    limit: ACUITY_RETEST_P95_LOGMAR.tumblingE,
    source: 'bench/acuity observer family: p95 |test − retest|',
  },
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
