import { describe, expect, it } from 'vitest';
import type { AcuityEyeResult } from '../results/results';
import { patientSummary, type FlaggableResult } from './patient-flags';

const measured = (v: number): AcuityEyeResult => ({ va: v, rounds: 20, loopLength: 30, logMAR: v });
const orBetter = (b: number): AcuityEyeResult => ({
  va: b,
  rounds: 12,
  loopLength: 30,
  logMAR: b,
  censored: 'better-than',
  bound: b,
  distanceMm: 600,
});
const orWorse = (b: number): AcuityEyeResult => ({ ...orBetter(b), censored: 'worse-than' });

let n = 0;
function result(
  day: number,
  data: FlaggableResult['data'],
  options: { reviewed?: boolean } = {},
): FlaggableResult {
  n += 1;
  const date = new Date(Date.UTC(2026, 0, day, 9)).toISOString();
  return {
    id: `r${n}`,
    testedAt: date,
    reviewed: options.reviewed ?? true,
    setup: { date, correction: 'Glasses', units: 'm' },
    data,
  };
}

describe('patientSummary', () => {
  it('has no latest acuity, flags or date without results', () => {
    expect(patientSummary([], '1980-01-01')).toEqual({
      latest: { right: null, left: null },
      flags: [],
      lastTestedAt: null,
    });
  });

  it("reads each eye's latest letter chart, which may come from different tests", () => {
    const old = result(1, { sloan: { right: measured(0.1), left: measured(0.2) } });
    const rightOnly = result(5, { landoltC: { right: orBetter(0) } });
    const summary = patientSummary([rightOnly, old], null);
    expect(summary.latest.right).toMatchObject({
      test: 'landoltC',
      resultId: rightOnly.id,
      logMAR: 0,
      censored: 'better-than',
    });
    expect(summary.latest.left).toMatchObject({
      test: 'sloan',
      resultId: old.id,
      logMAR: 0.2,
      censored: null,
    });
    expect(summary.lastTestedAt).toBe(rightOnly.testedAt);
    expect(summary.flags).toEqual([]);
  });

  it('flags acuity worse than 6/12 (0.3 logMAR) in either eye, on the chart line shown', () => {
    const flags = (v: AcuityEyeResult) => patientSummary([result(1, { sloan: { left: v } })], null).flags;
    expect(flags(measured(0.3))).toEqual([]);
    expect(flags(measured(0.34))).toEqual([]); // written 6/12: meets the line, as the verdict says
    expect(flags(measured(0.36))).toEqual([
      { kind: 'poor-acuity', eye: 'left', test: 'sloan', logMAR: 0.36, censored: null },
    ]);
    expect(flags(measured(1.2))).toMatchObject([{ kind: 'poor-acuity', eye: 'left' }]);
    // "0.5 or worse" is worse than 6/12 for sure; "0.5 or better" and "0.2 or worse" cannot be judged.
    expect(flags(orWorse(0.5))).toMatchObject([{ kind: 'poor-acuity', censored: 'worse-than', logMAR: 0.5 }]);
    expect(flags(orBetter(0.5))).toEqual([]);
    expect(flags(orWorse(0.2))).toEqual([]);
  });

  it("flags a change beyond the chart's repeatability since the same chart's previous result", () => {
    const worse = patientSummary(
      [result(1, { sloan: { right: measured(0) } }), result(9, { sloan: { right: measured(0.2) } })],
      null,
    );
    expect(worse.flags).toEqual([
      {
        kind: 'change',
        eye: 'right',
        test: 'sloan',
        direction: 'worse',
        change: 0.2,
        limit: 0.15,
        bounded: false,
      },
    ]);
    const better = patientSummary(
      [result(1, { sloan: { right: measured(0.2) } }), result(9, { sloan: { right: measured(0) } })],
      null,
    );
    expect(better.flags).toMatchObject([{ kind: 'change', direction: 'better', change: -0.2 }]);
    // Within the limit, or another chart in between: no change flag.
    expect(
      patientSummary(
        [result(1, { sloan: { right: measured(0) } }), result(9, { sloan: { right: measured(0.15) } })],
        null,
      ).flags,
    ).toEqual([]);
    expect(
      patientSummary(
        [result(1, { tumblingE: { right: measured(0) } }), result(9, { sloan: { right: measured(0.25) } })],
        null,
      ).flags,
    ).toEqual([]);
  });

  it('never compares a bound as a value: an overlapping bound is no change', () => {
    const summary = patientSummary(
      [result(1, { sloan: { right: measured(0.3) } }), result(9, { sloan: { right: orBetter(0.5) } })],
      null,
    );
    expect(summary.flags.filter((f) => f.kind === 'change')).toEqual([]);
    // "0.3 or better" then "0.7 or worse": at least 0.4 worse, said as the least change.
    const apart = patientSummary(
      [result(1, { sloan: { right: orBetter(0.3) } }), result(9, { sloan: { right: orWorse(0.7) } })],
      null,
    );
    expect(apart.flags.filter((f) => f.kind === 'change')).toEqual([
      {
        kind: 'change',
        eye: 'right',
        test: 'sloan',
        direction: 'worse',
        change: 0.4,
        limit: 0.15,
        bounded: true,
      },
    ]);
  });

  it('counts the unreviewed results, with the oldest one for the review queue', () => {
    const a = result(3, { sloan: { right: measured(0) } }, { reviewed: false });
    const b = result(7, { sloan: { right: measured(0) } }, { reviewed: true });
    const c = result(12, { sloan: { right: measured(0) } }, { reviewed: false });
    expect(patientSummary([c, a, b], null).flags).toEqual([
      { kind: 'unreviewed', count: 2, oldestTestedAt: a.testedAt },
    ]);
  });
});
