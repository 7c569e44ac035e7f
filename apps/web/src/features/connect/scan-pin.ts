import { PIN_ALPHABET, PIN_LENGTH, normalisePin } from '@visus/core';

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

/** Why a typed code is not a pin, in words (null when it is one). */
export function pinProblem(typed: string): string | null {
  const cleaned = typed.replace(/[\s-]/g, '').toUpperCase();
  if (cleaned === '') return 'Enter the code shown on your screen.';
  const wrong = [...new Set([...cleaned].filter((ch) => !PIN_ALPHABET.includes(ch)))];
  if (wrong.length > 0) {
    return `Codes never contain ${wrong.map((ch) => `"${ch}"`).join(', ')}: they use letters and the digits 2–9, without 0, 1, I, L or O.`;
  }
  if (cleaned.length !== PIN_LENGTH) {
    return `The code has ${PIN_LENGTH} characters; you typed ${cleaned.length}.`;
  }
  return null;
}
