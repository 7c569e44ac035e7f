import { defaultScreenName, type CalibrationWindow } from '@visus/core';
import type { ScreenProfile } from '@visus/contracts';
import { t } from '@/lib/i18n/i18n';
import { settingsWindow } from '@/lib/settings/calibration-window';

/**
 * Core's `defaultScreenName` in the language shown: "Screen 2560 × 1440" ("Pantalla 2560 × 1440"), or
 * "This screen" when the window's size is not known. The English is core's (screen-words.test).
 */
export function screenName(window: Partial<CalibrationWindow> | null | undefined): string {
  const size = window?.cssResolution;
  if (!size) return t('setup.screenName.unknown');
  return t('setup.screenName.default', {
    long: String(Math.max(size.width, size.height)),
    short: String(Math.min(size.width, size.height)),
  });
}

/**
 * The name Setup sends for a screen that has no profile yet: its default name in the language shown, or
 * '' where that is the server's own default (core's English), so that the server names it as before.
 */
export function newScreenName(window: Partial<CalibrationWindow> | null | undefined): string {
  const name = screenName(window);
  return name === defaultScreenName(window) ? '' : name;
}

/**
 * A kept screen's name as shown. The server names a screen it keeps without a name from the client (a
 * gamma saved on a screen no profile has yet) with core's English `defaultScreenName` of that screen's
 * size: that name, exactly, of the profile's own size is shown in the language shown ("Pantalla 2560 ×
 * 1440"); any other name, and a name of another size, as it was written.
 */
export function profileName(profile: Pick<ScreenProfile, 'name' | 'settings'>): string {
  const window = settingsWindow(profile.settings);
  if (!window?.cssResolution || profile.name !== defaultScreenName(window)) return profile.name;
  return screenName(window);
}
