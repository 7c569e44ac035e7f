import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 6 "saved exactly once": the network drops at the very moment the result is saved. The record waits
 * in the local outbox (it survives a reload of the display), the save is retried with backoff, one attempt
 * reaches the server but its answer is lost, and when the network is back the display finishes normally:
 * the server holds exactly one result for the session.
 */
const server = new VisusServer();
const person = {
  name: 'Nora Network',
  emailName: 'nora',
  password: 'offline and back 123',
  dob: '1985-07-01',
};

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('the result of a test is saved exactly once although the network drops while saving', async ({
  page,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person, { pixelsPerMm: 3.78, distanceMm: 3000 });

  await page.goto(`${server.url}/user/tests`);
  await page.getByRole('combobox', { name: 'Test' }).click();
  await page.getByRole('option', { name: 'DuoChrome' }).click();
  await page.getByRole('button', { name: 'Start DuoChrome' }).click();
  await expect(page).toHaveURL(/\/user\/test\/[A-Z0-9]{8}$/);
  const pin = page.url().split('/').at(-1)!;
  const screen = page.getByTestId('test-screen');

  await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
  await page.getByRole('button', { name: 'Use the keyboard' }).click();
  await expect(page.getByText('DuoChrome Ready')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await page.keyboard.press('r'); // right eye
  await expect(page.getByText('Continue DuoChrome')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(screen).toHaveAttribute('data-eye', 'left');

  // The network to the results endpoint goes down just before the last answer.
  const attempts: string[] = [];
  await page.route('**/api/v1/tests/results', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    attempts.push('dropped');
    await route.abort('internetdisconnected');
  });
  await page.keyboard.press('g'); // left eye: the test ends and the save starts
  await expect(page.getByRole('heading', { name: 'Saving your results' })).toBeVisible();
  await expect(page.getByText(/No answer from the server yet/)).toBeVisible();
  await snap('saving-offline');
  const outbox = await page.evaluate(() => localStorage.getItem('visus.resultsOutbox'));
  expect(outbox).toContain(pin);
  expect(attempts.length).toBeGreaterThanOrEqual(1);

  // The display is reloaded while offline: its outbox and its flow survive.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Saving your results' })).toBeVisible();
  await expect.poll(() => attempts.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);

  // One attempt reaches the server, but its answer is lost on the way back.
  await page.unroute('**/api/v1/tests/results');
  let delivered = 0;
  await page.route('**/api/v1/tests/results', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    if (delivered === 0) {
      delivered += 1;
      const response = await route.fetch();
      expect(response.status()).toBeLessThan(300);
      attempts.push('delivered, answer lost');
      return route.abort('connectionreset');
    }
    attempts.push('passed');
    return route.continue();
  });

  // The network is back: the retry goes through and the display finishes.
  await expect(page.getByText('Test Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await snap('finished');
  await page.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 6000 });
  expect(attempts).toContain('delivered, answer lost');
  expect(attempts).toContain('passed');
  expect(await page.evaluate(() => localStorage.getItem('visus.resultsOutbox'))).toBe('[]');

  const stored = await page.request.get(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
  });
  const body = (await stored.json()) as {
    data: {
      total: number;
      results: { session: string; setup: Record<string, unknown>; data: Record<string, unknown> }[];
    };
  };
  expect(body.data.total).toBe(1);
  expect(body.data.results[0]!.session).toBe(pin);
  expect(body.data.results[0]!.setup).toMatchObject({
    singleTest: 'duoChrome',
    testMode: false,
    correction: 'None',
  });
  expect(body.data.results[0]!.data).toHaveProperty('duoChrome.right');
  expect(body.data.results[0]!.data).toHaveProperty('duoChrome.left');
  await snap('results');
});
