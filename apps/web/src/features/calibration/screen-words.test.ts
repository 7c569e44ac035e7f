import { afterEach, describe, expect, it } from 'vitest';
import { defaultScreenName } from '@visus/core';
import { setLanguage } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { SCREEN_PROFILE_NOT_FOUND } from '@/lib/i18n/setup-messages';
import type { Settings } from '@visus/contracts';
import { newScreenName, profileName, screenName } from './screen-words';

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

/** A card calibration made on a `width × height` CSS px screen. */
function keptOn(width: number, height: number): Settings {
  return {
    method: 'card',
    card: {
      pixelsPerDegree: 200,
      resolution: { width, height },
      pixelsPerMm: 3.779,
      distanceMm: 3000,
      devicePixelRatio: 1,
      cssResolution: { width, height },
    },
    diagonal: null,
    gamma: 2.2,
  };
}

describe('profileName', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows every name as kept in English', () => {
    for (const name of ['Screen 2560 × 1440', 'Living room TV', 'Screen 1920 × 1080']) {
      expect(profileName({ name, settings: keptOn(2560, 1440) })).toBe(name);
    }
  });

  it("shows the server's own name of the screen in the language shown, and no other name", async () => {
    await setLanguage('es', { areas: ['setup'] });
    expect(profileName({ name: 'Screen 2560 × 1440', settings: keptOn(2560, 1440) })).toBe(
      'Pantalla 2560 × 1440',
    );
    expect(profileName({ name: 'Screen 844 × 390', settings: keptOn(390, 844) })).toBe('Pantalla 844 × 390');
    // A name the person wrote, the name of another size, or a profile whose size is not kept: as written.
    expect(profileName({ name: 'Living room TV', settings: keptOn(2560, 1440) })).toBe('Living room TV');
    expect(profileName({ name: 'Screen 1920 × 1080', settings: keptOn(2560, 1440) })).toBe(
      'Screen 1920 × 1080',
    );
    expect(profileName({ name: 'Screen 2560 × 1440 ', settings: keptOn(2560, 1440) })).toBe(
      'Screen 2560 × 1440 ',
    );
    const none: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };
    expect(profileName({ name: 'This screen', settings: none })).toBe('This screen');
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
