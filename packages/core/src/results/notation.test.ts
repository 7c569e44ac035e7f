import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import {
  acuityLogMar,
  acuityNotation,
  acuityNotations,
  acuityText,
  boundReason,
  durationHms,
  formatDecimal,
  formatLogMar,
  formatMetres,
  qualified,
} from './notation';
import { ACUITY_LEVELS } from '../acuity/scale';
import { snellenLine } from '../optics/chart-lines';
import type { AcuityEyeResult } from './results';

describe('acuityNotation', () => {
  it.each([
    [0, '0.00', '6/6', '20/20', '1.0'],
    [0.3, '0.30', '6/12', '20/40', '0.50'],
    [0.1, '0.10', '6/7.5', '20/25', '0.79'],
    [1, '1.00', '6/60', '20/200', '0.10'],
    [-0.1, '-0.10', '6/4.8', '20/16', '1.3'],
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

describe('the notation rule (docs/results.md "Notations")', () => {
  it('writes Snellen as the standard chart line at each 0.1 logMAR level, 6 m and 20 ft', () => {
    const lines: [number, string, string][] = [
      [-0.3, '6/3', '20/10'],
      [-0.2, '6/3.8', '20/12.5'],
      [-0.1, '6/4.8', '20/16'],
      [0, '6/6', '20/20'],
      [0.1, '6/7.5', '20/25'],
      [0.2, '6/9.5', '20/32'],
      [0.3, '6/12', '20/40'],
      [0.4, '6/15', '20/50'],
      [0.5, '6/19', '20/63'],
      [0.6, '6/24', '20/80'],
      [0.7, '6/30', '20/100'],
      [0.8, '6/38', '20/125'],
      [0.9, '6/48', '20/160'],
      [1, '6/60', '20/200'],
      [1.3, '6/120', '20/400'],
      [1.7, '6/300', '20/1000'],
      [1.8, '6/380', '20/1250'],
      [2, '6/600', '20/2000'],
    ];
    for (const [logMAR, metric, imperial] of lines) {
      expect([logMAR, snellenLine(logMAR, 6), snellenLine(logMAR, 20)]).toEqual([logMAR, metric, imperial]);
    }
    // The lines are the acuity scale's own labels wherever the scale has them.
    for (const level of ACUITY_LEVELS) {
      expect(snellenLine(level.logMAR, 6)).toBe(level.snellen);
      expect(snellenLine(level.logMAR, 20)).toBe(level.snellen20);
    }
  });

  it('writes a value between lines as the nearest line, halfway as the worse one', () => {
    expect(acuityNotation(0.146).text.snellen6).toBe('6/7.5'); // exact 6/8.4
    expect(acuityNotation(0.26).text.snellen6).toBe('6/12'); // exact 6/10.9
    expect(acuityNotation(1.7).text.snellen20).toBe('20/1000'); // exact 20/1002
    expect(acuityNotation(0.15).text.snellen6).toBe('6/9.5');
    expect(acuityNotation(-0.15).text.snellen6).toBe('6/4.8');
    expect(acuityNotation(0.149).text.snellen6).toBe('6/7.5');
  });

  it('rounds a bound toward the line it implies, within the labels’ rounding', () => {
    expect(snellenLine(0.42, 6, 'worse')).toBe('6/19');
    expect(snellenLine(0.4, 6, 'worse')).toBe('6/15');
    expect(snellenLine(0.4049, 6, 'worse')).toBe('6/15');
    expect(snellenLine(0.48, 6, 'better')).toBe('6/15');
    expect(snellenLine(0.4951, 6, 'better')).toBe('6/19');
  });

  it('writes decimal to two significant digits, so neighbouring lines never read alike', () => {
    expect(acuityNotation(1.6).text.decimal).toBe('0.025');
    expect(acuityNotation(1.5).text.decimal).toBe('0.032');
    expect(acuityNotation(0).text.decimal).toBe('1.0');
    expect(acuityNotation(0.1).text.decimal).toBe('0.79');
    expect(formatDecimal(0.8)).toBe('0.80');
    expect(formatDecimal(10 ** -1.8)).toBe('0.016');
    expect(acuityNotation(-0.2).text.decimal).toBe('1.6');
    const decimals = ACUITY_LEVELS.map((l) => acuityNotation(l.logMAR).text.decimal);
    expect(new Set(decimals).size).toBe(decimals.length);
  });

  it('writes an interval low to high in every notation', () => {
    const n = acuityNotations({ va: 0.15, rounds: 21, loopLength: 30, ci95: [0.08, 0.22] });
    expect(n.interval?.text).toEqual({
      logMAR: '0.08 to 0.22',
      snellen6: '6/7.5 to 6/9.5',
      snellen20: '20/25 to 20/32',
      decimal: '0.60 to 0.83',
    });
  });

  it('derives every notation from the logMAR, never from a stored snellen string', () => {
    const older = { va: 0.26, rounds: 20, loopLength: 20, snellen: '6/11' } as AcuityEyeResult;
    expect(acuityText(older)).toBe('0.26 logMAR (6/12, decimal 0.55)');
    expect(acuityText(0.26)).toBe('0.26 logMAR (6/12, decimal 0.55)');
  });
});

describe('acuityNotations', () => {
  it('converts the 95 % interval into each notation, worse end with the larger Snellen denominator', () => {
    const n = acuityNotations({ va: 0.2, rounds: 21, loopLength: 30, ci95: [0.1, 0.3] });
    expect(n.text.snellen6).toBe('6/9.5');
    expect(n.interval?.low.text).toEqual({
      logMAR: '0.10',
      snellen6: '6/7.5',
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
      '0.10 logMAR (6/7.5, decimal 0.79)',
    );
    expect(acuityText(0.3, 'ft')).toBe('0.30 logMAR (20/40, decimal 0.50)');
  });

  it('says "or better" after each notation of a better-than bound', () => {
    expect(acuityText(betterThan)).toBe('0.50 logMAR or better (6/19 or better, decimal 0.32 or better)');
    // 0.48 or better implies 6/19 or better (0.5), not 6/15 (0.4): the bound's line is one it implies.
    expect(acuityText({ ...betterThan, va: 0.48, logMAR: 0.48, bound: 0.48 })).toBe(
      '0.48 logMAR or better (6/19 or better, decimal 0.33 or better)',
    );
    expect(acuityText({ ...betterThan, va: 0.42, logMAR: 0.42, bound: 0.42 })).toBe(
      '0.42 logMAR or better (6/19 or better, decimal 0.38 or better)',
    );
    // A drawn size a hair past a line (the labels' own rounding) is still that line.
    expect(acuityText({ ...betterThan, va: 0.5017, logMAR: 0.5017, bound: 0.5017 })).toBe(
      '0.50 logMAR or better (6/19 or better, decimal 0.31 or better)',
    );
    expect(acuityText(betterThan, 'ft')).toBe(
      '0.50 logMAR or better (20/63 or better, decimal 0.32 or better)',
    );
  });

  it('says "or worse" after each notation of a worse-than bound', () => {
    expect(acuityText(worseThan)).toBe('1.00 logMAR or worse (6/60 or worse, decimal 0.10 or worse)');
    // 1.08 or worse implies 6/60 or worse (1.0), not 6/75 (1.1).
    expect(acuityText({ ...worseThan, va: 1.08, logMAR: 1.08, bound: 1.08 })).toBe(
      '1.08 logMAR or worse (6/60 or worse, decimal 0.083 or worse)',
    );
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
