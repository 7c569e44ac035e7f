import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '@visus/contracts';
import { setLanguage } from '@/lib/i18n/i18n';
import { screenProfileName as profileName } from './calibration-window';

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

describe('screenProfileName', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows every name as kept in English', () => {
    for (const name of ['Screen 2560 × 1440', 'Living room TV', 'Screen 1920 × 1080']) {
      expect(profileName({ name, settings: keptOn(2560, 1440) })).toBe(name);
    }
  });

  it("shows the server's own name of the screen in the language shown, and no other name", async () => {
    await setLanguage('es', { areas: ['shell'] });
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
