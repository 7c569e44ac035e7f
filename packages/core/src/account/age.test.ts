import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { ageFromDob } from './age';

const today = { year: 2026, month: 11, day: 22 };

describe('ageFromDob (SPEC.md §5)', () => {
  it('whole years, lowered by one before the birthday', () => {
    expect(ageFromDob('1980-11-22', today)).toBe(46);
    expect(ageFromDob('1980-11-23', today)).toBe(45);
  });
  it('two-digit years over 68 are 19xx, others 20xx', () => {
    expect(ageFromDob('01/01/69', today)).toBe(57);
    expect(ageFromDob('01/01/05', today)).toBe(21);
  });
  it.each(['nonsense', '31/02/1990', '2030-01-01', '01/01/68'])("'Invalid date of birth' for %j", (dob) => {
    expect(() => ageFromDob(dob, today)).toThrow(new CoreInputError('Invalid date of birth'));
  });
  it('rejects a malformed today', () => {
    expect(() => ageFromDob('1980-01-01', { year: 2026, month: 13, day: 1 })).toThrow(CoreInputError);
    expect(() => ageFromDob('1980-01-01', { year: Number.NaN, month: 1, day: 1 })).toThrow(CoreInputError);
  });
});
