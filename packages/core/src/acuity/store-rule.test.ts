import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { acuityEyeResult, shouldStoreAcuityResult } from './store-rule';

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
  it('rejects bad input', () => {
    expect(() => shouldStoreAcuityResult(1.5, 30, false)).toThrow(CoreInputError);
    expect(() => shouldStoreAcuityResult(1, 0, false)).toThrow(CoreInputError);
  });
});
