import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { acuityChartEyeResult, acuityEyeResult, shouldStoreAcuityResult } from './store-rule';

describe('storing an acuity result (SPEC.md §4 "stored when the round count equals loopLength or the procedure is finished")', () => {
  it('stores at the loop length or when finished', () => {
    expect(shouldStoreAcuityResult(30, 30, false)).toBe(true);
    expect(shouldStoreAcuityResult(21, 30, true)).toBe(true);
    expect(shouldStoreAcuityResult(21, 30, false)).toBe(false);
  });
  it('stores va, rounds and loopLength (SPEC.md §3)', () => {
    expect(acuityEyeResult({ logMAR: 0.1234, snellen: '6/7.5', trials: 21, ci95: [0.05, 0.2] }, 30)).toEqual({
      va: 0.1234,
      rounds: 21,
      loopLength: 30,
    });
  });
  it('keeps a bound as a bound: censored and bound beside va (ADR 0010)', () => {
    const bound = { logMAR: 0.5, snellen: '6/19', trials: 12, ci95: [-1, 0.5] as [number, number] };
    expect(acuityEyeResult({ ...bound, censored: 'better-than', bound: 0.5 }, 30)).toEqual({
      va: 0.5,
      rounds: 12,
      loopLength: 30,
      censored: 'better-than',
      bound: 0.5,
    });
    // A measured result has no such keys at all (older readers see the record they know).
    expect(Object.keys(acuityEyeResult({ ...bound, ci95: [0.4, 0.6] }, 30))).toEqual([
      'va',
      'rounds',
      'loopLength',
    ]);
    expect(() => acuityEyeResult({ ...bound, censored: 'worse-than' }, 30)).toThrow(
      /both censored and bound/,
    );
    expect(() => acuityEyeResult({ ...bound, bound: 0.5 }, 30)).toThrow(CoreInputError);
  });

  it("stores an acuity chart's full record: estimate, interval, label, bound and viewing distance", () => {
    const censored = {
      logMAR: 1,
      snellen: '6/60',
      trials: 9,
      ci95: [1, 2.5] as [number, number],
      censored: 'worse-than' as const,
      bound: 1,
    };
    expect(acuityChartEyeResult(censored, 30, 600, false)).toEqual({
      va: 1,
      rounds: 9,
      loopLength: 30,
      logMAR: 1,
      ci95: [1, 2.5],
      snellen: '6/60',
      censored: 'worse-than',
      bound: 1,
      distanceMm: 600,
      crowded: false,
    });
    const measured = { logMAR: 0.1234, snellen: '6/7.5', trials: 21, ci95: [0.05, 0.2] as [number, number] };
    expect(acuityChartEyeResult(measured, 30, 3000, true)).toEqual({
      va: 0.1234,
      rounds: 21,
      loopLength: 30,
      logMAR: 0.1234,
      ci95: [0.05, 0.2],
      snellen: '6/7.5',
      distanceMm: 3000,
      crowded: true,
    });
    expect(() => acuityChartEyeResult(measured, 30, 0, false)).toThrow(/viewing distance/);
    expect(() => acuityChartEyeResult(measured, 30, Number.NaN, false)).toThrow(CoreInputError);
    // A JavaScript caller that forgets the flag gets an error, not a record that says nothing.
    expect(() => acuityChartEyeResult(measured, 30, 3000, undefined as unknown as boolean)).toThrow(
      /crowded must be true or false/,
    );
  });

  it('rejects bad input', () => {
    expect(() => shouldStoreAcuityResult(1.5, 30, false)).toThrow(CoreInputError);
    expect(() => shouldStoreAcuityResult(1, 0, false)).toThrow(CoreInputError);
  });
});
