import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@visus/core';

/*
 * The catalogs' check (issue 20, docs/adr/0028): every language has exactly the keys English has (none
 * missing, none stray), every message is valid ICU MessageFormat, and a translation keeps the English
 * message's {placeholders}. English is the source: a new string goes into en/<area>.json first.
 */
const LOCALES = join(import.meta.dirname, '.');
const AREAS = readdirSync(join(LOCALES, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''));

const catalog = (language: string, area: string): Record<string, string> =>
  JSON.parse(readFileSync(join(LOCALES, language, `${area}.json`), 'utf8')) as Record<string, string>;

// An argument is `{name}` or `{name, plural|select…}`; a plural or select branch (`one {A change}`) is text.
const placeholders = (message: string) =>
  [...message.matchAll(/(?<!\b(?:zero|one|two|few|many|other|=\d+)\s*)\{(\w+)\s*[,}]/g)]
    .map((m) => m[1])
    .sort();

/** The keys `translated` lacks and the keys it has that `source` does not. */
export function keyDifferences(source: Record<string, unknown>, translated: Record<string, unknown>) {
  return {
    missing: Object.keys(source).filter((key) => !Object.hasOwn(translated, key)),
    stray: Object.keys(translated).filter((key) => !Object.hasOwn(source, key)),
  };
}

describe('keyDifferences', () => {
  it('finds a missing key and a stray one', () => {
    expect(keyDifferences({ a: 'A', b: 'B' }, { a: 'A', c: 'C' })).toEqual({ missing: ['b'], stray: ['c'] });
    expect(keyDifferences({ a: 'A' }, { a: 'Á' })).toEqual({ missing: [], stray: [] });
  });
});

describe('the catalogs', () => {
  it('have the thirteen areas in every language, and no other file', () => {
    expect(AREAS.sort()).toEqual([
      'account',
      'admin',
      'clinic',
      'controller',
      'landing',
      'preview',
      'range',
      'results',
      'setup',
      'shell',
      'signup',
      'test-run',
      'tests',
    ]);
    for (const language of LANGUAGES) {
      expect(readdirSync(join(LOCALES, language)).sort(), language).toEqual(
        AREAS.map((area) => `${area}.json`).sort(),
      );
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    for (const area of AREAS) {
      it(`${language}/${area}.json has every key of en/${area}.json and no other`, () => {
        expect(keyDifferences(catalog('en', area), catalog(language, area))).toEqual({
          missing: [],
          stray: [],
        });
      });

      it(`${language}/${area}.json keeps the placeholders and is not left empty`, () => {
        const english = catalog('en', area);
        const translated = catalog(language, area);
        for (const [key, message] of Object.entries(translated)) {
          expect(message.trim(), `${language} ${key}`).not.toBe('');
          expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key] ?? ''));
        }
      });
    }
  }

  it('never give one id two messages: the areas share one message table once loaded', () => {
    // Lingui keeps one table per language: a screen that loads two areas (and the tests, which load
    // them all) would show whichever came last. An id in two areas is allowed only with the very same
    // message in every language (a component both areas use, e.g. the language picker).
    for (const language of LANGUAGES) {
      const seen = new Map<string, { area: string; message: string }>();
      for (const area of AREAS) {
        for (const [key, message] of Object.entries(catalog(language, area))) {
          const before = seen.get(key);
          if (before) {
            expect(message, `${language}: ${key} in ${before.area} and ${area}`).toBe(before.message);
          } else seen.set(key, { area, message });
        }
      }
    }
  });

  it('hold only messages Lingui can compile', () => {
    for (const language of LANGUAGES) {
      for (const area of AREAS) {
        for (const [key, message] of Object.entries(catalog(language, area))) {
          expect(() => compileMessageOrThrow(message), `${language}/${area} ${key}`).not.toThrow();
        }
      }
    }
  });
});
