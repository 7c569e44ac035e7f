import { useEffect, useState } from 'react';

/**
 * Whether the page is in full screen now, following the browser's own changes (Esc, F11). The test
 * screen's toggle shows its state; the layout hides its chrome (app bar, menu, footer) while it is on.
 */
export function useIsFullscreen(): boolean {
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const update = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return full;
}
