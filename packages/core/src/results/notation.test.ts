import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { acuityLogMar, acuityNotation, acuityNotations, durationHms, formatLogMar } from './notation';

describe('acuityNotation', () => {
  it.each([
    [0, '0.00', '6/6', '20/20', '1.00'],
    [0.3, '0.30', '6/12', '20/40', '0.50'],
    [0.1, '0.10', '6/7.6', '20/25', '0.79'],
    [1, '1.00', '6/60', '20/200', '0.10'],
    [-0.1, '-0.10', '6/4.8', '20/16', '1.26'],
  ])('logMAR %d → %s, %s, %s, decimal %s', (value, logMAR, s6, s20, decimal) => {
    expect(acuityNotation(value).text).toEqual({ logMAR, snellen6: s6, snellen20: s20, decimal });
  });

  it('keeps the exact numbers next to the text', () => {
    const n = acuityNotation(0.3);
    expect(n.snellen6).toBeCloseTo(6 * 10 ** 0.3, 10);
    expect(n.snellen20).toBeCloseTo(20 * 10 ** 0.3, 10);
    expect(n.decimal).toBeCloseTo(10 ** -0.3, 10);
  });

  it('refuses values outside the logMAR range', () => {
    expect(() => acuityNotation(Number.NaN)).toThrow(CoreInputError);
    expect(() => acuityNotation(3)).toThrow(CoreInputError);
  });

  it('never shows negative zero', () => {
    expect(formatLogMar(-0.001)).toBe('0.00');
  });
});

describe('acuityNotations', () => {
  it('converts the 95 % interval into each notation, worse end with the larger Snellen denominator', () => {
    const n = acuityNotations({ va: 0.2, rounds: 21, loopLength: 30, ci95: [0.1, 0.3] });
    expect(n.text.snellen6).toBe('6/9.5');
    expect(n.interval?.low.text).toEqual({
      logMAR: '0.10',
      snellen6: '6/7.6',
      snellen20: '20/25',
      decimal: '0.79',
    });
    expect(n.interval?.high.text).toEqual({
      logMAR: '0.30',
      snellen6: '6/12',
      snellen20: '20/40',
      decimal: '0.50',
    });
    expect(n.rounds).toBe(21);
    expect(n.loopLength).toBe(30);
  });

  it('prefers logMAR over va and accepts a bare value', () => {
    expect(acuityLogMar({ va: 0.2, logMAR: 0.25, rounds: 1, loopLength: 1 })).toBe(0.25);
    const bare = acuityNotations(0.5);
    expect(bare.interval).toBeNull();
    expect(bare.rounds).toBeNull();
    expect(bare.text.snellen20).toBe('20/63');
  });

  it('refuses an inverted interval', () => {
    expect(() => acuityNotations({ va: 0.2, rounds: 1, loopLength: 1, ci95: [0.3, 0.1] })).toThrow(
      /exceeds high/,
    );
  });
});

describe('durationHms', () => {
  it('formats start to end as HH:MM:SS', () => {
    expect(durationHms(0, 3_723_999)).toBe('01:02:03');
    expect(() => durationHms(10, 0)).toThrow(CoreInputError);
  });
});
