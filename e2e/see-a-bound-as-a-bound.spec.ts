import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * Issue 16 item 2 (docs/adr/0010-censored-acuity-results.md): a sharp eye tested 0.6 m from a 96-dpi
 * screen read the smallest line the screen could draw, so the display stored "0.5 or better". Through the
 * real API and in the browser, the bound is shown as a bound everywhere — the results list, the trend
 * chart (its own marker, never on the line), the result page and its print — and downloads as one; a
 * record claiming a bound without its value is refused with a 400 and stores nothing.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const DAY_MS = 86_400_000;

/** A Landolt C result taken `daysAgo` days ago at 0.6 m; `right` is the right eye's record. */
function landoltRecord(daysAgo: number, right: Record<string, unknown>) {
  const start = Date.now() - daysAgo * DAY_MS;
  return {
    setup: {
      date: new Date(start).toISOString(),
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'landoltC',
    },
    data: {
      start,
      end: start + 300_000,
      landoltC: {
        right,
        left: { va: 0.1, rounds: 21, loopLength: 30, logMAR: 0.1, ci95: [0, 0.2], distanceMm: 600 },
      },
    },
  };
}

/** What the acuity panel stores for an eye that read every line this screen drew: "0.5 or better". */
const BOUND = {
  va: 0.5,
  rounds: 12,
  loopLength: 30,
  logMAR: 0.5,
  ci95: [-1, 0.5],
  snellen: '6/19',
  censored: 'better-than',
  bound: 0.5,
  distanceMm: 600,
};

async function put(request: APIRequestContext, token: string, record: unknown) {
  return request.put(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
    data: record,
  });
}

test('a bound is stored, shown, charted and downloaded as "or better", never as a measured value', async ({
  page,
}, testInfo) => {
  const shot = screenshotter(page, testInfo);
  const registered = await page.request.post(`${server.url}/api/v1/auth/register`, {
    data: {
      name: 'Grace Hopper',
      email: `grace.${Date.now()}@example.org`,
      password: 'bounds please 123',
      dob: '1980-12-09',
    },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };

  // Bad input first: a bound without its value, and one off the scale, are refused; nothing is stored.
  const { bound: _bound, ...withoutBound } = BOUND;
  const refused = await put(page.request, token, landoltRecord(1, withoutBound));
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    success: false,
    error: 'data.landoltC.right.bound is required when censored is set',
  });
  const offScale = await put(page.request, token, landoltRecord(1, { ...BOUND, bound: 3 }));
  expect(offScale.status()).toBe(400);
  expect(((await offScale.json()) as { error: string }).error).toBe(
    'data.landoltC.right.bound must be between -1 and 2.5',
  );

  // Measured 0.1 a month ago; "0.5 or better" today: no change is flagged (0.1 lies within the bound).
  const earlier = await put(page.request, token, landoltRecord(30, { va: 0.1, rounds: 22, loopLength: 30 }));
  expect(earlier.status()).toBe(201);
  const stored = await put(page.request, token, landoltRecord(0, BOUND));
  expect(stored.status()).toBe(201);
  const { data } = (await stored.json()) as { data: { _id: string; data: { landoltC: { right: unknown } } } };
  expect(data.data.landoltC.right).toEqual(BOUND);

  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${server.url}/user/results`);
  const table = page.getByRole('table', { name: 'Results' });
  // The first page load of a fresh server can take a while on a busy machine.
  await expect(table).toBeVisible({ timeout: 30_000 });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row').nth(1)).toContainText('R 6/19 or better (0.50 logMAR or better)');

  const chart = page.getByRole('figure', { name: 'Landolt C' });
  await expect(chart.getByRole('img', { name: 'Landolt C acuity over time' })).toBeVisible();
  await expect(chart.locator('[data-bound="right-better-than"]')).toHaveCount(1);
  await expect(chart.locator('[data-flag]')).toHaveCount(0);
  await expect(chart).toContainText('No change beyond this test’s repeatability');
  await expect(
    page.getByText(/An open marker with an arrow is a bound.*joins measured values only/),
  ).toBeVisible();
  await shot('results-list-with-a-bound');

  await page.goto(`${server.url}/user/results?id=${data._id}`);
  const landolt = page.getByRole('table', { name: 'Landolt C' });
  await expect(landolt.getByRole('row', { name: /^logMAR/ })).toContainText('0.50 or better');
  await expect(landolt.getByRole('row', { name: /^Snellen \(6 m\)/ })).toContainText('6/19 or better');
  await expect(landolt.getByRole('row', { name: /^Decimal/ })).toContainText('0.32 or better');
  await expect(landolt.getByRole('row', { name: /^95 % interval \(logMAR\)/ })).toContainText(
    'None: a bound',
  );
  await expect(landolt.getByRole('row', { name: /^Why a bound/ })).toContainText(
    '0.50 logMAR is the smallest line this screen can draw at 0.6 m',
  );
  await expect(landolt).not.toContainText('-1.00');
  await shot('result-page-with-a-bound');

  await page.getByRole('button', { name: 'Download' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: /^CSV/ }).click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8').split('\r\n');
  const header = csv[0]!.split(',');
  const rows = csv
    .slice(1, -1)
    .map((line) => Object.fromEntries(line.split(',').map((cell, i) => [header[i], cell])));
  expect(rows[0]).toMatchObject({
    test: 'landoltC',
    eye: 'right',
    logMAR: '0.50',
    ci95Low: '',
    ci95High: '',
    censored: 'better-than',
    comparator: '<=',
  });
  expect(rows[1]).toMatchObject({ eye: 'left', logMAR: '0.10', censored: '', comparator: '' });

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(/“Or better” means the eye read the smallest line/)).toBeVisible();
  await shot('result-print-with-a-bound');
});
