/**
 * The languages Visus speaks (issue 20, docs/adr/0028-lingui-with-compiled-catalogs.md) and how one is
 * chosen: the account's, else the first of the browser's languages Visus has, else English.
 */
export const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as its speakers write it (the picker lists them so). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The Visus language for a BCP 47 tag ('es-MX' → 'es', 'DE' → 'de'), or undefined when Visus does not
 * speak it.
 */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The language to show: the first of `preferences` that is a Visus language, each given as a
 * language code or a BCP 47 tag (in order: the account's, a choice remembered on this device, then the
 * browser's `navigator.languages`); English when none is. Absent preferences (null, undefined) are
 * skipped.
 */
export function pickLanguage(preferences: ReadonlyArray<string | null | undefined>): Language {
  for (const preference of preferences) {
    if (!preference) continue;
    const language = languageOfTag(preference);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
