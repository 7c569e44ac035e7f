import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DEFINITIONS, TEST_IDS } from '@visus/core';
import { setLanguage } from './i18n';
import { testName } from './test-names';

afterEach(async () => {
  await setLanguage('en');
});

describe('testName (a test’s name in the language shown)', () => {
  it('is core’s English name in English, for every test', () => {
    for (const test of TEST_IDS) expect(testName(test)).toBe(TEST_DEFINITIONS[test].name);
  });

  it('follows the language shown', async () => {
    await setLanguage('es', { areas: ['shell'] });
    expect(testName('landoltC')).toBe('C de Landolt');
    await setLanguage('de');
    expect(testName('presbyopia')).toBe('Presbyopie');
    await setLanguage('fr');
    expect(testName('diamond')).toBe('Losange');
  });
});
