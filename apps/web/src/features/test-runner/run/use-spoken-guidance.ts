import { useCallback, useEffect, useRef, useState } from 'react';
import {
  isSpeechToggleKey,
  screenUtterance,
  spokenGuidance,
  type GuidanceView,
  type UtteranceId,
} from '@visus/core';
import type { SpeechLanguage } from '@/lib/speech/speech-language';
import { SPOKEN_PHRASES } from '@/lib/speech/spoken-phrases';
import { speakWith, speechSynthesisOrNull, useSpeechVoices, voiceFor } from '@/lib/speech/speech-synthesis';
import { voiceAvailability, type VoiceAvailability } from '@/lib/speech/voice-notice';

/** Whether the display speaks now, and how to change it (the display's button and key, the phone). */
export interface SpeechToggle {
  on: boolean;
  setOn: (on: boolean) => void;
  toggle: () => void;
}

/**
 * The display's voice switch: starts as the person's setting (speakInstructions), then follows the mute
 * button, the '*' key (core SPEECH_TOGGLE_KEY, which no test takes) and the phone's controller-speech.
 */
export function useSpeechToggle(initial: boolean): SpeechToggle {
  const [on, setOn] = useState(initial);
  const toggle = useCallback(() => setOn((current) => !current), []);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (!isSpeechToggleKey(event.key)) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, select, [contenteditable="true"]')) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
  return { on, setOn, toggle };
}

/**
 * Speaks the display's instructions (core spokenGuidance) while `on`: each new screen's instruction once,
 * a pause, the camera's advice, in `language` with a voice of this device where there is one. Silent where
 * the browser has no voice for the language (the caller shows a notice). An instruction that comes while
 * the voices are still loading is said when they arrive, if its screen is still up. Muting, leaving the
 * page and leaving the test screen cancel what is still queued. Never anything from a trial: only the
 * fixed phrases of SPOKEN_PHRASES exist.
 */
export function useSpokenGuidance(
  view: GuidanceView,
  on: boolean,
  language: SpeechLanguage,
): VoiceAvailability {
  const speechVoices = useSpeechVoices();
  const { voices } = speechVoices;
  const voice = voices ? voiceFor(voices, language) : null;
  const previous = useRef<GuidanceView | null>(null);
  const pending = useRef<UtteranceId | null>(null);

  const say = useCallback(
    (id: UtteranceId) => {
      const synth = speechSynthesisOrNull();
      if (!synth) return;
      if (!voice) {
        // Loading: keep it for when the voices come; none for the language: stay silent.
        pending.current = voices === null ? id : null;
        return;
      }
      pending.current = null;
      speakWith(synth, voice, SPOKEN_PHRASES[language][id]);
    },
    [voice, voices, language],
  );

  const { status, test, checking, saving, paused, distance } = view;
  useEffect(() => {
    const next: GuidanceView = { status, test, checking, saving, paused, distance };
    const id = spokenGuidance(previous.current, next);
    previous.current = next;
    if (id && on) say(id);
  }, [status, test, checking, saving, paused, distance, on, say]);

  // Turned on (or the language changed): say what the screen asks now; turned off: stop talking.
  const sayRef = useRef(say);
  const viewRef = useRef(view);
  useEffect(() => {
    sayRef.current = say;
    viewRef.current = view;
  });
  const wasOn = useRef(on);
  useEffect(() => {
    const turnedOn = on && !wasOn.current;
    wasOn.current = on;
    if (!on) {
      pending.current = null;
      speechSynthesisOrNull()?.cancel();
      return;
    }
    if (turnedOn) {
      const id = screenUtterance(viewRef.current);
      if (id) sayRef.current(id);
    }
  }, [on]);

  // The language changed while speaking (the account's language arrives after a first screen was said
  // in the browser's): what was queued stops, and the screen's instruction is said again in the new one.
  const spokenLanguage = useRef(language);
  useEffect(() => {
    if (spokenLanguage.current === language) return;
    spokenLanguage.current = language;
    if (!on) return;
    pending.current = null;
    speechSynthesisOrNull()?.cancel();
    const id = screenUtterance(viewRef.current);
    if (id) sayRef.current(id);
  }, [language, on]);

  // The voices arrived: say the instruction that waited for them, if its screen is still up.
  useEffect(() => {
    const id = pending.current;
    if (!id || !voice || !on) return;
    pending.current = null;
    if (
      screenUtterance(viewRef.current) === id ||
      id === 'paused' ||
      id === 'move-back' ||
      id === 'move-closer'
    )
      say(id);
  }, [voice, on, say]);

  // Leaving the page or the test screen: nothing more is said.
  useEffect(() => {
    const synth = speechSynthesisOrNull();
    if (!synth) return undefined;
    const stop = () => synth.cancel();
    window.addEventListener('pagehide', stop);
    return () => {
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, []);

  return voiceAvailability(speechVoices, language);
}
