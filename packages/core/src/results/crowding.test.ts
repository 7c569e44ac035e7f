import { describe, expect, it } from 'vitest';
import { acuityCrowding, resultIsCrowded } from './crowding';

const eye = { va: 0.2, rounds: 30, loopLength: 30 };

describe('acuityCrowding', () => {
  it('reads the stored flag, and "not recorded" where a record lacks it', () => {
    expect(acuityCrowding({ ...eye, crowded: true })).toBe('crowded');
    expect(acuityCrowding({ ...eye, crowded: false })).toBe('uncrowded');
    expect(acuityCrowding(eye)).toBe('not recorded');
    expect(acuityCrowding(0.2)).toBe('not recorded');
  });
});

describe('resultIsCrowded', () => {
  it('is crowded when an eye was crowded, and not for uncrowded or older records', () => {
    expect(resultIsCrowded({ right: { ...eye, crowded: true } })).toBe(true);
    expect(resultIsCrowded({ right: 0.1, left: { ...eye, crowded: true } })).toBe(true);
    expect(resultIsCrowded({ right: { ...eye, crowded: false }, left: eye })).toBe(false);
    expect(resultIsCrowded({ right: 0.3 })).toBe(false);
    expect(resultIsCrowded({})).toBe(false);
  });
});
