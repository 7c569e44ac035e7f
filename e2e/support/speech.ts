import type { Page } from '@playwright/test';

/** One utterance the page handed to speechSynthesis.speak: its text and language. */
export interface Spoken {
  text: string;
  lang: string;
}

/**
 * Installed before any page script (`context.addInitScript(recordSpeech)`): a recorder that stands in for
 * the browser's speech, with voices on the device for English and Spanish, so a journey can read every
 * utterance and its language with {@link spoken}.
 */
export function recordSpeech() {
  const record = window as unknown as { __spoken: Spoken[]; __cancels: number };
  record.__spoken = [];
  record.__cancels = 0;
  const voices = [
    { name: 'English (device)', lang: 'en-GB', localService: true, default: true, voiceURI: 'en-GB' },
    { name: 'Español (device)', lang: 'es-ES', localService: true, default: false, voiceURI: 'es-ES' },
  ];
  class Utterance {
    lang = '';
    voice: unknown = null;
    constructor(public text: string) {}
  }
  class Recorder extends EventTarget {
    speaking = false;
    pending = false;
    paused = false;
    getVoices() {
      return voices;
    }
    speak(utterance: Utterance) {
      record.__spoken.push({ text: utterance.text, lang: utterance.lang });
    }
    cancel() {
      record.__cancels += 1;
    }
    pause() {}
    resume() {}
  }
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: new Recorder() });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { configurable: true, value: Utterance });
}

/** What the page has said so far (since its last navigation), in order. */
export const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Spoken[] }).__spoken);
