import { afterEach, describe, expect, it } from 'vitest';
import { CONTROLLER_STEPS, TEST_IDS, TEST_STATUSES, stepHelp, type StepHelp } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { displayHelp } from './display-help';

afterEach(async () => {
  await setLanguage('en');
});

const cases = TEST_IDS.flatMap((test) =>
  TEST_STATUSES.flatMap((status) =>
    [null, ...CONTROLLER_STEPS].flatMap((step) =>
      [true, false, undefined].map((autoAdvance) => ({ test, status, step, autoAdvance })),
    ),
  ),
);

/** Every sentence core's English help says, for any test, status, step and setting. */
const englishSentences = new Set(
  cases.flatMap((input) => {
    const help: StepHelp = stepHelp({ ...input, device: 'display' });
    return [help.title, help.place, help.asks, help.answer, help.pause, help.stop]
      .filter((part): part is string => !!part)
      .flatMap((part) => part.split(/(?<=[.:;])\s+/));
  }),
);

describe('displayHelp (the display’s help in the language shown, issue 20)', () => {
  it('says in English exactly what core stepHelp says on the display, for every test, status, step and setting', () => {
    for (const input of cases)
      expect(displayHelp(input), JSON.stringify(input)).toEqual(stepHelp({ ...input, device: 'display' }));
  });

  for (const language of ['es', 'de', 'fr'] as const)
    it(`leaves no English sentence in ${language}`, async () => {
      await setLanguage(language, { areas: ['shell', 'test-run'] });
      for (const input of cases) {
        const help = displayHelp(input);
        const english = stepHelp({ ...input, device: 'display' });
        for (const part of ['asks', 'answer', 'pause', 'stop', 'title'] as const) {
          expect(help[part], `${part} ${JSON.stringify(input)}`).not.toBe(english[part]);
          for (const sentence of help[part].split(/(?<=[.:;])\s+/))
            // A sentence of a few characters ('Sloan', '1–4') may be the same in any language.
            if (sentence.length > 12)
              expect(englishSentences.has(sentence), `${language}: “${sentence}”`).toBe(false);
        }
        if (english.place) expect(help.place).not.toBe(english.place);
      }
    });

  it('says it in Spanish with the eye to cover, the keys and the countdown', async () => {
    await setLanguage('es', { areas: ['shell', 'test-run'] });
    const ready = displayHelp({ test: 'landoltC', status: 'Repeat', autoAdvance: true });
    expect(ready.title).toBe('Ayuda: C de Landolt');
    expect(ready.asks).toBe(
      'El primer ojo está hecho. Tápese el ojo DERECHO y manténgalo tapado hasta que la pantalla indique lo contrario.',
    );
    expect(ready.pause).toMatch(/^Esta pantalla sigue sola tras 10 segundos/);
    const running = displayHelp({ test: 'duoChrome', status: 'InTest' });
    expect(running.answer).toMatch(/^Con el teclado: R si las letras sobre rojo/);
    expect(running.place).toBe('Actividad uno');
  });
});
