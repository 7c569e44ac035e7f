import { PIN_ALPHABET, PIN_LENGTH, normalisePin } from '@visus/core';
import { t } from '@/lib/i18n/i18n';

/**
 * The pin in a scanned QR code: the display's code holds `<origin>/controller/<pin>`; a bare pin is
 * accepted too. Only the pin is used, so a code pointing at another site never takes the phone there.
 */
export function pinFromScan(text: string): string | null {
  const trimmed = text.trim();
  const fromPath = /\/controller\/([^/?#\s]+)/.exec(trimmed);
  if (fromPath) {
    try {
      return normalisePin(decodeURIComponent(fromPath[1]!));
    } catch {
      return null;
    }
  }
  return normalisePin(trimmed);
}

/** Why a typed code is not a pin, in words of the language shown (null when it is one). */
export function pinProblem(typed: string): string | null {
  const cleaned = typed.replace(/[\s-]/g, '').toUpperCase();
  if (cleaned === '') return t('connect.pinEmpty');
  const wrong = [...new Set([...cleaned].filter((ch) => !PIN_ALPHABET.includes(ch)))];
  if (wrong.length > 0) {
    return t('connect.pinWrongCharacters', { characters: wrong.map((ch) => `"${ch}"`).join(', ') });
  }
  if (cleaned.length !== PIN_LENGTH) {
    return t('connect.pinLength', { length: String(PIN_LENGTH), typed: String(cleaned.length) });
  }
  return null;
}
