import { describe, expect, it } from 'vitest';
import { levelOfFraction, levelToLogMar } from '../acuity/scale';
import { FIXED_FIRST_LEVELS } from '../acuity/procedure';
import { AXIS_FALLBACK_ACUITY, POWER_FALLBACK_ACUITY, astigmatismStartLogMar } from './acuity-fallback';

describe('default acuity fallbacks (SPEC.md §9)', () => {
  it('are 6/9.5 for the axis and 6/3.8 for the power, on the chart scale', () => {
    expect(AXIS_FALLBACK_ACUITY.label).toBe('6/9.5');
    expect(POWER_FALLBACK_ACUITY.label).toBe('6/3.8');
    expect(levelOfFraction('6/9.5')).toBe(4);
    expect(levelOfFraction('6/3.8')).toBe(0);
    expect(AXIS_FALLBACK_ACUITY.logMAR).toBeCloseTo(levelToLogMar(4), 10);
    expect(POWER_FALLBACK_ACUITY.logMAR).toBeCloseTo(levelToLogMar(0), 10);
  });

  it("is where Astigmatism Power's grating procedure starts (its first fixed trial level)", () => {
    expect(levelToLogMar(FIXED_FIRST_LEVELS[0])).toBeCloseTo(POWER_FALLBACK_ACUITY.logMAR, 10);
  });

  it('is used only when no acuity is known', () => {
    expect(astigmatismStartLogMar('astigAxis')).toBe(0.2);
    expect(astigmatismStartLogMar('astigAxis', null)).toBe(0.2);
    expect(astigmatismStartLogMar('astigPower', undefined)).toBe(-0.2);
    expect(astigmatismStartLogMar('astigPower', Number.NaN)).toBe(-0.2);
    expect(astigmatismStartLogMar('astigAxis', 0.5)).toBe(0.5);
    expect(astigmatismStartLogMar('astigPower', 0)).toBe(0);
  });
});
