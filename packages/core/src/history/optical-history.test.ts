import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { isOldOpticalHistory, migrateOpticalHistory } from './optical-history';

describe('optical-history migration (SPEC.md §3 "Older records where q6 lacks selected are upgraded")', () => {
  const kept = {
    q1: { selected: ['glasses'], details: 'since 2010' },
    q2: 'no',
    q3a: 'a',
    q3b: 'b',
    q4: '4',
    q5a: '5a',
    q5b: '5b',
  };
  it('upgrades an old record, keeping q1 to q5b', () => {
    const old = { ...kept, q6: 'yes', q7: 'no' };
    expect(isOldOpticalHistory(old)).toBe(true);
    const m = migrateOpticalHistory(old);
    expect(m).toMatchObject(kept);
    expect(m.q6).toEqual({ selected: [], details: '' });
    expect(m.q10).toEqual({ selected: [], details: '' });
  });
  it('leaves a new record as it is', () => {
    const current = { ...kept, q6: { selected: ['x'], details: '' }, q7: { selected: [], details: 'd' } };
    expect(isOldOpticalHistory(current)).toBe(false);
    expect(migrateOpticalHistory(current)).toMatchObject(current);
  });
  it('rejects malformed records', () => {
    expect(() => migrateOpticalHistory(null)).toThrow(CoreInputError);
    expect(() => migrateOpticalHistory({ q1: 'glasses' })).toThrow(CoreInputError);
    expect(() => migrateOpticalHistory({ ...kept, q2: 3 })).toThrow(CoreInputError);
  });
});
