import { afterEach, describe, expect, it } from 'vitest';
import { CONTROLLER_STEPS, TEST_IDS, TEST_STATUSES, stepHelp } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { phoneHelp } from './controller-help-texts';

afterEach(async () => {
  await setLanguage('en');
});

describe('phoneHelp (the phone help in the phone’s language)', () => {
  const cases = TEST_IDS.flatMap((test) =>
    TEST_STATUSES.flatMap((status) => [null, ...CONTROLLER_STEPS].map((step) => ({ test, status, step }))),
  );

  it('says in English exactly what core stepHelp says on the phone, for every test, status and step', () => {
    for (const { test, status, step } of cases) {
      expect(phoneHelp(test, status, step), `${test} ${status} ${step}`).toEqual(
        stepHelp({ test, status, step, device: 'phone' }),
      );
    }
  });

  it('says it in German, with the eye to cover and the pad’s own button names', async () => {
    await setLanguage('de', { areas: ['controller'] });
    const ready = phoneHelp('sloan', 'Ready', null);
    expect(ready.title).toBe('Hilfe: Sloan');
    expect(ready.asks).toMatch(/^Sloan beginnt gleich\. .* Decken Sie Ihr LINKES Auge ab/);
    expect(ready.answer).toBe('Tippen Sie auf STARTEN oder WEITER, wenn Sie bereit sind.');
    const running = phoneHelp('landoltC', 'InTest', null);
    expect(running.answer).toBe(
      'Tippen Sie auf den Pfeil, der in dieselbe Richtung zeigt. Wenn Sie gar nichts sehen, tippen Sie auf „Ich sehe es nicht“.',
    );
    for (const { test, status, step } of cases) {
      const help = phoneHelp(test, status, step);
      const english = stepHelp({ test, status, step, device: 'phone' });
      expect(help.asks, `${test} ${status} ${step}`).not.toBe(english.asks);
      expect(help.stop).not.toBe(english.stop);
    }
  });
});
