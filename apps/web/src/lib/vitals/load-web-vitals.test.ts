import { describe, expect, it, vi } from 'vitest';
import { loadWebVitalsWhenIdle, VITALS_FALLBACK_DELAY_MS, VITALS_IDLE_TIMEOUT_MS } from './load-web-vitals';

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('loadWebVitalsWhenIdle', () => {
  it('loads and starts the reporter only when the browser is idle', async () => {
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((cb: () => void) => {
      idle = cb;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const reportWebVitals = vi.fn();
    const load = vi.fn(() => Promise.resolve({ reportWebVitals }));

    loadWebVitalsWhenIdle(window, load);
    expect(load).not.toHaveBeenCalled();
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
      timeout: VITALS_IDLE_TIMEOUT_MS,
    });

    idle!();
    await flushPromises();
    expect(load).toHaveBeenCalledTimes(1);
    expect(reportWebVitals).toHaveBeenCalledTimes(1);
  });

  it('waits a moment instead where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const load = vi.fn(() => Promise.resolve({ reportWebVitals: vi.fn() }));
      loadWebVitalsWhenIdle(window, load);
      vi.advanceTimersByTime(VITALS_FALLBACK_DELAY_MS - 1);
      expect(load).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a chunk that fails to load', async () => {
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => (cb(), 1));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      loadWebVitalsWhenIdle(window, () => Promise.reject(new Error('Loading chunk 7 failed')));
      await flushPromises();
      await flushPromises();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
