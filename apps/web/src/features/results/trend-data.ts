import type { StoredResult } from '@visus/contracts';
import {
  ACUITY_TEST_IDS,
  acuityLogMar,
  repeatabilityLimit,
  significantChange,
  TEST_DEFINITIONS,
  type AcuityTestId,
  type ChangeVerdict,
} from '@visus/core';
import { takenAt } from './result-format';

export type TrendEye = 'right' | 'left';
export const TREND_EYES: readonly TrendEye[] = ['right', 'left'];

/** One result on a chart: its time (ms) and each eye's logMAR; flagged eyes carry the verdict's direction. */
export interface TrendPoint {
  id: string;
  time: number;
  right?: number;
  left?: number;
  rightFlag?: ChangeVerdict['direction'];
  leftFlag?: ChangeVerdict['direction'];
}

/** A change between an eye's consecutive results beyond the test's repeatability. */
export interface TrendFlag {
  eye: TrendEye;
  /** The earlier and the later result: time (ms), logMAR and result id. */
  from: { time: number; logMAR: number; id: string };
  to: { time: number; logMAR: number; id: string };
  verdict: ChangeVerdict;
}

/** One acuity chart type over time. */
export interface TestTrend {
  test: AcuityTestId;
  name: string;
  /** Oldest first. */
  points: TrendPoint[];
  flags: TrendFlag[];
  /** The test's repeatability limit in logMAR (core), or null when none is known. */
  limit: number | null;
}

/**
 * Each acuity chart type's results over time, per eye, with every change between an eye's consecutive
 * results that core's significantChange rule calls significant (beyond the test's repeatability).
 * Results without the test are skipped; tests with no result are left out.
 */
export function acuityTrends(results: readonly StoredResult[]): TestTrend[] {
  const ordered = [...results].sort((a, b) => Date.parse(takenAt(a)) - Date.parse(takenAt(b)));
  const trends: TestTrend[] = [];
  for (const test of ACUITY_TEST_IDS) {
    const points: TrendPoint[] = [];
    for (const result of ordered) {
      const perEye = result.data[test];
      if (!perEye) continue;
      const point: TrendPoint = { id: result._id, time: Date.parse(takenAt(result)) };
      for (const eye of TREND_EYES) {
        const value = perEye[eye];
        if (value !== undefined) point[eye] = acuityLogMar(value);
      }
      if (point.right !== undefined || point.left !== undefined) points.push(point);
    }
    if (points.length === 0) continue;

    const flags: TrendFlag[] = [];
    for (const eye of TREND_EYES) {
      let previous: TrendPoint | null = null;
      for (const point of points) {
        const value = point[eye];
        if (value === undefined) continue;
        if (previous) {
          const before = previous[eye] as number;
          const verdict = significantChange(before, value, test);
          if (verdict.significant) {
            point[`${eye}Flag`] = verdict.direction;
            flags.push({
              eye,
              from: { time: previous.time, logMAR: before, id: previous.id },
              to: { time: point.time, logMAR: value, id: point.id },
              verdict,
            });
          }
        }
        previous = point;
      }
    }
    flags.sort((a, b) => b.to.time - a.to.time);
    trends.push({ test, name: TEST_DEFINITIONS[test].name, points, flags, limit: repeatabilityLimit(test) });
  }
  return trends;
}
