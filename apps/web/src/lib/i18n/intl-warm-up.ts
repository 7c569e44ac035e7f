import { whenIdle } from '@/lib/timing/when-idle';
import { formatDate, SHORT_DAY } from './dates';
import { currentLanguage } from './i18n';
import { decimalMark } from './numbers';

/** How long the browser may wait for an idle moment before the warm-up runs anyway (ms). */
export const INTL_WARM_UP_TIMEOUT_MS = 2000;

/**
 * Issue 25 item 5. The first `Intl` object a page makes loads the browser's locale data (ICU): 12–15 ms on
 * the bench machine, four times that on the phone Lighthouse simulates, in whichever task makes it. On the
 * results and users screens that was the screen's own start (MUI's TablePagination makes an
 * `Intl.NumberFormat` when its module runs), so the screen's longest task grew by it and a tap waited.
 * Every signed-in screen writes dates or decimals, so the cost is never saved, only placed: here it runs in
 * a task of its own at the first idle moment after the first render, while the screen's code is still
 * downloading, and the formatters the screen makes later find the data loaded (bench/web/README.md).
 */
export function warmUpIntlWhenIdle(win: Window = window): void {
  whenIdle(
    () => {
      const language = currentLanguage();
      // Through the kept formatters (dates.ts): the lists' short dates then find theirs made.
      formatDate(0, language, SHORT_DAY);
      decimalMark(language);
    },
    { timeoutMs: INTL_WARM_UP_TIMEOUT_MS, fallbackMs: 0 },
    win,
  );
}
