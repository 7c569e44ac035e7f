import { defaultScreenName, type CalibrationWindow } from '@visus/core';
import { t } from '@/lib/i18n/i18n';

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
