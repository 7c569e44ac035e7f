import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_WARM_UP_TIMEOUT_MS, warmUpIntlWhenIdle } from './intl-warm-up';
import { setLanguage } from './i18n';

/** A spy on an Intl constructor that still makes the real object (called with `new`). */
function spyOnIntl<K extends 'DateTimeFormat' | 'NumberFormat'>(name: K) {
  const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
    return new Real(...args);
  } as never);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('warmUpIntlWhenIdle', () => {
  it("makes the shown language's date and number formats only once the browser is idle", async () => {
    await setLanguage('de');
    let idle: (() => void) | undefined;
    const requestIdleCallback = vi.fn((cb: () => void) => {
      idle = cb;
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const dates = spyOnIntl('DateTimeFormat');
    const numbers = spyOnIntl('NumberFormat');

    warmUpIntlWhenIdle(window);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), {
      timeout: INTL_WARM_UP_TIMEOUT_MS,
    });
    expect(dates).not.toHaveBeenCalled();

    idle!();
    expect(dates).toHaveBeenCalledWith('de', expect.objectContaining({ year: 'numeric' }));
    expect(numbers).toHaveBeenCalledWith('de');
    await setLanguage('en');
  });

  it('runs in a task of its own where there is no requestIdleCallback', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('requestIdleCallback', undefined);
      const dates = spyOnIntl('DateTimeFormat');
      warmUpIntlWhenIdle(window);
      expect(dates).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(dates).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
