import { useEffect, useState } from 'react';
import { speechLanguageOf, type SpeechLanguage } from './speech-language';

/**
 * The Web Speech API at the edge (issue 20 item 2). The browser's voices load asynchronously: the list is
 * often empty at first and `voiceschanged` says when it is there; some browsers never fire it when they
 * have no voice at all, so after {@link VOICES_WAIT_MS} an empty list counts as "no voices".
 */
export const VOICES_WAIT_MS = 2_000;

/** The page's speech synthesis, or null where the browser has none. */
export function speechSynthesisOrNull(): SpeechSynthesis | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && window.speechSynthesis
    ? window.speechSynthesis
    : null;
}

/**
 * The voice for a language: one that runs on this device (`localService`) first, so that nothing leaves it
 * and it works offline; else another voice of the language; null when the browser has none for it.
 */
export function voiceFor(
  voices: readonly SpeechSynthesisVoice[],
  language: SpeechLanguage,
): SpeechSynthesisVoice | null {
  const matching = voices.filter((voice) => speechLanguageOf(voice.lang) === language);
  return matching.find((voice) => voice.localService) ?? matching[0] ?? null;
}

/** What the browser can speak: `supported` false without the API; `voices` null while they are loading. */
export interface SpeechVoices {
  supported: boolean;
  voices: readonly SpeechSynthesisVoice[] | null;
}

/** The browser's voices, following `voiceschanged`. */
export function useSpeechVoices(): SpeechVoices {
  const synth = speechSynthesisOrNull();
  const [voices, setVoices] = useState<readonly SpeechSynthesisVoice[] | null>(() => {
    const list = synth?.getVoices() ?? [];
    return list.length > 0 ? list : null;
  });
  useEffect(() => {
    if (!synth) return undefined;
    const update = () => setVoices(synth.getVoices());
    synth.addEventListener('voiceschanged', update);
    const wait = setTimeout(() => setVoices((current) => current ?? synth.getVoices()), VOICES_WAIT_MS);
    return () => {
      synth.removeEventListener('voiceschanged', update);
      clearTimeout(wait);
    };
  }, [synth]);
  return { supported: synth !== null, voices: synth ? voices : [] };
}

/** Says `text` with `voice`, after cancelling whatever was still queued (a new instruction supersedes it). */
export function speakWith(synth: SpeechSynthesis, voice: SpeechSynthesisVoice, text: string): void {
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = voice.lang;
  synth.speak(utterance);
}
