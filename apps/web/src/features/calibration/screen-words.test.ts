import { afterEach, describe, expect, it } from 'vitest';
import { defaultScreenName } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { SCREEN_PROFILE_NOT_FOUND } from '@/lib/i18n/setup-messages';
import { newScreenName, screenName } from './screen-words';

const windows = [
  { devicePixelRatio: 1, cssResolution: { width: 2560, height: 1440 } },
  { devicePixelRatio: 2, cssResolution: { width: 390, height: 844 } },
  { devicePixelRatio: 1 },
  null,
];

describe('screenName', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it("is core's defaultScreenName in English, so the server's own default stays", () => {
    for (const window of windows) {
      expect(screenName(window)).toBe(defaultScreenName(window));
      expect(newScreenName(window)).toBe('');
    }
  });

  it('names a new screen in the language shown', async () => {
    await setLanguage('de', { areas: ['setup'] });
    expect(screenName(windows[1])).toBe('Bildschirm 844 × 390');
    expect(newScreenName(windows[0])).toBe('Bildschirm 2560 × 1440');
    expect(screenName(null)).toBe('Dieser Bildschirm');
  });
});

describe("Setup's server texts", () => {
  it('are shown in the language shown, and as sent in English', async () => {
    expect(translateServerMessage(SCREEN_PROFILE_NOT_FOUND)).toBe('Screen profile not found');
    await setLanguage('es', { areas: ['setup'] });
    expect(translateServerMessage(SCREEN_PROFILE_NOT_FOUND)).toBe(
      'No se ha encontrado el perfil de la pantalla',
    );
    await setLanguage('en');
  });
});
