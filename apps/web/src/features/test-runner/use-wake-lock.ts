import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface NavigatorWithWakeLock {
  wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> };
}

/**
 * Keeps the screen awake while `active` (SPEC.md §1), where the browser supports it. The browser drops
 * the lock when the tab is hidden, so it is asked for again when the tab shows. Failure is only logged.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const wakeLock = (navigator as NavigatorWithWakeLock).wakeLock;
    if (!wakeLock) {
      console.info('Wake lock is not supported here; the screen may dim during the test.');
      return;
    }
    let sentinel: WakeLockSentinelLike | null = null;
    let released = false;
    const request = () => {
      wakeLock.request('screen').then(
        (lock) => {
          if (released) void lock.release().catch(() => undefined);
          else sentinel = lock;
        },
        (error: unknown) => console.warn('Wake lock refused', error),
      );
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') request();
    };
    request();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      released = true;
      document.removeEventListener('visibilitychange', onVisible);
      sentinel?.release().catch((error: unknown) => console.warn('Wake lock release failed', error));
    };
  }, [active]);
}
