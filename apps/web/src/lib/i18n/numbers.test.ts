import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';
import { formatDioptres } from '@visus/core';
import { formatFixed, formatNumber, localDioptres } from './numbers';

describe('formatFixed', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes in English exactly what toFixed writes (its rounding too)', () => {
    const values = [0, -0, 0.5, -0.04, -0.2, 1.005, 2.675, 3.7795, 12.345, 1234.5678, 16384, 0.125, -1.25];
    for (const value of values) {
      for (const digits of [0, 1, 2, 3]) {
        expect(formatFixed(value, digits), `${value} ${digits}`).toBe(value.toFixed(digits));
      }
    }
    expect(formatFixed(1.005, 2)).toBe('1.00');
  });

  it('writes a decimal comma in Spanish, German and French, without grouping', async () => {
    await setLanguage('de');
    expect(formatFixed(3.7795, 3)).toBe((3.7795).toFixed(3).replace('.', ','));
    expect(formatFixed(-0.2, 1)).toBe('-0,2');
    expect(formatFixed(16384, 0)).toBe('16384');
    await setLanguage('fr');
    expect(formatFixed(0.25, 2)).toBe('0,25');
    await setLanguage('es');
    expect(formatFixed(1.5, 1)).toBe('1,5');
  });
});

describe('formatNumber', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes in English what String writes for short decimals', () => {
    for (const value of [0.25, 10, 15.6, 2.2, 323.5, 16384, 3, -1.5]) {
      expect(formatNumber(value)).toBe(String(value));
    }
  });

  it('writes a decimal comma in German', async () => {
    await setLanguage('de');
    expect(formatNumber(15.6)).toBe('15,6');
    expect(formatNumber(0.25)).toBe('0,25');
  });
});

describe('localDioptres', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('writes in English exactly what core formatDioptres writes', () => {
    for (let quarter = -120; quarter <= 120; quarter++) {
      for (const value of [quarter / 4, quarter / 4 + 0.001, quarter / 4 - 0.004]) {
        expect(localDioptres(value), String(value)).toBe(formatDioptres(value));
      }
    }
    expect(localDioptres(-0.001)).toBe('0.00 D');
  });

  it('keeps core’s signs and writes a decimal comma in Spanish, German and French', async () => {
    for (const language of ['es', 'de', 'fr'] as const) {
      await setLanguage(language);
      expect(localDioptres(-1.25)).toBe('−1,25 D');
      expect(localDioptres(2)).toBe('+2,00 D');
      expect(localDioptres(0)).toBe('0,00 D');
    }
  });
});
