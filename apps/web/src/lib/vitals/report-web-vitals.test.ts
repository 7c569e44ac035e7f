import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { vitalsReportSchema } from '@visus/contracts';

type Callback = (metric: Metric) => void;
const callbacks = vi.hoisted(() => new Map<string, (metric: unknown) => void>());
vi.mock('web-vitals', () => ({
  onLCP: (cb: (m: unknown) => void) => callbacks.set('LCP', cb),
  onCLS: (cb: (m: unknown) => void) => callbacks.set('CLS', cb),
  onINP: (cb: (m: unknown) => void) => callbacks.set('INP', cb),
  onFCP: (cb: (m: unknown) => void) => callbacks.set('FCP', cb),
  onTTFB: (cb: (m: unknown) => void) => callbacks.set('TTFB', cb),
}));

const { createVitalsReporter, reportWebVitals, toVitalMetric, VITALS_URL } =
  await import('./report-web-vitals');

function metric(name: Metric['name'], value: number, id = `v5-${name}-1`): Metric {
  return {
    name,
    value,
    rating: 'good',
    delta: value,
    id,
    entries: [],
    navigationType: 'navigate',
    navigationId: 1,
  };
}

/** Where the document was loaded (the navigation entry), independent of later client-side navigation. */
function loadedAt(path: string) {
  vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([
    { name: `http://localhost${path}` } as PerformanceEntry,
  ]);
}

function sentBodies(spy: { mock: { calls: unknown[][] } }) {
  return spy.mock.calls.map((call) => vitalsReportSchema.parse(JSON.parse(call[1] as string)));
}

describe('toVitalMetric', () => {
  it('keeps the screen pattern, never a pin or token', () => {
    expect(toVitalMetric(metric('LCP', 950.5), '/controller/K7P2XQ', '/controller/K7P2XQ')).toEqual({
      name: 'LCP',
      value: 950.5,
      rating: 'good',
      id: 'v5-LCP-1',
      navigationType: 'navigate',
      route: '/controller/:token',
    });
  });

  it('gives load metrics the load route and CLS/INP the route open when they are reported', () => {
    expect(toVitalMetric(metric('TTFB', 30), '/login', '/user/test/ABC123').route).toBe('/login');
    expect(toVitalMetric(metric('FCP', 300), '/login', '/user/test/ABC123').route).toBe('/login');
    expect(toVitalMetric(metric('CLS', 0.01), '/login', '/user/test/ABC123').route).toBe('/user/test/:token');
    expect(toVitalMetric(metric('INP', 40), '/login', '/reset-password/abc').route).toBe(
      '/reset-password/:token',
    );
  });
});

describe('createVitalsReporter', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('sends nothing until flushed, then one beacon the server accepts', () => {
    loadedAt('/user/test/K7P2XQ');
    const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const reporter = createVitalsReporter(window);
    reporter.add(metric('TTFB', 42.1));
    reporter.add(metric('LCP', 1200));
    expect(beacon).not.toHaveBeenCalled();
    reporter.flush();
    expect(beacon).toHaveBeenCalledTimes(1);
    expect(beacon.mock.calls[0]![0]).toBe('/api/v1/vitals');
    expect(sentBodies(beacon)[0]!.metrics.map((m) => [m.name, m.value, m.route])).toEqual([
      ['TTFB', 42.1, '/user/test/:token'],
      ['LCP', 1200, '/user/test/:token'],
    ]);
    reporter.flush();
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('falls back to fetch with keepalive when the beacon is refused', async () => {
    loadedAt('/login');
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: vi.fn(() => false) });
    const fetchSpy = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);
    const reporter = createVitalsReporter(window);
    reporter.add(metric('FCP', 310));
    reporter.flush();
    expect(fetchSpy).toHaveBeenCalledWith(VITALS_URL, {
      method: 'POST',
      body: JSON.stringify({
        metrics: [
          {
            name: 'FCP',
            value: 310,
            rating: 'good',
            id: 'v5-FCP-1',
            navigationType: 'navigate',
            route: '/login',
          },
        ],
      }),
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('uses fetch where there is no sendBeacon, and swallows a network failure', async () => {
    loadedAt('/');
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const fetchSpy = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchSpy);
    const reporter = createVitalsReporter(window);
    reporter.add(metric('CLS', 0.02));
    expect(() => reporter.flush()).not.toThrow();
    await Promise.resolve();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('splits a long queue into reports the server accepts (at most 20 metrics each)', () => {
    loadedAt('/');
    const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const reporter = createVitalsReporter(window);
    for (let i = 0; i < 25; i++) reporter.add(metric('INP', 16 * i, `v5-INP-${i}`));
    // The twentieth metric sends a full report at once; the rest waits for the flush.
    expect(sentBodies(beacon).map((b) => b.metrics.length)).toEqual([20]);
    reporter.flush();
    expect(sentBodies(beacon).map((b) => b.metrics.length)).toEqual([20, 5]);
  });
});

describe('reportWebVitals', () => {
  it('listens to the five metrics and reports them when the page is hidden, once', () => {
    loadedAt('/connect');
    window.history.replaceState(null, '', '/controller/K7P2XQ');
    const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: beacon });
    const reporter = reportWebVitals(window);
    expect(reportWebVitals(window)).toBe(reporter);
    expect([...callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    for (const [name, cb] of callbacks) (cb as Callback)(metric(name as Metric['name'], 1));
    expect(beacon).not.toHaveBeenCalled();

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(sentBodies(beacon)[0]!.metrics).toHaveLength(5);
    expect(Object.fromEntries(sentBodies(beacon)[0]!.metrics.map((m) => [m.name, m.route]))).toEqual({
      LCP: '/connect',
      FCP: '/connect',
      TTFB: '/connect',
      CLS: '/controller/:token',
      INP: '/controller/:token',
    });

    visibility.mockReturnValue('visible');
    (callbacks.get('CLS') as Callback)(metric('CLS', 0.1, 'v5-CLS-2'));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(2);
  });
});
