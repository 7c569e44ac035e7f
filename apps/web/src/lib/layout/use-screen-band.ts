import { useSyncExternalStore } from 'react';
import { screenBand, type ScreenBand } from '@visus/core';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's width band (core screenBand: small, medium, tablet, desktop), following resizes. */
export function useScreenBand(): ScreenBand {
  return useSyncExternalStore(
    subscribe,
    () => screenBand(window.innerWidth),
    () => 'small',
  );
}
