/**
 * A stand-in for the browser's speechSynthesis (jsdom has none): it records what is spoken and cancelled,
 * and its voices can arrive late with `voiceschanged`, as Chromium's do.
 */
export interface FakeVoice {
  name: string;
  lang: string;
  localService: boolean;
  default: boolean;
  voiceURI: string;
}

export function fakeVoice(lang: string, localService = true): FakeVoice {
  return {
    name: `${lang} ${localService ? 'local' : 'remote'}`,
    lang,
    localService,
    default: false,
    voiceURI: lang,
  };
}

class FakeUtterance {
  lang = '';
  voice: FakeVoice | null = null;
  constructor(public text: string) {}
}

export class FakeSpeechSynthesis extends EventTarget {
  spoken: { text: string; lang: string; voice: string | null }[] = [];
  cancels = 0;
  constructor(private voices: FakeVoice[] = []) {
    super();
  }
  getVoices(): FakeVoice[] {
    return this.voices;
  }
  /** The voices arrive (or change): `voiceschanged`, as the browser fires it. */
  setVoices(voices: FakeVoice[]): void {
    this.voices = voices;
    this.dispatchEvent(new Event('voiceschanged'));
  }
  speak(utterance: FakeUtterance): void {
    this.spoken.push({ text: utterance.text, lang: utterance.lang, voice: utterance.voice?.name ?? null });
  }
  cancel(): void {
    this.cancels += 1;
  }
  get texts(): string[] {
    return this.spoken.map((s) => s.text);
  }
}

/** Puts a fake speechSynthesis (and SpeechSynthesisUtterance) on the window; returns it and an undo. */
export function installFakeSpeech(voices: FakeVoice[] = []): {
  synth: FakeSpeechSynthesis;
  restore: () => void;
} {
  const synth = new FakeSpeechSynthesis(voices);
  const global = globalThis as Record<string, unknown>;
  const before = {
    synth: Object.getOwnPropertyDescriptor(window, 'speechSynthesis'),
    utter: global.SpeechSynthesisUtterance,
  };
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synth });
  global.SpeechSynthesisUtterance = FakeUtterance;
  return {
    synth,
    restore: () => {
      if (before.synth) Object.defineProperty(window, 'speechSynthesis', before.synth);
      else delete (window as unknown as Record<string, unknown>).speechSynthesis;
      global.SpeechSynthesisUtterance = before.utter;
    },
  };
}
