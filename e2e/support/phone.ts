import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { KEY_DEBOUNCE_MS } from '@visus/core';
import type { VisusServer } from './visus-server';

/** A phone as the journeys hold it: 390×844 CSS px at DPR 2, a touch screen. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

/** Opens the controller of the session `pin` on a new phone and waits until it says it is connected. */
export async function pairPhone(
  browser: Browser,
  server: VisusServer,
  pin: string,
): Promise<{ context: BrowserContext; phone: Page }> {
  const context = await browser.newContext(PHONE);
  const phone = await context.newPage();
  await phone.goto(`${server.url}/controller/${pin}`);
  await expect(phone.getByTestId('controller-status')).toHaveText('Connected');
  return { context, phone };
}

/**
 * How long a journey's phone waits between two taps of the same answer: the display ignores an identical
 * key within core KEY_DEBOUNCE_MS of the last one it took (SPEC.md §4 "Key handling"), and the next
 * stimulus can be on screen sooner than that after an answer. A person's finger is slower; the margin
 * covers the relay's jitter (the first key can reach the display late, the second early).
 */
export const SAME_ANSWER_GAP_MS = 2.5 * KEY_DEBOUNCE_MS;

/**
 * Taps answers on the phone's pad (`pad`: the group of answer buttons) as a person would: the same answer
 * twice in a row waits until {@link SAME_ANSWER_GAP_MS} has passed since the last tap, so the display
 * never drops a key the journey then waits for.
 */
export function answerPad(pad: Locator): (answer: string) => Promise<void> {
  let last = { answer: '', at: 0 };
  return async (answer) => {
    const since = Date.now() - last.at;
    if (answer === last.answer && since < SAME_ANSWER_GAP_MS)
      await pad.page().waitForTimeout(SAME_ANSWER_GAP_MS - since);
    await pad.getByRole('button', { name: answer, exact: true }).tap();
    last = { answer, at: Date.now() };
  };
}

/**
 * Taps `button` if it is enabled now (Start or Continue between the eyes). The button can go between the
 * check and the tap (the display went on by itself): the tap then gives up after 2 s instead of waiting
 * for a button that will not come back until the test's own timeout.
 */
export async function tapIfEnabled(button: Locator): Promise<void> {
  if (await button.isEnabled().catch(() => false)) await button.tap({ timeout: 2_000 }).catch(() => {});
}

/** The Sloan letters, answered in turn by the journeys that only need a test to reach its end. */
export const SLOAN_LETTERS = 'CDHKNORSVZ';

/**
 * Answers letters from the display's keyboard (each answer waits until the screen has moved on), presses
 * Space on each Continue screen, and returns once the run has reached the results page.
 */
export async function answerLettersUntilResults(page: Page, maxTurns = 300): Promise<void> {
  const screen = page.getByTestId('test-screen');
  const stimulus = page.getByTestId('acuity-stimulus');
  for (let turn = 0; turn < maxTurns && !page.url().includes('/results'); turn += 1) {
    // A short timeout: the run may leave for the results between the URL check and this read, and a
    // locator read without one waits for the element until the test's own timeout.
    const status = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
    if (status === 'InTest' && (await stimulus.isVisible().catch(() => false))) {
      const where = () =>
        Promise.all(['data-status', 'data-eye', 'data-round'].map((a) => screen.getAttribute(a)))
          .then((values) => values.join(' '))
          .catch(() => 'left the screen');
      const before = await where();
      await page.keyboard.press(SLOAN_LETTERS[turn % SLOAN_LETTERS.length]!);
      await expect.poll(where).not.toBe(before);
    } else if (status === 'Continue') {
      await page.keyboard.press('Space');
      await page.waitForTimeout(200);
    } else if (status === 'Finished') {
      await page.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 10_000 });
    } else {
      await page.waitForTimeout(100);
    }
  }
  await expect(page).toHaveURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/);
}
