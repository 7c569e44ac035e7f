import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson } from './support/people';
import { screenshotter } from './support/screens';
import { batteryStep } from './support/battery';

/**
 * Issue 6's "What a person can do", with the keyboard alone: a calibrated person starts the full battery
 * (Part A → B → C) on /user/tests, chooses "No phone? Use this keyboard", answers every test with keys
 * (Space starts and continues), sees 'Test Complete' and 3 s later lands on /user/results?redirect=latest,
 * where the result just taken is stored exactly once.
 */
const server = new VisusServer();
const person = { name: 'Ada Keyboard', emailName: 'ada', password: 'battery by keys 123', dob: '1960-03-14' };

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a calibrated person takes the full battery with the keyboard and sees the result', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person);

  await page.goto(`${server.url}/user/tests`);
  await expect(page).toHaveTitle('Visus | Tests');
  await expect(page.getByText(/Calibrated with the card method/)).toBeVisible();
  await page.getByRole('radio', { name: 'Sloan' }).check();
  await snap('tests-page');
  await page.getByRole('button', { name: 'Start full battery' }).click();
  await expect(page).toHaveURL(/\/user\/test\/[A-Z0-9]{8}$/);
  await expect(page).toHaveTitle('Visus | Test');
  const pin = page.url().split('/').at(-1)!;

  // Check: full screen first, or the phone; the QR code and pin until a phone pairs.
  await expect(
    page.getByRole('heading', { name: /turn on full screen with the full-screen button/i }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enter full screen' })).toBeVisible();
  await expect(page.getByTestId('fullscreen-hint')).toBeAttached();
  await expect(page.getByRole('banner')).toBeVisible();
  await snap('check');

  // In full screen only the test shows: no app bar, menu, avatar or footer, and the test fills the screen.
  await page.getByRole('button', { name: 'Enter full screen' }).click();
  await expect(page.getByRole('heading', { name: 'Please look at your phone controller' })).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true);
  await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'open navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'account menu' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const testArea = await page.getByTestId('test-screen').boundingBox();
  const viewport = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
  expect(testArea).toMatchObject({ x: 0, y: 0, ...viewport });
  await snap('check-full-screen');

  const seen = new Set<string>();
  const screen = page.getByTestId('test-screen');
  let sawContinue = false;
  for (let turn = 0; turn < 600; turn += 1) {
    if (page.url().includes('/results')) break;
    const status = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
    const testId = (await screen.getAttribute('data-test').catch(() => null)) ?? '';
    const label = `${status}:${testId}`;
    if (!seen.has(label)) {
      seen.add(label);
      if (status === 'Checked') {
        await expect(page.getByText('Sloan Ready')).toBeVisible();
        await expect(page.getByText('Cover your LEFT eye')).toBeVisible();
      }
      if (status === 'InTest' && testId === 'sloan') {
        await expect(page.getByText(/^Progress: \d+ \/ 30$/)).toBeVisible();
      }
      await snap(label.replace(':', '-'));
    }
    if (status === 'Continue' && testId === 'sloan' && !sawContinue) {
      // The Continue screen goes on by itself after its 10-second bar, which P pauses (issue 25, WCAG
      // 2.2.1): paused for 12 s it stays, then P starts it again and it goes on.
      sawContinue = true;
      await expect(page.getByText('Continue Sloan')).toBeVisible();
      await expect(page.getByText('Cover your RIGHT eye')).toBeVisible();
      await page.keyboard.press('p');
      await expect(page.getByTestId('countdown-text')).toContainText('Paused with');
      await page.waitForTimeout(12_000);
      await expect(screen).toHaveAttribute('data-status', 'Continue');
      await snap('Continue-paused');
      await page.keyboard.press('p');
      await expect(page.getByTestId('countdown-text')).toContainText('Goes on by itself in');
      await expect(screen).toHaveAttribute('data-status', 'InTest', { timeout: 13_000 });
      continue;
    }
    if (status === 'Finished') {
      await expect(page.getByText('Test Complete', { exact: true })).toBeVisible();
      await expect(page.getByText('You will be redirected to your results shortly')).toBeVisible();
      await page.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 6000 });
      break;
    }
    await batteryStep(page, turn);
    await page.waitForTimeout(160);
  }
  // The results screen opens the latest result (it may replace redirect=latest with the result's id).
  await expect(page).toHaveURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/);
  // Still in full screen, but off the test screen: the app bar and footer are back.
  expect(await page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  for (const label of [
    'InTest:sloan',
    'InTest:duoChrome',
    'InTest:diamond',
    'InTest:astigAxis',
    'InTest:spokeCircle',
    'InTest:presbyopia',
  ]) {
    expect(seen, `the battery ran ${label}`).toContain(label);
  }
  await snap('results');

  // Stored exactly once, with the SPEC.md §3 record.
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
  const [result] = body.data.results;
  expect(result!.session).toBe(pin);
  expect(result!.setup).toMatchObject({
    units: 'm',
    correction: 'Glasses',
    testMode: false,
    testA: ['sloan', 'duoChrome'],
    testB: ['diamond', 'astigAxis'],
    testC: ['spokeCircle', 'presbyopia'],
  });
  expect(result!.data).toHaveProperty('sloan.right.va');
  expect(result!.data).toHaveProperty('sloan.left.va');
  expect(result!.data).toHaveProperty('presbyopia.stereo.add');
  // The add is stored with the inputs it came from (the form's default distance, the profile's age).
  expect(result!.data).toHaveProperty('presbyopia.stereo.distance', 'Between 1.6m and 1.9m');
  expect(result!.data).toHaveProperty('presbyopia.stereo.age');
  // Diamond keeps every round of each eye with its score; Spoke Circle its sizes as visual angles (issue 17).
  expect(result!.data).toHaveProperty('diamond.right.rounds.length', 3);
  expect(result!.data).toHaveProperty('diamond.left.score.of', 3);
  expect(result!.data).toHaveProperty('spokeCircle.right.visualAngle.sizes.length', 6);
  expect(result!.data).toHaveProperty('spokeCircle.left.visualAngle.distanceMm');
  expect(Number(result!.data.end)).toBeGreaterThanOrEqual(Number(result!.data.start));

  // The session is complete: its screen refuses to run again.
  await page.goto(`${server.url}/user/test/${pin}`);
  await expect(page.getByRole('heading', { name: 'This test is complete' })).toBeVisible();
});
