import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { VitalMetric } from '@visus/contracts';
import { API_BASE, MAX_VITALS_PER_REPORT, vitalsRouteOf } from '@visus/contracts/constants';

/** Where reports go (apps/server/src/routes/api/v1/vitals.ts). */
export const VITALS_URL = `${API_BASE}/vitals`;

/** Metrics of the page load itself: they belong to the screen the page was loaded on. */
const LOAD_METRICS: ReadonlySet<Metric['name']> = new Set(['LCP', 'FCP', 'TTFB']);

/** The path the document was loaded at (the navigation entry), or the current one when unknown. */
function loadPathname(win: Window): string {
  const [navigation] = win.performance?.getEntriesByType?.('navigation') ?? [];
  if (navigation?.name) {
    try {
      return new URL(navigation.name).pathname;
    } catch {
      // not a URL: fall back to the current location
    }
  }
  return win.location.pathname;
}

/**
 * A web-vitals metric as the server accepts it: name, value, rating, id, navigation type and the
 * screen's route pattern, never the path itself (a pin or reset token is part of some paths).
 * Load metrics (LCP, FCP, TTFB) get the route the page was loaded on; CLS and INP, which add up over
 * the page's whole life, get the route open when they are reported (when the page is hidden).
 */
export function toVitalMetric(metric: Metric, loadPath: string, currentPath: string): VitalMetric {
  return {
    name: metric.name,
    // The server refuses negative values; web-vitals never gives one, but clock quirks must not lose a report.
    value: Math.max(0, metric.value),
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
    route: vitalsRouteOf(LOAD_METRICS.has(metric.name) ? loadPath : currentPath),
  };
}

/** Sends one report; `navigator.sendBeacon` survives the page closing, `fetch` with keepalive too. */
function send(win: Window, metrics: VitalMetric[]): void {
  const body = JSON.stringify({ metrics });
  try {
    // A string body goes as text/plain, which needs no CORS preflight; the server parses it as JSON.
    if (typeof win.navigator.sendBeacon === 'function' && win.navigator.sendBeacon(VITALS_URL, body)) return;
  } catch {
    // some browsers throw instead of returning false: fall through to fetch
  }
  void win
    .fetch(VITALS_URL, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    })
    .catch(() => {
      // Reporting is best effort: a lost report must never disturb the person using the app.
    });
}

export interface VitalsReporter {
  /** Queues a metric for the next report. */
  add(metric: Metric): void;
  /** Sends what is queued (in reports of at most MAX_VITALS_PER_REPORT metrics) and empties the queue. */
  flush(): void;
}

/** A queue of metrics sent together when the page is hidden, so that a page load costs one request. */
export function createVitalsReporter(win: Window = window): VitalsReporter {
  const loadPath = loadPathname(win);
  let queue: VitalMetric[] = [];
  return {
    add(metric) {
      queue.push(toVitalMetric(metric, loadPath, win.location.pathname));
      if (queue.length >= MAX_VITALS_PER_REPORT) this.flush();
    },
    flush() {
      const pending = queue;
      queue = [];
      for (let i = 0; i < pending.length; i += MAX_VITALS_PER_REPORT) {
        send(win, pending.slice(i, i + MAX_VITALS_PER_REPORT));
      }
    },
  };
}

let started: VitalsReporter | undefined;

/**
 * Starts reporting LCP, CLS, INP, FCP and TTFB to POST /api/v1/vitals (issue 9 part 6). web-vitals
 * reads buffered performance entries, so starting after the first render loses nothing; metrics are
 * sent when the page is hidden (tab switched, closed or navigated away), the moment web-vitals
 * finalises CLS and INP. Calling it again does nothing.
 */
export function reportWebVitals(win: Window = window): VitalsReporter {
  if (started) return started;
  const reporter = createVitalsReporter(win);
  started = reporter;
  const add = (metric: Metric) => reporter.add(metric);
  onLCP(add);
  onCLS(add);
  onINP(add);
  onFCP(add);
  onTTFB(add);
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState === 'hidden') reporter.flush();
  });
  // Safari does not always fire visibilitychange when a page is closed.
  win.addEventListener('pagehide', () => reporter.flush());
  return reporter;
}
