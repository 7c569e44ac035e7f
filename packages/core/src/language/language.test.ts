import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_NAMES, isLanguage, languageOfTag, pickLanguage } from './language';

describe('languageOfTag', () => {
  it('takes the primary subtag of a BCP 47 tag, in any case', () => {
    expect(languageOfTag('es-MX')).toBe('es');
    expect(languageOfTag('DE')).toBe('de');
    expect(languageOfTag('fr_CA')).toBe('fr');
    expect(languageOfTag('en-GB')).toBe('en');
  });

  it('is undefined for a language Visus does not speak, or for no tag', () => {
    expect(languageOfTag('pt-BR')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
    // A three-letter code that starts like a Visus one is another language.
    expect(languageOfTag('deu')).toBeUndefined();
  });
});

describe('pickLanguage', () => {
  it("prefers the account's language to the browser's", () => {
    expect(pickLanguage(['fr', null, 'de-DE', 'en'])).toBe('fr');
  });

  it('skips absent and unknown preferences and takes the first Visus language', () => {
    expect(pickLanguage([null, undefined, 'pt-BR', 'it', 'de-AT', 'es'])).toBe('de');
  });

  it('falls back to English when no preference is a Visus language', () => {
    expect(pickLanguage([])).toBe('en');
    expect(pickLanguage([null, 'ja-JP', 'zh'])).toBe('en');
  });
});

describe('the language list', () => {
  it('names every language in its own words', () => {
    for (const language of LANGUAGES) expect(LANGUAGE_NAMES[language]).toBeTruthy();
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('ES')).toBe(false);
    expect(isLanguage(7)).toBe(false);
  });
});
