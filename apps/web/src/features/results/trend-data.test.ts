import { describe, expect, it } from 'vitest';
import type { StoredResult } from '@visus/contracts';
import { acuityTrends } from './trend-data';
import { storedResult } from './results-fixtures';

function sloanAt(day: string, right: number | undefined, left: number | undefined): StoredResult {
  const base = storedResult({ day });
  const sloan: NonNullable<StoredResult['data']['sloan']> = {};
  if (right !== undefined) sloan.right = { va: right, rounds: 24, loopLength: 30 };
  if (left !== undefined) sloan.left = left; // a bare logMAR, as older records hold
  return { ...base, data: { start: base.data.start, end: base.data.end, sloan } };
}

describe('acuityTrends', () => {
  it('orders each chart type oldest first and reads record and bare values', () => {
    const [trend] = acuityTrends([sloanAt('2026-03-01', 0.2, 0.1), sloanAt('2026-01-01', 0.3, 0.16)]);
    expect(trend?.test).toBe('sloan');
    expect(trend?.name).toBe('Sloan');
    expect(trend?.points.map((p) => [p.right, p.left])).toEqual([
      [0.3, 0.16],
      [0.2, 0.1],
    ]);
    expect(trend?.limit).toBe(0.15);
    expect(trend?.flags).toEqual([]);
  });

  it('flags a change beyond the repeatability between an eye’s consecutive results, not one equal to it', () => {
    const trend = acuityTrends([
      sloanAt('2026-01-01', 0.3, 0.1),
      sloanAt('2026-02-01', 0.1, 0.25), // right −0.20 (better, flagged); left +0.15 (= limit, not flagged)
      sloanAt('2026-03-01', undefined, 0.43), // left +0.18 (worse, flagged); right missing
      sloanAt('2026-04-01', 0.3, undefined), // right vs Feb: +0.20 (worse, flagged)
    ])[0]!;
    expect(trend.flags.map((f) => [f.eye, f.verdict.direction, f.verdict.change, f.to.id])).toEqual([
      ['right', 'worse', 0.2, 'result-2026-04-01'],
      ['left', 'worse', 0.18, 'result-2026-03-01'],
      ['right', 'better', -0.2, 'result-2026-02-01'],
    ]);
    expect(trend.points.map((p) => [p.rightFlag, p.leftFlag])).toEqual([
      [undefined, undefined],
      ['better', undefined],
      [undefined, 'worse'],
      ['worse', undefined],
    ]);
  });

  it('keeps chart types apart and leaves out tests with no result', () => {
    const landolt = storedResult({ day: '2026-05-01' });
    const withLandolt: StoredResult = {
      ...landolt,
      data: {
        start: landolt.data.start,
        end: landolt.data.end,
        landoltC: { right: 0.5 },
        duoChrome: { right: ['red'] },
      },
    };
    const trends = acuityTrends([sloanAt('2026-01-01', 0.3, 0.1), withLandolt]);
    expect(trends.map((t) => [t.test, t.points.length])).toEqual([
      ['sloan', 1],
      ['landoltC', 1],
    ]);
  });
});

describe('acuityTrends with crowded results (SPEC.md §3 crowding)', () => {
  function sloanCrowdedAt(day: string, right: number, crowded: boolean | undefined): StoredResult {
    const base = storedResult({ day });
    const eye = { va: right, rounds: 24, loopLength: 30, ...(crowded === undefined ? {} : { crowded }) };
    return {
      ...base,
      _id: `r-${day}`,
      data: { start: base.data.start, end: base.data.end, sloan: { right: eye } },
    };
  }

  it('plots crowded results apart and never flags a change between crowded and uncrowded', () => {
    // Uncrowded 0.0, crowded 0.4 a month later, uncrowded 0.05, an older record (not recorded) 0.1.
    const trends = acuityTrends([
      sloanCrowdedAt('2026-01-01', 0.0, false),
      sloanCrowdedAt('2026-02-01', 0.4, true),
      sloanCrowdedAt('2026-03-01', 0.05, false),
      sloanCrowdedAt('2025-12-01', 0.1, undefined),
    ]);
    expect(trends.map((t) => [t.key, t.name, t.crowded, t.points.map((p) => p.right)])).toEqual([
      ['sloan', 'Sloan', false, [0.1, 0.0, 0.05]],
      ['sloan-crowded', 'Sloan (crowded)', true, [0.4]],
    ]);
    // 0.0 → 0.4 would be a change far beyond the repeatability, were the two comparable.
    expect(trends.flatMap((t) => t.flags)).toEqual([]);
  });
});

describe('acuityTrends with bounds (docs/adr/0010)', () => {
  const orBetter = (b: number) => ({
    va: b,
    rounds: 12,
    loopLength: 30,
    censored: 'better-than' as const,
    bound: b,
    distanceMm: 600,
  });
  function withRight(day: string, right: NonNullable<StoredResult['data']['sloan']>['right']): StoredResult {
    const base = storedResult({ day });
    return { ...base, data: { start: base.data.start, end: base.data.end, sloan: { right } } };
  }

  it('keeps a bound off the measured line, on its own series with its side', () => {
    const [trend] = acuityTrends([withRight('2026-01-01', 0.3), withRight('2026-02-01', orBetter(0.5))]);
    expect(trend?.points.map((p) => [p.right, p.rightBound, p.rightCensored])).toEqual([
      [0.3, undefined, undefined],
      [undefined, 0.5, 'better-than'],
    ]);
  });

  it('flags "0.5 or better" then 0.9 as worse by at least 0.4, and not "0.5 or better" then 0.3', () => {
    const trend = acuityTrends([withRight('2026-01-01', orBetter(0.5)), withRight('2026-02-01', 0.9)])[0]!;
    expect(trend.flags).toHaveLength(1);
    const [flag] = trend.flags;
    expect(flag?.from).toEqual({
      time: Date.parse('2026-01-01T10:00:00.000Z'),
      logMAR: 0.5,
      id: 'result-2026-01-01',
      censored: 'better-than',
    });
    expect(flag?.to).toMatchObject({ logMAR: 0.9, censored: null });
    expect(flag?.verdict).toMatchObject({
      change: 0.4,
      direction: 'worse',
      significant: true,
      bounded: true,
    });
    expect(trend.points.map((p) => p.rightFlag)).toEqual([undefined, 'worse']);

    // 0.3 lies inside "0.5 or better", and "0.4 or better" allows 0.3 again: no change either time.
    const within = acuityTrends([
      withRight('2026-01-01', orBetter(0.5)),
      withRight('2026-02-01', 0.3),
      withRight('2026-03-01', orBetter(0.4)),
    ])[0]!;
    expect(within.flags).toEqual([]);
  });

  it('never flags two bounds on the same side', () => {
    const trend = acuityTrends([
      withRight('2026-01-01', orBetter(1.2)),
      withRight('2026-02-01', orBetter(-0.2)),
    ])[0]!;
    expect(trend.flags).toEqual([]);
  });
});
