import { whenIdle } from '@/lib/timing/when-idle';

/** How long the browser may wait for an idle moment before the reporter loads anyway (ms). */
export const VITALS_IDLE_TIMEOUT_MS = 5000;
/** Without requestIdleCallback (Safari), the delay after the first render (ms). */
export const VITALS_FALLBACK_DELAY_MS = 2000;

/**
 * SPEC.md §7: the Web Vitals reporting module is loaded lazily. This schedules its download for the
 * first idle moment after the first render, so neither it nor `web-vitals` is in the entry chunk or
 * competes with the first screen. A failed download only means no report.
 */
export function loadWebVitalsWhenIdle(
  win: Window = window,
  load: () => Promise<{ reportWebVitals: () => unknown }> = () => import('./report-web-vitals'),
): void {
  const start = () => {
    load()
      .then((module) => module.reportWebVitals())
      .catch(() => {
        // Reporting is optional: a chunk that fails to load must not surface as an app error.
      });
  };
  whenIdle(start, { timeoutMs: VITALS_IDLE_TIMEOUT_MS, fallbackMs: VITALS_FALLBACK_DELAY_MS }, win);
}
