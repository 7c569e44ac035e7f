import { createContext, useCallback, useContext, useState } from 'react';

/*
 * The phone's large mode (issue 20, docs/adr/0024): larger text, bigger buttons and stronger contrast for
 * older hands and eyes. It is a setting of this device, not of the account or the session: the phone is
 * usually the person's own, and the page has no account (docs/adr/0005). It is read once when the page
 * opens and written whenever it is toggled.
 */

/** The localStorage entry that remembers the mode on this device ('on' or absent). */
export const LARGE_MODE_STORAGE_KEY = 'visus.controller.large';

/** Pad buttons' least height in large mode, CSS px (the normal mode's is 64). */
export const LARGE_PAD_BUTTON_MIN_HEIGHT = 88;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (some private modes): the mode lasts as long as the page
  }
}

/** Whether this device asked for large mode before (false when storage is unreadable). */
export function readLargeMode(): boolean {
  try {
    return storage()?.getItem(LARGE_MODE_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers the mode on this device; a full or blocked storage only loses the memory, not the mode. */
export function writeLargeMode(on: boolean): void {
  try {
    if (on) storage()?.setItem(LARGE_MODE_STORAGE_KEY, 'on');
    else storage()?.removeItem(LARGE_MODE_STORAGE_KEY);
  } catch {
    // Quota or privacy settings: nothing to do.
  }
}

/** The mode and its toggle, remembered on this device. */
export function useLargeModeSetting(): [boolean, () => void] {
  const [large, setLarge] = useState(readLargeMode);
  const toggle = useCallback(() => {
    setLarge((on) => {
      writeLargeMode(!on);
      return !on;
    });
  }, []);
  return [large, toggle];
}

/** Whether the page is in large mode, for the pads (their least heights are inline). */
export const LargeModeContext = createContext(false);

export const useLargeMode = (): boolean => useContext(LargeModeContext);
