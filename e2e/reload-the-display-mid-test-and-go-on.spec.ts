import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { SLOAN_LETTERS, answerLettersUntilResults } from './support/phone';

/**
 * A display reloaded in the middle of an eye (F5, a crashed tab restored) goes on where it was: same eye,
 * same round, and the adaptive procedure picks up its answered trials (flow snapshot + core replay), so the
 * next letter is the size the run would have shown without the reload. The test then finishes and one
 * result is stored, the reloaded eye counting the rounds before and after the reload together.
 */
const server = new VisusServer();
const person = { name: 'Rae Reload', emailName: 'rae', password: 'reload the page 123', dob: '1984-07-02' };

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** Rounds answered on the right eye before the reload. */
const BEFORE_RELOAD = 6;

test('a display reloaded mid-eye goes on from its round with the same procedure, and stores one result', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person);
  const pin = await startSingleTest(page.request, server, token, 'sloan');
  await page.goto(`${server.url}/user/test/${pin}`);
  const screen = page.getByTestId('test-screen');
  const stimulus = page.getByTestId('acuity-stimulus');

  await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
  await page.getByRole('radio', { name: 'Glasses' }).check();
  await page.getByRole('button', { name: 'Use the keyboard' }).click();
  await page.keyboard.press('Space');
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(screen).toHaveAttribute('data-eye', 'right');

  for (let round = 1; round <= BEFORE_RELOAD; round += 1) {
    await expect(screen).toHaveAttribute('data-round', String(round));
    await page.keyboard.press(SLOAN_LETTERS[round % SLOAN_LETTERS.length]!);
  }
  await expect(screen).toHaveAttribute('data-round', String(BEFORE_RELOAD + 1));
  const sizeBefore = await stimulus.getAttribute('data-logmar');
  expect(sizeBefore).not.toBeNull();

  await page.reload();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(screen).toHaveAttribute('data-eye', 'right');
  await expect(screen).toHaveAttribute('data-round', String(BEFORE_RELOAD + 1));
  await expect(page.getByText(`Progress: ${BEFORE_RELOAD + 1} / 30`)).toBeVisible();
  // The level of the next trial follows from the answers so far alone: the same size as before the reload.
  await expect(stimulus).toHaveAttribute('data-logmar', sizeBefore!);
  await snap('display-reloaded-mid-eye');

  await answerLettersUntilResults(page, 200);

  const stored = await page.request.get(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
  });
  const body = (await stored.json()) as {
    data: { total: number; results: { session: string; data: Record<string, { rounds: number }> }[] };
  };
  expect(body.data.total).toBe(1);
  const [result] = body.data.results;
  expect(result!.session).toBe(pin);
  const sloan = result!.data.sloan as unknown as Record<'right' | 'left', { rounds: number; va: number }>;
  // The right eye's trials before the reload count: it ran past them (no restart from round 1).
  expect(sloan.right.rounds).toBeGreaterThan(BEFORE_RELOAD);
  expect(typeof sloan.left.va).toBe('number');
});
