/**
 * The language the display speaks in (issue 20 item 2): the app's language (lib/i18n: the account's,
 * else the one picked on this device, else the browser's, else English; core `pickLanguage`), so the
 * voice says what the screen shows. The phrases exist for every language the app has.
 */
import { LANGUAGES, type Language } from '@visus/core';
import { useLocale } from '@/lib/i18n/i18n';

export const SPEECH_LANGUAGES = LANGUAGES;
export type SpeechLanguage = Language;

/** A BCP 47 tag ('es-MX', 'de', 'fr-CA') as one of ours, or null when we have no phrases for it. */
export function speechLanguageOf(tag: string): SpeechLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SPEECH_LANGUAGES as readonly string[]).includes(primary) ? (primary as SpeechLanguage) : null;
}

/** The language of the spoken instructions: the app's, and it follows the picker. */
export function useSpeechLanguage(): SpeechLanguage {
  return useLocale();
}
