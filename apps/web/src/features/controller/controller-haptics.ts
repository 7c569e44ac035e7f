/** The phone's buzz when the display has taken an answer (issue 20), ms: felt, not startling. */
export const ANSWER_VIBRATION_MS = 15;

/**
 * Vibrates briefly where the phone can (the Vibration API: Android browsers; iOS Safari and desktops have
 * no `navigator.vibrate`, and nothing happens there). Returns whether a vibration was asked for. Never
 * throws: a browser that blocks it (no user gesture yet, a permissions policy) only stays still.
 */
export function vibrateForAnswer(
  nav: Pick<Navigator, 'vibrate'> | undefined = globalThis.navigator,
): boolean {
  if (!nav || typeof nav.vibrate !== 'function') return false;
  try {
    return nav.vibrate(ANSWER_VIBRATION_MS);
  } catch {
    return false;
  }
}
