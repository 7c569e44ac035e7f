import { normalisePin } from '@visus/core';
import type { AppDispatch } from '@/app/store';
import { settingsEndpoints } from '@/lib/settings/settings-api';
import { testRunnerApi } from './test-runner-api';

/** How long the early requests' data waits for the test screen to take it over. */
export const PREFETCH_HOLD_MS = 15_000;

/**
 * Starts loading what the test screen needs first — the session of `token` and the person's settings —
 * before the screen itself can ask: on a cold load (a display reloaded in the middle of a test) the
 * screen mounts only after the sign-in check, so its requests would wait for that round trip and for
 * the layout's code (issue 9 part 6: the test screen's LCP). Each request is held for
 * {@link PREFETCH_HOLD_MS}, so that the screen finds it in flight or answered instead of asking again
 * (the session is otherwise dropped as soon as nobody uses it: each visit loads it afresh).
 */
export function prefetchTestScreen(dispatch: AppDispatch, token: string): void {
  const pin = normalisePin(token);
  if (!pin) return;
  const held = [
    dispatch(testRunnerApi.endpoints.getSession.initiate(pin)),
    dispatch(settingsEndpoints.endpoints.getTests.initiate()),
  ];
  setTimeout(() => held.forEach((request) => request.unsubscribe()), PREFETCH_HOLD_MS);
}
