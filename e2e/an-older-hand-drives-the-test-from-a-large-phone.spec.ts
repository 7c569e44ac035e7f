import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibrate, signUp, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 20 item 3 (docs/adr/0024): an older person drives the test from a phone in large mode. The mode
 * is turned on from the phone's top bar and remembered on the phone; its buttons are big; "I can't see
 * it" answers a Sloan letter (and 0 on the keyboard does the same), each answer shown large on the phone
 * for a moment; the display names its stimulus neutrally. On Diamond the phone's pad is the display's
 * diamond (1 top, 2 right, 3 bottom, 4 left), and the display keeps all four tiles on a 1280 × 800 screen
 * at their true size, or says the window is too small.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const phoneOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** A signed-in, calibrated computer on a single test's check screen; 3 m makes Diamond's tiles 220 px. */
async function computerOn(browser: Browser, test: string, emailName: string) {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, {
    name: 'Dr Olu Adeyemi',
    emailName,
    password: 'large buttons 1234',
    dob: '1948-03-02',
  });
  await calibrate(computer, server, token, { pixelsPerMm: 3.78, distanceMm: 3000 });
  const pin = await startSingleTest(computer.request, server, token, test);
  await computer.goto(`${server.url}/user/test/${pin}`);
  await expect(computer.getByTestId('pairing-pin')).toBeVisible();
  return { desktop, computer, pin, token };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return { ...b, cx: b.x + b.width / 2, cy: b.y + b.height / 2 };
}

/** Tiles 1 … 4 form a diamond: 1 above 3 on one column, 4 left of 2 on one row, that row between 1 and 3. */
async function expectDiamond(tile: (n: number) => Locator) {
  const [top, right, bottom, left] = await Promise.all([1, 2, 3, 4].map((n) => box(tile(n))));
  expect(Math.abs(top!.cx - bottom!.cx)).toBeLessThan(2);
  expect(Math.abs(left!.cy - right!.cy)).toBeLessThan(2);
  expect(top!.cy).toBeLessThan(left!.cy);
  expect(bottom!.cy).toBeGreaterThan(left!.cy);
  expect(left!.cx).toBeLessThan(top!.cx);
  expect(right!.cx).toBeGreaterThan(top!.cx);
  return [top!, right!, bottom!, left!];
}

async function turnOnLargeMode(phone: Page) {
  const toggle = phone.getByRole('button', { name: 'Large text' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.tap();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(phone.locator('.vc-frame')).toHaveClass(/vc-large/);
}

test("an older hand answers Sloan from a large phone, with I can't see it", async ({ browser }, testInfo) => {
  const { desktop, computer, pin } = await computerOn(browser, 'sloan', 'olu');
  const screen = computer.getByTestId('test-screen');

  const phoneContext = await browser.newContext(phoneOptions);
  const phone = await phoneContext.newPage();
  const shot = screenshotter(phone, testInfo);
  await phone.goto(`${server.url}/controller/${pin}`);
  await turnOnLargeMode(phone);
  // Remembered on this phone: a reload opens in large mode.
  await phone.reload();
  await expect(phone.getByRole('button', { name: 'Large text' })).toHaveAttribute('aria-pressed', 'true');

  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeEnabled();
  // The display's Ready screen asks for a guess, and names the way out.
  await expect(computer.getByTestId('guess-advice')).toContainText('Guess if you are unsure');
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(computer.getByText('Progress: 1 / 30')).toBeVisible();

  // The stimulus's name never says the letter.
  await expect(computer.getByRole('img', { name: 'Test letter' })).toBeVisible();
  await expect(computer.getByRole('img', { name: /^Letter/ })).toHaveCount(0);

  // Big buttons: every answer at least 88 px high, "I can't see it" as wide as the pad.
  const letters = phone.getByRole('group', { name: 'Letters' });
  await expect(letters.getByRole('button')).toHaveCount(26);
  for (const name of ['A', 'K', 'Z']) {
    expect((await box(letters.getByRole('button', { name, exact: true }))).height).toBeGreaterThanOrEqual(88);
  }
  const cannotSee = phone.getByRole('button', { name: "I can't see it" });
  const wide = await box(cannotSee);
  expect(wide.height).toBeGreaterThanOrEqual(88);
  expect(wide.width).toBeGreaterThan(300);
  await shot('large-phone-letters');
  // Large mode passes axe at AA, and its text contrast at AAA (color-contrast-enhanced, 7:1).
  const audit = await new AxeBuilder({ page: phone })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'wcag2aaa'])
    .analyze();
  expect(
    audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);

  // "I can't see it": an answer (the round moves on), shown large on the phone for a moment.
  await cannotSee.tap();
  await expect(computer.getByText('Progress: 2 / 30')).toBeVisible();
  const sent = phone.getByTestId('sent-line');
  await expect(sent).toHaveText("Sent: I can't see it");
  await expect(sent).toHaveClass(/vc-sent-fresh/);
  // In view even though the button pressed is at the bottom of a long pad (it holds under the top bar).
  await expect(sent).toBeInViewport();
  await phone.screenshot({ path: testInfo.outputPath('large-phone-sent-in-view.png') });
  await shot('large-phone-sent-cannot-see');
  await expect(sent).not.toHaveClass(/vc-sent-fresh/, { timeout: 5000 });

  // The keyboard's 0 is the same answer; a letter from the phone goes on as before.
  await computer.keyboard.press('0');
  await expect(computer.getByText('Progress: 3 / 30')).toBeVisible();
  await letters.getByRole('button', { name: 'K', exact: true }).tap();
  await expect(computer.getByText('Progress: 4 / 30')).toBeVisible();
  await expect(sent).toHaveText('Sent: K');

  // Back to normal mode from the same bar.
  await phone.getByRole('button', { name: 'Large text' }).tap();
  await expect(phone.locator('.vc-frame')).not.toHaveClass(/vc-large/);
  await Promise.all([desktop.close(), phoneContext.close()]);
});

test('the Diamond pad mirrors the display’s diamond, which fits 1280 × 800 or says it cannot', async ({
  browser,
}, testInfo) => {
  const { desktop, computer, pin, token } = await computerOn(browser, 'diamond', 'olu.diamond');
  const screen = computer.getByTestId('test-screen');
  const displayShot = screenshotter(computer, testInfo);

  const phoneContext = await browser.newContext(phoneOptions);
  const phone = await phoneContext.newPage();
  const shot = screenshotter(phone, testInfo);
  await phone.goto(`${server.url}/controller/${pin}`);
  await turnOnLargeMode(phone);
  await phone.getByRole('button', { name: /^None/ }).tap();
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');

  // Full screen on the computer, as the check screen asks.
  await computer.getByRole('button', { name: 'Enter full screen' }).click();
  await expect(computer.getByRole('button', { name: 'Exit full screen' })).toBeVisible();

  // The phone: a diamond of big buttons, and no "I can't see it" (Diamond is not a letter chart).
  const pad = phone.getByRole('group', { name: 'Diamond tiles' });
  const padTiles = await expectDiamond((n) => pad.getByRole('button', { name: `Tile ${n}` }));
  for (const tile of padTiles) expect(tile.height).toBeGreaterThanOrEqual(88);
  await expect(phone.getByRole('button', { name: "I can't see it" })).toHaveCount(0);
  await shot('large-phone-diamond');

  // The display at 1280 × 800: all four tiles inside the window, at their calibrated 220 px.
  const tiles = computer.getByTestId('diamond-tiles');
  await expect(tiles).toHaveAttribute('data-fits', 'true');
  await expect(computer.getByTestId('diamond-too-small')).toHaveCount(0);
  const shown = await expectDiamond((n) => computer.getByTestId(`diamond-tile-${n}`));
  for (const tile of shown) {
    expect(tile.x).toBeGreaterThanOrEqual(0);
    expect(tile.y).toBeGreaterThanOrEqual(0);
    expect(tile.x + tile.width).toBeLessThanOrEqual(1280);
    expect(tile.y + tile.height).toBeLessThanOrEqual(800);
  }
  for (const n of [1, 2, 3, 4]) {
    await expect(computer.getByTestId(`diamond-tile-${n}`).locator('canvas')).toHaveAttribute(
      'style',
      /width: 220px/,
    );
  }
  await displayShot('diamond-1280x800');

  // The phone's tile 3 selects the display's tile 3 (bottom).
  await pad.getByRole('button', { name: 'Tile 3' }).tap();
  await expect(computer.getByTestId('diamond-tile-3')).toHaveAttribute('aria-current', 'true');

  await Promise.all([desktop.close(), phoneContext.close()]);

  // A 480 px window on the same 1280 × 800 screen (the calibration holds) cannot hold 220 px tiles in any
  // diamond: the display says so, keeps their size, and tile 4 stays on screen. Driven by the keyboard.
  const narrow = await browser.newContext({
    viewport: { width: 480, height: 800 },
    screen: { width: 1280, height: 800 },
  });
  const window480 = await narrow.newPage();
  await window480.goto(server.url);
  await window480.evaluate((value) => localStorage.setItem('token', value), token);
  const second = await startSingleTest(window480.request, server, token, 'diamond');
  await window480.goto(`${server.url}/user/test/${second}`);
  await window480.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
  await window480.getByRole('button', { name: 'Use the keyboard' }).click();
  await window480.keyboard.press('Space');
  await expect(window480.getByTestId('test-screen')).toHaveAttribute('data-status', 'InTest');
  await expect(window480.getByTestId('diamond-too-small')).toBeVisible();
  await expect(window480.getByTestId('diamond-tiles')).toHaveAttribute('data-fits', 'false');
  const left = await box(window480.getByTestId('diamond-tile-4'));
  expect(left.x).toBeGreaterThanOrEqual(0);
  await expect(window480.getByTestId('diamond-tile-4').locator('canvas')).toHaveAttribute(
    'style',
    /width: 220px/,
  );
  await screenshotter(window480, testInfo)('diamond-480x800');
  await narrow.close();
});
