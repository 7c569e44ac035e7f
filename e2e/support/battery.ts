import type { Page } from '@playwright/test';

/** The Sloan letters, answered in turn (answers need not be right). */
const LETTERS = 'CDHKNORSVZ';

/** The screens that wait for Space (CONTINUE) between and around the tests. */
export const WAITING_STATUSES = [
  'Ready',
  'Checked',
  'Repeat',
  'Continue',
  'Complete',
  'PartBReady',
  'PartCReady',
] as const;

/**
 * One step of the full battery by the display's keyboard, from what the screen shows (Space starts and
 * continues; each test answered with its keys). Answers need not be right. Without a paired phone, the
 * check screen's "No phone? Use this keyboard" is chosen with `correction`.
 */
export async function batteryStep(page: Page, turn: number, correction = 'Glasses'): Promise<void> {
  const screen = page.getByTestId('test-screen');
  const status = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
  const testId = (await screen.getAttribute('data-test', { timeout: 2_000 }).catch(() => null)) ?? '';
  const keyboardChoice = page.getByRole('button', { name: 'No phone? Use this keyboard' });
  if ((status === 'Ready' || status === 'Check') && (await keyboardChoice.isVisible())) {
    await keyboardChoice.click();
    await page.getByRole('radio', { name: correction }).check();
    await page.getByRole('button', { name: 'Use the keyboard' }).click();
    return;
  }
  if ((WAITING_STATUSES as readonly string[]).includes(status)) {
    await page.keyboard.press('Space');
    return;
  }
  if (status !== 'InTest') return;
  switch (testId) {
    case 'sloan':
      await page.keyboard.press(LETTERS[turn % LETTERS.length]!);
      return;
    case 'duoChrome':
      await page.keyboard.press('r');
      return;
    case 'diamond': {
      const stimulus = page.getByTestId('diamond-stimulus');
      if (!(await stimulus.isVisible())) return;
      await page.keyboard.press(String((turn % 4) + 1));
      await page.waitForTimeout(150);
      await page.keyboard.press('Enter');
      return;
    }
    case 'astigAxis':
      await page.keyboard.press('s');
      return;
    case 'spokeCircle':
      await page.keyboard.press(turn % 2 ? '+' : 'Enter');
      return;
    case 'presbyopia': {
      const form = page.getByRole('form', { name: 'Presbyopia answer' });
      if (await form.isVisible({ timeout: 2_000 }))
        await form.getByRole('button', { name: 'Submit' }).click({ timeout: 2_000 });
      return;
    }
    default:
      throw new Error(`unexpected test ${testId}`);
  }
}
