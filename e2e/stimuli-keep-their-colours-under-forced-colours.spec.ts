import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { drawnPixels } from './support/pixels';
import { screenshotter } from './support/screens';

/**
 * Issue 25, item 1: under forced colours (Windows High Contrast, emulated here) the system repaints the
 * page, and before the fix the Sloan letter was painted the page's own black on black: an empty screen
 * during an acuity test. The test's frame now keeps its calibrated colours while the stimulus shows
 * (`forced-color-adjust: none`), its buttons follow the system, and the check screen says so once.
 *
 * Computed styles do not show what forced colours paint, so each stimulus is checked in pixels: a
 * screenshot of the stimulus element must hold strokes that differ from its backdrop (at least 0.5 % of
 * its pixels more than 24 grey levels from the most common one), and the duochrome panels keep their
 * red and green. Every kind of stimulus is looked at: the optotype (Sloan), the duochrome panels, the
 * rotating letter and the gratings (Astigmatism Axis), the Astigmatism Power target, the spoke target
 * (Spoke Circle) and the Diamond tiles; and first the calibration card on /setup. Screenshots of each, in dark and light forced colours, are kept
 * with the test's artefacts.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** One stimulus to look at: its testid, the part of it to shoot, and the colour its backdrop keeps. */
interface Look {
  stimulus: string;
  part: string | null;
  /** A key pressed first to reach it (the next step of the same test). */
  key?: string;
  /** The duochrome panels keep their hue: red's backdrop is mostly red, green's mostly green. */
  hue?: 'red' | 'green';
}

const STIMULI: readonly { test: string; looks: readonly Look[] }[] = [
  { test: 'sloan', looks: [{ stimulus: 'acuity-stimulus', part: 'svg' }] },
  {
    test: 'duoChrome',
    looks: [
      { stimulus: 'duochrome-red', part: null, hue: 'red' },
      { stimulus: 'duochrome-green', part: null, hue: 'green' },
    ],
  },
  // Astigmatism Axis opens with its rotating letter (docs/adr/0017), white on black: the letter alone
  // (its box also holds the fraction, whose text would pass for strokes). "Every turn looks the same"
  // (S) then shows its two gratings.
  {
    test: 'astigAxis',
    looks: [
      { stimulus: 'axis-letter', part: 'svg' },
      { stimulus: 'axis-grating-left', part: null, key: 's' },
    ],
  },
  { test: 'astigPower', looks: [{ stimulus: 'astig-power-stimulus', part: null }] },
  { test: 'spokeCircle', looks: [{ stimulus: 'spoke-target', part: null }] },
  { test: 'diamond', looks: [{ stimulus: 'diamond-stimulus', part: null }] },
];

for (const scheme of ['dark', 'light'] as const) {
  test(`every stimulus and the calibration card are drawn under forced colours (${scheme})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      forcedColors: 'active',
      colorScheme: scheme,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const snap = screenshotter(page, testInfo);
    const token = await calibratedPerson(
      page,
      server,
      { name: `Fay ${scheme}`, emailName: `fay-${scheme}`, password: 'high contrast 123', dob: '1950-02-01' },
      undefined,
      { gamma: 2.2 },
    );

    // The calibration card, which a person matches a real card against, keeps its blue (before the fix
    // the system painted its fill away: an empty box on /setup) and has an edge in the system's text colour.
    await page.goto(`${server.url}/user/setup`);
    const card = page.getByTestId('calibration-card');
    await expect(card).toBeVisible();
    const { strokes: edge, backdrop: fill } = await drawnPixels(page, await card.screenshot());
    await snap(`calibration-card-${scheme}`);
    const [r, g, b] = fill as [number, number, number];
    expect(b, `the card keeps its blue (fill rgb ${fill.join(', ')})`).toBeGreaterThan(Math.max(r, g) * 1.5);
    expect(edge, 'the card has its edge and chip').toBeGreaterThan(0.005);

    for (const { test: testId, looks } of STIMULI) {
      const pin = await startSingleTest(page.request, server, token, testId);
      await page.goto(`${server.url}/user/test/${pin}`);
      // The check screen says once that the test keeps its own colours on purpose.
      await expect(page.getByTestId('own-colours-notice')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
      await page.getByRole('radio', { name: 'None' }).check();
      await page.getByRole('button', { name: 'Use the keyboard' }).click();
      const screen = page.getByTestId('test-screen');
      for (const { stimulus, part, key, hue } of looks) {
        if (key) await page.keyboard.press(key);
        await expect(async () => {
          if ((await screen.getAttribute('data-status')) !== 'InTest') await page.keyboard.press('Space');
          await expect(page.getByTestId(stimulus)).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 30_000 });
        // A settled frame (fade-ins done) before the pixels are read.
        await page.waitForTimeout(600);
        const drawn = part ? page.getByTestId(stimulus).locator(part).first() : page.getByTestId(stimulus);
        const { strokes, backdrop } = await drawnPixels(page, await drawn.screenshot());
        await snap(`${stimulus}-${scheme}`);
        expect(strokes, `${stimulus}: strokes differ from the backdrop`).toBeGreaterThan(0.005);
        if (hue) {
          const [r, g, b] = backdrop as [number, number, number];
          const [mine, others] = hue === 'red' ? [r, Math.max(g, b)] : [g, Math.max(r, b)];
          expect(mine, `${stimulus} keeps its ${hue} (backdrop rgb ${backdrop.join(', ')})`).toBeGreaterThan(
            others * 1.5,
          );
        }
      }
    }
    await context.close();
  });
}
