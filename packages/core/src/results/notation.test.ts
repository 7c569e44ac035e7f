import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  acuityLogMar,
  acuityNotation,
  acuityNotations,
  acuityText,
  boundReason,
  durationHms,
  formatLogMar,
  formatMetres,
  qualified,
} from './notation';
import type { AcuityEyeResult } from './results';

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

/** What the display's acuity panel stores for an eye whose threshold is beyond the smallest line. */
const betterThan: AcuityEyeResult = {
  va: 0.5,
  rounds: 12,
  loopLength: 30,
  logMAR: 0.5,
  ci95: [-1, 0.5],
  snellen: '6/19',
  censored: 'better-than',
  bound: 0.5,
  distanceMm: 600,
};
const worseThan: AcuityEyeResult = {
  va: 1,
  rounds: 9,
  loopLength: 30,
  logMAR: 1,
  ci95: [1, 2.5],
  censored: 'worse-than',
  bound: 1,
  distanceMm: 3000,
};

describe('acuityText: one text for an acuity record, measured or a bound', () => {
  it('writes a measured result in every notation, as before', () => {
    expect(acuityText({ va: 0.1, rounds: 21, loopLength: 30, logMAR: 0.1, ci95: [0, 0.2] })).toBe(
      '0.10 logMAR (6/7.6, decimal 0.79)',
    );
    expect(acuityText(0.3, 'ft')).toBe('0.30 logMAR (20/40, decimal 0.50)');
  });

  it('says "or better" after each notation of a better-than bound', () => {
    expect(acuityText(betterThan)).toBe('0.50 logMAR or better (6/19 or better, decimal 0.32 or better)');
    expect(acuityText({ ...betterThan, va: 0.48, logMAR: 0.48, bound: 0.48 })).toBe(
      '0.48 logMAR or better (6/18 or better, decimal 0.33 or better)',
    );
    expect(acuityText(betterThan, 'ft')).toBe(
      '0.50 logMAR or better (20/63 or better, decimal 0.32 or better)',
    );
  });

  it('says "or worse" after each notation of a worse-than bound', () => {
    expect(acuityText(worseThan)).toBe('1.00 logMAR or worse (6/60 or worse, decimal 0.10 or worse)');
  });

  it('uses the bound even where a record has no logMAR (the bound is the value)', () => {
    const { logMAR: _logMAR, ...withoutLogMar } = betterThan;
    expect(acuityLogMar(withoutLogMar)).toBe(0.5);
  });
});

describe('acuityNotations of a bound', () => {
  it('gives the bound, its qualifier and reason, and no two-sided interval', () => {
    const n = acuityNotations(betterThan);
    expect(n.logMAR).toBe(0.5);
    expect(n.interval).toBeNull();
    expect(n.bound).toEqual({
      censored: 'better-than',
      qualifier: 'or better',
      distanceMm: 600,
      reason: 'the smallest line this screen can draw at 0.6 m',
    });
    expect(qualified(n, n.text.snellen6)).toBe('6/19 or better');
    expect(acuityNotations(worseThan).bound?.reason).toBe('the largest line this screen can draw at 3 m');
  });

  it('keeps a measured result as it was: interval shown, no bound, nothing qualified', () => {
    const n = acuityNotations({ va: 0.2, rounds: 21, loopLength: 30, ci95: [0.1, 0.3], distanceMm: 600 });
    expect(n.bound).toBeNull();
    expect(n.interval?.low.text.logMAR).toBe('0.10');
    expect(qualified(n, n.text.logMAR)).toBe('0.20');
    expect(acuityNotations(0.2).bound).toBeNull();
  });

  it('says "at the distance used" for a record that does not keep its distance', () => {
    const { distanceMm: _distance, ...older } = betterThan;
    expect(acuityNotations(older).bound?.reason).toBe(
      'the smallest line this screen can draw at the distance used',
    );
  });

  it('refuses a record claiming a bound it does not have', () => {
    expect(() => acuityNotations({ va: 0.5, rounds: 1, loopLength: 1, censored: 'better-than' })).toThrow(
      CoreInputError,
    );
    expect(() => acuityNotations({ va: 0.5, rounds: 1, loopLength: 1, bound: 0.5 })).toThrow(/censored/);
    const odd = { ...betterThan, censored: 'sideways' } as unknown as AcuityEyeResult;
    expect(() => acuityNotations(odd)).toThrow(/censored must be one of/);
  });
});

describe('boundReason and formatMetres', () => {
  it('names the end of the range and the distance', () => {
    expect(boundReason('better-than', 2250)).toBe('the smallest line this screen can draw at 2.25 m');
    expect(boundReason('worse-than', null)).toBe(
      'the largest line this screen can draw at the distance used',
    );
    expect(formatMetres(600)).toBe('0.6 m');
    expect(() => formatMetres(0)).toThrow(CoreInputError);
  });
});

describe('durationHms', () => {
  it('formats start to end as HH:MM:SS', () => {
    expect(durationHms(0, 3_723_999)).toBe('01:02:03');
    expect(() => durationHms(10, 0)).toThrow(CoreInputError);
  });
});
