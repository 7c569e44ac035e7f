import { afterEach, describe, expect, it } from 'vitest';
import { CoreInputError, encodePresbyopiaAnswer, gratingLogMarRange, presbyopiaAdd } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { inputErrorText } from './input-error-words';

afterEach(async () => {
  await setLanguage('en');
});

function thrown(run: () => unknown): CoreInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof CoreInputError) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

const errors = () => ({
  grid: thrown(() => encodePresbyopiaAnswer({ prescription: 0.1, distance: 'Below 1.6m' })),
  range: thrown(() => presbyopiaAdd({ age: 1234, distance: 'Below 1.6m', prescription: 0 })),
  whole: thrown(() => presbyopiaAdd({ age: 40.5, distance: 'Below 1.6m', prescription: 0 })),
  grating: thrown(() => gratingLogMarRange({ pixelsPerDegree: 1, devicePixelRatio: 1, targetSizePx: 1 })),
  other: new CoreInputError('something else'),
});

describe('inputErrorText (core’s input errors on the display, issue 20)', () => {
  it('says in English exactly what core’s message says', () => {
    for (const [name, error] of Object.entries(errors()))
      expect(inputErrorText(error), name).toBe(error.message);
  });

  it('says them in German with German numbers, and keeps an unknown kind as core says it', async () => {
    await setLanguage('de', { areas: ['test-run'] });
    const { grid, range, whole, grating, other } = errors();
    expect(inputErrorText(grid)).toBe(
      'Die Korrektur muss zwischen −20 und +20 dpt liegen, in Schritten von 0,25 dpt',
    );
    expect(inputErrorText(range)).toBe('Das Alter (Jahre) muss zwischen 0 und 130 liegen, angegeben: 1234');
    expect(inputErrorText(whole)).toBe('Das Alter (Jahre) muss eine ganze Zahl sein, angegeben: 40,5');
    expect(inputErrorText(grating)).toMatch(
      /^kein Gitter der Sehschärfeskala .* feinstes -?\d+,\d\d, gröbstes/,
    );
    expect(inputErrorText(other)).toBe('something else');
  });
});
