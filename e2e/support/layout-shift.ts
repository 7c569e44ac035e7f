import type { Page } from '@playwright/test';

/** One layout shift without recent input: its score, when (ms after navigation) and what moved. */
export interface LayoutShift {
  value: number;
  at: number;
  moved: string[];
}

/**
 * Records every layout shift of the pages `page` opens from their first paint (buffered), as Chrome scores
 * them for CLS: call before `goto`, then read with {@link layoutShifts}.
 */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Source {
      node?: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    const w = window as unknown as { __shifts: { value: number; at: number; moved: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: Source[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          moved: (entry.sources ?? []).map(({ node, previousRect, currentRect }) => {
            const text = (node?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 40);
            const name = node instanceof Element ? node.tagName.toLowerCase() : '#text';
            return `${name} "${text}" y ${Math.round(previousRect.y)}→${Math.round(currentRect.y)}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts recorded so far on the page and their sum (the page's CLS when it had one session window). */
export async function layoutShifts(page: Page): Promise<{ cls: number; shifts: LayoutShift[] }> {
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: LayoutShift[] }).__shifts);
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}
