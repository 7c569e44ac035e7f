import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  ACUITY_LEVELS,
  acuityLevel,
  LEVEL_COUNT,
  levelOfFraction,
  nearestLevel,
  snellenLabel,
} from './scale';

describe('acuity scale (SPEC.md §9 "Acuity scale")', () => {
  it('has 21 levels, index 0 to 20 (SPEC.md §4 "21 size levels")', () => {
    expect(LEVEL_COUNT).toBe(21);
    expect(ACUITY_LEVELS.map((l) => l.index)).toEqual([...Array(21).keys()]);
  });
  it('fraction labels run from 6/3.8 to 6/380 and include 6/9.5 (SPEC.md §9)', () => {
    expect(ACUITY_LEVELS[0]!.snellen).toBe('6/3.8');
    expect(ACUITY_LEVELS[20]!.snellen).toBe('6/380');
    expect(ACUITY_LEVELS.map((l) => l.snellen)).toContain('6/9.5');
  });
  it('ratios run from 1.578945 down to 0.0157894 (SPEC.md §9)', () => {
    expect(ACUITY_LEVELS[0]!.ratio).toBeCloseTo(1.578945, 5);
    expect(ACUITY_LEVELS[20]!.ratio).toBeCloseTo(0.0157894, 6);
  });
  it('logMAR is −0.2 + 0.1 × index, and each label is within 0.005 (decimal 0.006) of it', () => {
    for (const l of ACUITY_LEVELS) {
      expect(l.logMAR).toBeCloseTo(-0.2 + 0.1 * l.index, 10);
      expect(Math.abs(Math.log10(6 / l.ratio / 6) - l.logMAR)).toBeLessThan(0.005);
      expect(Math.abs(Math.log10(l.decimal) + l.logMAR)).toBeLessThan(0.006);
    }
  });
  it('result score is log(denominator/numerator) to 4 decimals (SPEC.md §9): 6/9.5 → 0.1996', () => {
    expect(acuityLevel(4).score).toBe(0.1996);
    expect(acuityLevel(2).score).toBe(0);
  });
  it('matches 20/x notation', () => {
    expect(acuityLevel(2).snellen20).toBe('20/20');
    expect(acuityLevel(12).snellen20).toBe('20/200');
  });
  it('finds levels from logMAR and from labels', () => {
    expect(nearestLevel(0.23)).toBe(4);
    expect(snellenLabel(1.0)).toBe('6/60');
    // The notation rule's line: halfway (0.15) is the worse line, wherever float division lands.
    expect(snellenLabel(0.15)).toBe('6/9.5');
    expect(ACUITY_LEVELS.map((l) => snellenLabel(l.logMAR))).toEqual(ACUITY_LEVELS.map((l) => l.snellen));
    expect(levelOfFraction('6/9.5')).toBe(4);
    expect(levelOfFraction('20/40')).toBe(5);
  });
  it('rejects bad input', () => {
    expect(() => acuityLevel(21)).toThrow(CoreInputError);
    expect(() => acuityLevel(1.5)).toThrow(CoreInputError);
    expect(() => nearestLevel(Number.NaN)).toThrow(CoreInputError);
    expect(() => nearestLevel(2)).toThrow(CoreInputError);
    expect(() => levelOfFraction('6/10')).toThrow(CoreInputError);
  });
});
