import { matchPath } from 'react-router';
import type { AppStore } from './store';

const TEST_SCREEN_PATTERNS = ['/:prefix/test/:token', '/:prefix/test/:token/test-mode'];

/**
 * At start-up, for someone with a stored sign-in who opens a test screen directly (a reloaded display),
 * starts loading that screen's data alongside the sign-in check (features/test-runner/
 * prefetch-test-screen.ts). Its code is the screen's own, so this downloads nothing extra; a failed
 * download is left to the screen, which reports it when it loads.
 */
export function prefetchScreenData(store: AppStore, pathname: string): void {
  if (!store.getState().auth.token) return;
  const match = TEST_SCREEN_PATTERNS.map((pattern) => matchPath(pattern, pathname)).find(Boolean);
  const { prefix, token } = match?.params ?? {};
  if ((prefix !== 'user' && prefix !== 'admin') || !token) return;
  import('@/features/test-runner/prefetch-test-screen').then(
    (module) => module.prefetchTestScreen(store.dispatch, token),
    () => undefined,
  );
}
