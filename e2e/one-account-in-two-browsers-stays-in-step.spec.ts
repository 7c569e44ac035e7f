import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';
import { signUp } from './support/people';

/**
 * Issue 23 item 4, the account socket: one account open in two browsers. A result saved in one appears
 * in the other's results list without a reload; deleting the account in one signs the other out, saying
 * why.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const RECORD = {
  setup: {
    date: new Date().toISOString(),
    units: 'm',
    correction: 'Glasses',
    testMode: true,
    singleTest: 'sloan',
  },
  data: {
    start: Date.now() - 300_000,
    end: Date.now(),
    sloan: { right: { va: 0.0, rounds: 22, loopLength: 30 }, left: { va: 0.1, rounds: 24, loopLength: 30 } },
  },
};

test('a result saved in one browser shows in the other at once; deleting the account signs both out', async ({
  browser,
}, testInfo) => {
  const token = await signUp((await browser.newContext()).request, server, {
    name: 'Grace Hopper',
    emailName: 'grace',
    password: 'two browsers 123',
    dob: '1980-12-09',
  });
  const open = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    return page;
  };
  const laptop = await open();

  const tablet = await open();
  const shot = screenshotter(laptop, testInfo);

  // The account socket is up once its WebSocket is (it starts on long-polling and upgrades).
  const linked = laptop.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await laptop.goto(`${server.url}/user/results`);
  await expect(laptop.getByText('No results yet')).toBeVisible();
  await linked;

  // Saved from the other browser (as its display does at the end of a test).
  const saved = await tablet.request.put(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
    data: RECORD,
  });
  expect(saved.status()).toBe(201);

  const table = laptop.getByRole('table', { name: 'Results' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(
    'Right eye 6/6: within the normal range for your age',
  );
  await shot('result-arrived-without-reload');

  // Deleting the account in the tablet signs the laptop out, with the reason.
  await tablet.goto(`${server.url}/user/dashboard`);
  await tablet.getByRole('button', { name: 'Delete account' }).click();
  await tablet.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(tablet).toHaveURL(`${server.url}/`);

  await expect(laptop.getByText('This account was deleted, so you have been signed out.')).toBeVisible();
  await expect(laptop).toHaveURL(/\/login$/);
  await shot('signed-out-by-the-other-browser');
});
