import type { StoredResult } from '@visus/contracts';
import {
  ACUITY_TEST_IDS,
  acuityChange,
  acuityNotations,
  repeatabilityLimit,
  resultIsCrowded,
  TEST_DEFINITIONS,
  type AcuityBound,
  type AcuityChangeVerdict,
  type AcuityTestId,
  type ChangeVerdict,
  type StoredAcuity,
} from '@visus/core';
import { takenAt } from './result-format';

export type TrendEye = 'right' | 'left';
export const TREND_EYES: readonly TrendEye[] = ['right', 'left'];

/**
 * One result on a chart: its time (ms) and each eye's logMAR; flagged eyes carry the verdict's direction.
 * A measured value is under `right`/`left` (the eye's line joins those only); a bound ("0.50 or better",
 * docs/adr/0010) is under `rightBound`/`leftBound` with its side, drawn as its own open marker with an
 * arrow towards better or worse and never joined by the line as if it were measured.
 */
export interface TrendPoint {
  id: string;
  time: number;
  right?: number;
  left?: number;
  rightBound?: number;
  leftBound?: number;
  rightCensored?: AcuityBound['censored'];
  leftCensored?: AcuityBound['censored'];
  rightFlag?: ChangeVerdict['direction'];
  leftFlag?: ChangeVerdict['direction'];
}

/** One end of a flagged change: time (ms), logMAR (a bound's value for a bound), result id, and "or …". */
export interface TrendFlagEnd {
  time: number;
  logMAR: number;
  id: string;
  /** Which side this result is a bound on ('better-than': "or better"), else null. */
  censored: AcuityBound['censored'] | null;
}

/** A change between an eye's consecutive results beyond the test's repeatability. */
export interface TrendFlag {
  eye: TrendEye;
  /** The earlier and the later result. */
  from: TrendFlagEnd;
  to: TrendFlagEnd;
  /** Core acuityChange: for a bound, `change` is the smallest change both results allow. */
  verdict: AcuityChangeVerdict;
}

/**
 * One acuity chart type over time, crowded or not: crowded acuity reads worse than uncrowded (SPEC.md §3
 * `crowding`), so the two are separate trends, never joined or compared. Records that do not say (stored
 * before it was kept) were drawn uncrowded and go with the uncrowded trend.
 */
export interface TestTrend {
  test: AcuityTestId;
  crowded: boolean;
  /** A key unique among the trends, e.g. 'sloan' or 'sloan-crowded'. */
  key: string;
  /** 'Sloan', or 'Sloan (crowded)'. */
  name: string;
  /** Oldest first. */
  points: TrendPoint[];
  flags: TrendFlag[];
  /** The test's repeatability limit in logMAR (core), or null when none is known. */
  limit: number | null;
}

/** The logMAR of an eye on a point, measured or a bound. */
export function pointLogMar(point: TrendPoint, eye: TrendEye): number | undefined {
  return point[eye] ?? point[`${eye}Bound`];
}

/**
 * Each acuity chart type's results over time, per eye, with every change between an eye's consecutive
 * results that core's acuityChange rule calls significant (beyond the test's repeatability; a bound is
 * compared as a bound). Results without the test are skipped; tests with no result are left out.
 */
export function acuityTrends(results: readonly StoredResult[]): TestTrend[] {
  const ordered = [...results].sort((a, b) => Date.parse(takenAt(a)) - Date.parse(takenAt(b)));
  const trends: TestTrend[] = [];
  for (const test of ACUITY_TEST_IDS) {
    for (const crowded of [false, true]) {
      const trend = acuityTrend(ordered, test, crowded);
      if (trend) trends.push(trend);
    }
  }
  return trends;
}

/** One chart type's crowded or uncrowded results over time (see {@link acuityTrends}); null when none. */
function acuityTrend(
  ordered: readonly StoredResult[],
  test: AcuityTestId,
  crowded: boolean,
): TestTrend | null {
  const points: TrendPoint[] = [];
  const stored = new Map<TrendPoint, Partial<Record<TrendEye, StoredAcuity>>>();
  for (const result of ordered) {
    const perEye = result.data[test];
    if (!perEye || resultIsCrowded(perEye) !== crowded) continue;
    const point: TrendPoint = { id: result._id, time: Date.parse(takenAt(result)) };
    for (const eye of TREND_EYES) {
      const value = perEye[eye];
      if (value === undefined) continue;
      const n = acuityNotations(value);
      if (n.bound) {
        point[`${eye}Bound`] = n.logMAR;
        point[`${eye}Censored`] = n.bound.censored;
      } else {
        point[eye] = n.logMAR;
      }
    }
    if (TREND_EYES.some((eye) => pointLogMar(point, eye) !== undefined)) {
      points.push(point);
      stored.set(point, { right: perEye.right, left: perEye.left });
    }
  }
  if (points.length === 0) return null;

  const end = (point: TrendPoint, value: StoredAcuity): TrendFlagEnd => {
    const n = acuityNotations(value);
    return { time: point.time, logMAR: n.logMAR, id: point.id, censored: n.bound?.censored ?? null };
  };
  const flags: TrendFlag[] = [];
  for (const eye of TREND_EYES) {
    let previous: { point: TrendPoint; value: StoredAcuity } | null = null;
    for (const point of points) {
      const value = stored.get(point)?.[eye];
      if (value === undefined) continue;
      if (previous) {
        const verdict = acuityChange(previous.value, value, test);
        if (verdict.significant) {
          point[`${eye}Flag`] = verdict.direction;
          flags.push({ eye, from: end(previous.point, previous.value), to: end(point, value), verdict });
        }
      }
      previous = { point, value };
    }
  }
  flags.sort((a, b) => b.to.time - a.to.time);
  const name = TEST_DEFINITIONS[test].name;
  return {
    test,
    crowded,
    key: crowded ? `${test}-crowded` : test,
    name: crowded ? `${name} (crowded)` : name,
    points,
    flags,
    limit: repeatabilityLimit(test),
  };
}
