import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTROLLER_KEYS, TEST_IDS, UTTERANCE_IDS } from '@visus/core';
import { fakeVoice } from '@/testing/fake-speech';
import { SPEECH_LANGUAGES, speechLanguageOf } from './speech-language';
import { voiceFor } from './speech-synthesis';
import { SPOKEN_PHRASES } from './spoken-phrases';

describe('the language of the voice', () => {
  it("reads a voice's BCP 47 tag as one of the app's languages, or none", () => {
    expect(speechLanguageOf('es-MX')).toBe('es');
    expect(speechLanguageOf('fr_CA')).toBe('fr');
    expect(speechLanguageOf('EN-gb')).toBe('en');
    expect(speechLanguageOf('eo')).toBeNull();
  });
});

describe('the spoken phrases', () => {
  it('say every instruction in every language', () => {
    for (const language of SPEECH_LANGUAGES) {
      expect(Object.keys(SPOKEN_PHRASES[language]).sort()).toEqual([...UTTERANCE_IDS].sort());
      for (const id of UTTERANCE_IDS) expect(SPOKEN_PHRASES[language][id].trim().length).toBeGreaterThan(3);
    }
  });

  it('never contain anything a chart could ask: no single letter, number or answer word', () => {
    const answers = new Set<string>();
    for (const test of TEST_IDS)
      for (const key of CONTROLLER_KEYS[test].keys) if (typeof key === 'string') answers.add(key);
    for (const language of SPEECH_LANGUAGES) {
      for (const text of Object.values(SPOKEN_PHRASES[language])) {
        const words = text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
        // A Sloan letter is spoken as a capital on its own; none is ('y', 'o' are Spanish words).
        expect(words.filter((word) => /^\p{Lu}$/u.test(word))).toEqual([]);
        expect(text).not.toMatch(/\d/);
        for (const word of words) if (word.length === 1) expect(word).toMatch(/^\p{Ll}$/u);
        for (const answer of answers)
          if (answer.length === 1) expect(words).not.toContain(answer.toUpperCase());
      }
    }
  });
});

describe('the buttons the spoken phrases name', () => {
  // The phone's START and CONTINUE buttons, as its catalogs label them in each language.
  it.each(SPEECH_LANGUAGES)('are the phone’s own labels in %s', (language) => {
    const words = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../locales', language, 'controller.json'), 'utf8'),
    ) as Record<string, string>;
    const said = (id: keyof (typeof SPOKEN_PHRASES)['en']) => SPOKEN_PHRASES[language][id].toLowerCase();
    for (const id of ['cover-left-eye', 'use-both-eyes'] as const)
      expect(said(id), id).toContain(words['key.start']!.toLowerCase());
    for (const id of ['repeat-cover-right-eye', 'paused'] as const)
      expect(said(id), id).toContain(words['key.continue']!.toLowerCase());
  });
});

describe('voiceFor', () => {
  it('prefers a voice on the device for the language, else another of the language, else none', () => {
    const remoteEs = fakeVoice('es-ES', false);
    const localEs = fakeVoice('es-MX', true);
    const en = fakeVoice('en-GB', true);
    const voices = [remoteEs, localEs, en] as unknown as SpeechSynthesisVoice[];
    expect(voiceFor(voices, 'es')).toBe(localEs);
    expect(voiceFor([remoteEs] as unknown as SpeechSynthesisVoice[], 'es')).toBe(remoteEs);
    expect(voiceFor(voices, 'de')).toBeNull();
    expect(voiceFor(voices, 'en')).toBe(en);
  });
});
