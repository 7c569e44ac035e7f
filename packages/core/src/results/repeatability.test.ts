import { describe, expect, it } from 'vitest';
import { REPEATABILITY_LOGMAR, repeatabilityLimit, significantChange } from './repeatability';

describe('repeatability', () => {
  it('takes the acuity limits from the observer family: p95 |test − retest| rounded up to 0.01', () => {
    // bench:acuity "Observer family", row visus, column retest p95 (docs/adr/0011).
    const limit = (p95: number) => Math.ceil(p95 * 100) / 100;
    expect(REPEATABILITY_LOGMAR.sloan?.limit).toBe(limit(0.148));
    expect(REPEATABILITY_LOGMAR.landoltC?.limit).toBe(limit(0.148));
    expect(REPEATABILITY_LOGMAR.tumblingE?.limit).toBe(limit(0.159));
    expect(repeatabilityLimit('astigPower')).toBe(0.17);
    expect(repeatabilityLimit('diamond')).toBeNull();
  });
});

describe('significantChange', () => {
  it('flags a change beyond the limit with its direction', () => {
    expect(significantChange(0.1, 0.3, 'sloan')).toEqual({
      change: 0.2,
      limit: 0.15,
      significant: true,
      direction: 'worse',
    });
    expect(significantChange(0.4, 0.2, 'landoltC')).toMatchObject({ significant: true, direction: 'better' });
  });

  it('does not flag a change within or equal to the limit', () => {
    expect(significantChange(0.1, 0.25, 'sloan')).toMatchObject({
      change: 0.15,
      significant: false,
      direction: 'unchanged',
    });
    expect(significantChange(0.1, 0.05, 'tumblingE').significant).toBe(false);
  });

  it('never flags tests without a repeatability figure', () => {
    expect(significantChange(0, 2, 'spokeCircle')).toMatchObject({ limit: null, significant: false });
  });

  it('refuses non-numbers', () => {
    expect(() => significantChange(Number.NaN, 0, 'sloan')).toThrow(/previous logMAR/);
  });
});
