import { matchPath } from 'react-router';
import { prefetchTestScreen } from '@/features/test-runner/prefetch-test-screen';
import type { AppStore } from './store';

const TEST_SCREEN_PATTERNS = ['/:prefix/test/:token', '/:prefix/test/:token/test-mode'];

/**
 * At start-up, for someone with a stored sign-in who opens a test screen directly (a reloaded display),
 * starts loading that screen's data alongside the sign-in check (features/test-runner/
 * prefetch-test-screen.ts). Its code is the screen's own, so this downloads nothing the screen would
 * not; main.tsx downloads this module only on /user/test/… and /admin/test/… paths, so that no other
 * first screen pays for it (issue 9 part 6).
 */
export function prefetchScreenData(store: AppStore, pathname: string): void {
  if (!store.getState().auth.token) return;
  const match = TEST_SCREEN_PATTERNS.map((pattern) => matchPath(pattern, pathname)).find(Boolean);
  const { prefix, token } = match?.params ?? {};
  if ((prefix !== 'user' && prefix !== 'admin') || !token) return;
  prefetchTestScreen(store.dispatch, token);
}
