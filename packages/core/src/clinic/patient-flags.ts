import { acuityChange } from '../results/acuity-change';
import type { StoredAcuity } from '../results/notation';
import { resultVerdicts, VERDICT_CHARTS, type AcuityChartId } from '../results/verdict';

/*
 * What the clinician's patient list flags (issue 19 item 3), decided from the patient's stored results
 * with the rules the patient's own result page uses, so the clinic and the patient never read a result
 * differently:
 * - 'change': an eye's latest letter-chart result moved beyond that chart's test-retest repeatability
 *   since the previous result of the same chart and eye (core `acuityChange`: a bound is never compared
 *   as if it were a value; only a change larger than the limit for every value the two results allow).
 * - 'poor-acuity': an eye's latest result is worse than 6/12 (0.3 logMAR): the verdict of that eye is
 *   'below-driving' or 'severe' (core `eyeVerdict`, compared on the chart line shown). A bound that does
 *   not reach past 6/12 ("0.2 or worse" measured from too close) is not flagged: we cannot say it.
 * - 'unreviewed': results no clinician has reviewed yet, with the oldest one's date (the queue's order).
 * Each eye is judged on its own latest result: the right eye may come from a newer test than the left.
 */

/** A stored result as the flags read it (newest or oldest first: the order does not matter). */
export interface FlaggableResult {
  readonly id: string;
  /** When the test was taken (ISO 8601); orders the results. */
  readonly testedAt: string;
  readonly reviewed: boolean;
  readonly setup: { readonly date: string; readonly correction: string; readonly units: string };
  readonly data: Partial<Record<AcuityChartId, { right?: StoredAcuity; left?: StoredAcuity }>>;
}

/** An eye's latest letter-chart result, as the list shows it. */
export interface LatestAcuity {
  readonly eye: 'right' | 'left';
  readonly test: AcuityChartId;
  readonly resultId: string;
  readonly testedAt: string;
  /** The value, or the bound's value when `censored` is set. */
  readonly logMAR: number;
  /** Set for a bound: 'better-than' (logMAR ≤ value) or 'worse-than' (logMAR ≥ value). */
  readonly censored: 'better-than' | 'worse-than' | null;
}

export type PatientFlag =
  | {
      readonly kind: 'change';
      readonly eye: 'right' | 'left';
      readonly test: AcuityChartId;
      readonly direction: 'better' | 'worse';
      /** Smallest change the two results allow (logMAR, + worse), and the chart's limit. */
      readonly change: number;
      readonly limit: number;
      /** True when either result is a bound: `change` is then the least change the two allow. */
      readonly bounded: boolean;
    }
  | {
      readonly kind: 'poor-acuity';
      readonly eye: 'right' | 'left';
      readonly test: AcuityChartId;
      readonly logMAR: number;
      readonly censored: 'better-than' | 'worse-than' | null;
    }
  | { readonly kind: 'unreviewed'; readonly count: number; readonly oldestTestedAt: string };

export interface PatientSummary {
  readonly latest: { readonly right: LatestAcuity | null; readonly left: LatestAcuity | null };
  readonly flags: readonly PatientFlag[];
  /** The newest test's date, or null without results. */
  readonly lastTestedAt: string | null;
}

const newestFirst = (a: FlaggableResult, b: FlaggableResult) =>
  Date.parse(b.testedAt) - Date.parse(a.testedAt) || (a.id < b.id ? 1 : -1);

/**
 * The list row of a patient: latest acuity per eye and the flags, from all their stored results and the
 * patient's date of birth (for the verdict's age; the 6/12 line does not depend on it).
 */
export function patientSummary(
  results: readonly FlaggableResult[],
  dob: string | null | undefined,
): PatientSummary {
  const ordered = [...results].sort(newestFirst);
  const flags: PatientFlag[] = [];
  const latest: { right: LatestAcuity | null; left: LatestAcuity | null } = { right: null, left: null };

  for (const eye of ['right', 'left'] as const) {
    const index = ordered.findIndex((r) => VERDICT_CHARTS.some((id) => r.data[id]?.[eye] !== undefined));
    if (index < 0) continue;
    const result = ordered[index]!;
    const verdict = resultVerdicts(result, dob).find((v) => v.eye === eye)!;
    const bound = verdict.notations.bound;
    latest[eye] = {
      eye,
      test: verdict.test,
      resultId: result.id,
      testedAt: result.testedAt,
      logMAR: verdict.notations.logMAR,
      censored: bound ? bound.censored : null,
    };
    if (verdict.kind === 'below-driving' || verdict.kind === 'severe') {
      flags.push({
        kind: 'poor-acuity',
        eye,
        test: verdict.test,
        logMAR: verdict.notations.logMAR,
        censored: bound ? bound.censored : null,
      });
    }
    const previous = ordered.slice(index + 1).find((r) => r.data[verdict.test]?.[eye] !== undefined);
    if (previous) {
      const change = acuityChange(
        previous.data[verdict.test]![eye]!,
        result.data[verdict.test]![eye]!,
        verdict.test,
      );
      if (change.significant && change.limit !== null && change.direction !== 'unchanged') {
        flags.push({
          kind: 'change',
          eye,
          test: verdict.test,
          direction: change.direction,
          change: change.change,
          limit: change.limit,
          bounded: change.bounded,
        });
      }
    }
  }

  const unreviewed = ordered.filter((r) => !r.reviewed);
  if (unreviewed.length > 0) {
    flags.push({
      kind: 'unreviewed',
      count: unreviewed.length,
      oldestTestedAt: unreviewed[unreviewed.length - 1]!.testedAt,
    });
  }
  return { latest, flags, lastTestedAt: ordered[0]?.testedAt ?? null };
}
