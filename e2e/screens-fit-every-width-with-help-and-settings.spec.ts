import { expect, test, type Page } from '@playwright/test';
import { CHOICE_BUTTON_SIZES, choiceButtonSize, screenBand } from '@visus/core';
import { VisusServer } from './support/visus-server';
import { calibrate, signUp, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { pairPhone } from './support/phone';

/**
 * Issue 23 item 6 (SPEC.md §2, §9): the test screen, a choice screen (DuoChrome's red/green buttons) and the
 * phone controller at 360, 414, 560, 768, 1194 and 1440 px wide: nothing runs off the side, the choice
 * buttons have their size for the width (core screen-sizes: they grow at 414 and 560 px and above the
 * 1194 px tablet breakpoint), and the help (F1 or its button) and the settings open and close with the
 * keyboard and the pointer, pause a countdown and answer nothing. The screenshots are artefacts under
 * test-results/ (look at them: docs/screenshots/ keeps a few).
 */
const WIDTHS = [360, 414, 560, 768, 1194, 1440] as const;
const server = new VisusServer();
const person = {
  name: 'Ida Mann',
  emailName: 'ida',
  password: 'every width fits 123',
  dob: '1963-02-06',
};

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** How far the page runs off its right side, CSS px (0 when nothing does). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the screens fit every width, the choice buttons grow, and help and settings work by keyboard and pointer', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  // The screen stays the one calibrated (1440 × 900) while the window takes each width, as when a
  // window is made narrower on a computer, so the calibration holds. (Playwright's setViewportSize also
  // sets the emulated screen to the window's size, which no real window resize does.)
  const desktop = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await desktop.addInitScript(() => {
    Object.defineProperty(Screen.prototype, 'width', { get: () => 1440 });
    Object.defineProperty(Screen.prototype, 'height', { get: () => 900 });
  });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, person);
  await calibrate(computer, server, token, { pixelsPerMm: 3.78, distanceMm: 600 });
  const pin = await startSingleTest(computer.request, server, token, 'duoChrome');
  await computer.goto(`${server.url}/user/test/${pin}`);
  const screen = computer.getByTestId('test-screen');
  await expect(computer.getByTestId('pairing-pin')).toBeVisible();
  const { context: phoneContext, phone } = await pairPhone(browser, server, pin);
  const displayShot = screenshotter(computer, testInfo);
  const phoneShot = screenshotter(phone, testInfo);
  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeVisible();

  // The test screen (its Ready screen) at every width.
  for (const width of WIDTHS) {
    await computer.setViewportSize({ width, height: 900 });
    await expect(computer.getByRole('button', { name: 'Help (F1)' })).toBeVisible();
    await expect(computer.getByRole('button', { name: 'Test settings' })).toBeVisible();
    await expect(computer.getByRole('button', { name: /full screen/ })).toBeVisible();
    expect(await overflow(computer), `the test screen at ${width} px`).toBeLessThanOrEqual(0);
    await displayShot(`test-screen-${width}`);
  }

  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  const choices = computer.getByTestId('choice-buttons').getByRole('button');
  await expect(choices).toHaveCount(3);

  // The choice screen: the buttons' size follows the width; stacked below 414 px, in a row above.
  for (const width of WIDTHS) {
    await computer.setViewportSize({ width, height: 900 });
    const size = choiceButtonSize(width);
    const boxes = await choices.evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect();
        return { x: r.x, y: r.y, right: r.right, height: r.height, font: getComputedStyle(b).fontSize };
      }),
    );
    for (const box of boxes) {
      expect(box.height, `a choice button's height at ${width} px`).toBeGreaterThanOrEqual(size.minHeightPx);
      expect(box.font).toBe(`${size.fontSizePx}px`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(width);
    }
    if (size.direction === 'column') expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    else expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
    expect(await overflow(computer), `the choice screen at ${width} px`).toBeLessThanOrEqual(0);
    await displayShot(`choice-screen-${width}`);
  }
  expect(screenBand(1194)).toBe('tablet');
  expect(CHOICE_BUTTON_SIZES.desktop.minHeightPx).toBeGreaterThan(CHOICE_BUTTON_SIZES.tablet.minHeightPx);

  // Help on the display: F1 opens it, Escape closes it; no answer is sent.
  const round = await screen.getAttribute('data-round');
  await computer.keyboard.press('F1');
  const help = computer.getByRole('dialog', { name: 'Help: DuoChrome' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('R if the letters on red are clearer');
  await expect(help).toContainText('Stopping');
  await displayShot('help-dialog-1440');
  await computer.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // With the pointer: the button opens it, Close closes it and gives the focus back to the button.
  const helpButton = computer.getByRole('button', { name: 'Help (F1)' });
  await helpButton.click();
  await expect(help).toBeVisible();
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
  await expect(helpButton).toBeFocused();
  // Enter on the focused button opens it (it is not the test's Enter, which would submit).
  await computer.keyboard.press('Enter');
  await expect(help).toBeVisible();
  await computer.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(screen).toHaveAttribute('data-round', round ?? '');
  await expect(phone.getByTestId('sent-line')).toHaveText('');

  // The phone at every width: nothing off the side, the pad within the screen, the page wider on a tablet.
  for (const width of WIDTHS) {
    await phone.setViewportSize({ width, height: 844 });
    const pad = phone.getByRole('group', { name: 'Which letters are clearer' }).getByRole('button');
    await expect(pad).toHaveCount(3);
    for (const right of await pad.evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect().right),
    ))
      expect(right).toBeLessThanOrEqual(width);
    const pageWidth = await phone.locator('.vc-page').evaluate((el) => el.getBoundingClientRect().width);
    expect(pageWidth).toBeLessThanOrEqual(width >= 768 ? 720 : 560);
    expect(await overflow(phone), `the phone at ${width} px`).toBeLessThanOrEqual(0);
    await phoneShot(`phone-${width}`);
  }
  await phone.setViewportSize({ width: 390, height: 844 });

  // Help on the phone: a tap opens it, Close closes it; by keyboard, Enter opens and Escape closes.
  const phoneHelpButton = phone.getByRole('button', { name: 'Help' });
  await phoneHelpButton.tap();
  const phoneHelp = phone.getByRole('dialog', { name: 'Help: DuoChrome' });
  await expect(phoneHelp).toBeVisible();
  await expect(phoneHelp).toContainText('Press red or green');
  await phoneShot('phone-help-390');
  await phoneHelp.getByRole('button', { name: 'Close' }).tap();
  await expect(phoneHelp).toBeHidden();
  await phoneHelpButton.focus();
  await phone.keyboard.press('Enter');
  await expect(phoneHelp).toBeVisible();
  await expect(phoneHelp.getByRole('button', { name: 'Close' })).toBeFocused();
  await phone.keyboard.press('Escape');
  await expect(phoneHelp).toBeHidden();
  await expect(phoneHelpButton).toBeFocused();
  await expect(phone.getByTestId('sent-line')).toHaveText('');

  // The right eye's answer; the screen before the left eye counts down, and the help pauses it.
  await phone.getByRole('button', { name: 'Letters on red are clearer' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'Continue');
  const countdown = computer.getByTestId('countdown-text');
  await expect(countdown).not.toContainText('Paused');
  await computer.keyboard.press('F1');
  await expect(help).toBeVisible();
  await expect(help).toContainText('Cover your RIGHT eye');
  await expect(countdown).toContainText('Paused');
  await computer.keyboard.press('Escape');
  await expect(countdown).not.toContainText('Paused');
  await expect(screen).toHaveAttribute('data-status', 'Continue');

  // Settings: moving on by itself, and the way to Setup, which asks before leaving the test.
  await computer.getByRole('button', { name: 'Test settings' }).click();
  const settings = computer.getByRole('dialog', { name: 'Test settings' });
  await expect(settings).toBeVisible();
  await expect(countdown).toContainText('Paused');
  await expect(settings.getByRole('switch', { name: /Move on by itself/ })).toBeChecked();
  await displayShot('settings-dialog-1440');
  await settings.getByRole('button', { name: 'Change the screen setup…' }).click();
  const leave = computer.getByRole('dialog', { name: 'Leave the test?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay in the test' }).click();
  await expect(screen).toHaveAttribute('data-status', 'Continue');
  await expect(computer).toHaveURL(new RegExp(`/user/test/${pin}$`));

  await phoneContext.close();
  await desktop.close();
});
