import type { Page } from '@playwright/test';

/**
 * A journey loop that drives a run turn by turn calls the guard with what it sees each turn (the status,
 * eye and round). When that stays the same for `limitMs`, the guard fails the test at once with what each
 * page shows, instead of the loop spinning until the test's timeout with no word of where it stood.
 */
export function stuckGuard(pages: Readonly<Record<string, Page>>, limitMs = 45_000) {
  let last: string | null = null;
  let since = Date.now();
  return async (seen: string): Promise<void> => {
    if (seen !== last) {
      last = seen;
      since = Date.now();
      return;
    }
    if (Date.now() - since < limitMs) return;
    const shown = await Promise.all(
      Object.entries(pages).map(async ([name, page]) => {
        const text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch((error: unknown) => `(unreadable: ${String(error)})`);
        return `${name} at ${page.url()}:\n${text.replace(/\s+/g, ' ').slice(0, 1_500)}`;
      }),
    );
    throw new Error(`The run stayed at "${seen}" for ${limitMs / 1000} s.\n${shown.join('\n')}`);
  };
}
