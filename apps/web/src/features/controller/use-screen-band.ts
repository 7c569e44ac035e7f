import { useSyncExternalStore } from 'react';
import { screenBand, type ScreenBand } from '@visus/core';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The window's width band (core screenBand: small, medium, tablet, desktop), following resizes. Kept with
 * the controller, in its page's own file: a module elsewhere in src/ may be bundled into the main app's
 * entry, which must not load on the phone's page.
 */
export function useScreenBand(): ScreenBand {
  return useSyncExternalStore(
    subscribe,
    () => screenBand(window.innerWidth),
    () => 'small',
  );
}
