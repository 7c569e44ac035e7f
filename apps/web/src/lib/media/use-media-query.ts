import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, updated when it changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * Forced colours (Windows High Contrast and the like) or inverted colours: the system repaints the page,
 * while the test's stimuli keep their own calibrated colours on purpose (issue 25).
 */
export function useSystemRepaintsColours(): boolean {
  const forced = useMediaQuery('(forced-colors: active)');
  const inverted = useMediaQuery('(inverted-colors: inverted)');
  return forced || inverted;
}
