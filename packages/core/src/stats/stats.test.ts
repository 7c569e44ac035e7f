import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { meanAndDeviation } from './stats';

describe('statistics helper (SPEC.md §9 "mean and scaled deviation to 3 decimals")', () => {
  it('returns mean and sample deviation to 3 decimals', () => {
    expect(meanAndDeviation([1, 2, 4])).toEqual({ mean: 2.333, deviation: 1.528 });
    expect(meanAndDeviation([5])).toEqual({ mean: 5, deviation: 0 });
  });
  it('rejects empty lists and NaN', () => {
    expect(() => meanAndDeviation([])).toThrow(CoreInputError);
    expect(() => meanAndDeviation([1, Number.NaN])).toThrow(CoreInputError);
  });
});
