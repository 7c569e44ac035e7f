/**
 * The language the display speaks in (issue 20 item 2). ONE SEAM: until the app's i18n (issue 20 item 1)
 * is merged, this is the only place that decides it, from the browser's languages (the account has no
 * language yet). When the i18n hook exists, make `useSpeechLanguage` return its language (narrowed with
 * `speechLanguageOf`) and nothing else changes.
 */
import { useSyncExternalStore } from 'react';

export const SPEECH_LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/** A BCP 47 tag ('es-MX', 'de', 'fr-CA') as one of ours, or null when we have no phrases for it. */
export function speechLanguageOf(tag: string): SpeechLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (SPEECH_LANGUAGES as readonly string[]).includes(primary) ? (primary as SpeechLanguage) : null;
}

/** The first of the person's preferred languages that we speak; English when none is. */
export function pickSpeechLanguage(preferred: readonly string[]): SpeechLanguage {
  for (const tag of preferred) {
    const language = speechLanguageOf(tag);
    if (language) return language;
  }
  return 'en';
}

function browserLanguage(): SpeechLanguage {
  if (typeof navigator === 'undefined') return 'en';
  const list = navigator.languages?.length ? navigator.languages : [navigator.language ?? 'en'];
  return pickSpeechLanguage(list);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

/** The language of the spoken instructions (the seam above); follows a change of the browser's languages. */
export function useSpeechLanguage(): SpeechLanguage {
  return useSyncExternalStore(subscribe, browserLanguage, () => 'en');
}
