import { afterEach, describe, expect, it } from 'vitest';
import { stepHelp, TEST_DEFINITIONS, type TestId, type TestStatus } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { helpSentence, translatedHelp } from './step-help-words';

const TESTS = Object.keys(TEST_DEFINITIONS) as TestId[];
const STATUSES: TestStatus[] = ['InTest', 'Ready', 'Repeat', 'Continue', 'Complete', 'Finished', 'Stopped'];

describe('the display help in the language shown (issue 20)', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('in English is word for word core’s help, for every test, screen and setting', () => {
    for (const test of TESTS)
      for (const status of STATUSES)
        for (const autoAdvance of [true, false]) {
          const help = stepHelp({ test, status, device: 'display', autoAdvance });
          expect(translatedHelp(help, test), `${test} ${status}`).toEqual(help);
        }
  });

  it('in Spanish translates the sentences the catalog holds and keeps the others in English', async () => {
    await setLanguage('es', { areas: ['test-run'] });
    const running = translatedHelp(stepHelp({ test: 'sloan', status: 'InTest', device: 'display' }), 'sloan');
    expect(running.title).toBe('Ayuda: Sloan');
    expect(running.asks).toMatch(/^Se muestra una letra/);
    expect(running.pause).toBe(
      'La prueba espera cada respuesta y no tiene límite de tiempo: puede descansar cuando quiera.',
    );
    expect(running.stop).toMatch(/^Para detenerse/);
    const counting = stepHelp({ test: 'sloan', status: 'Continue', device: 'display', autoAdvance: true });
    expect(helpSentence(counting.pause)).toMatch(/^Esta pantalla sigue sola tras 10 segundos/);
    expect(helpSentence('A sentence core added later.')).toBe('A sentence core added later.');
  });
});
