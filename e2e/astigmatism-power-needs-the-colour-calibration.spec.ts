import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 17 item 3: a grating test on a screen without the colour calibration could be answered by
 * brightness (with gamma 1 on a γ 2.2 screen the grating disc is ≈ 65 % brighter than the blanks). A person
 * with a screen calibration but no colour calibration is told on the Tests page, before starting, that
 * Astigmatism Power needs Calibrate Colour; a session opened anyway is refused with the way there. After
 * matching the grey on Calibrate Colour, the same session starts and shows its three discs, whose mean
 * luminances under the saved gamma differ by no more than the per-disc jitter.
 */
const server = new VisusServer();
const person = {
  name: 'Grace Grating',
  emailName: 'grace',
  password: 'gratings by gamma 1',
  dob: '1975-06-02',
};
/** The saved gamma: grey level 186 matches the stripes on a γ 2.2 screen. */
const GAMMA = 2.2;

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** Mean luminance (v / 255)^γ of each disc's canvas pixels inside its circle, read from the page. */
function discLuminances(page: Page, gamma: number): Promise<{ id: string; luminance: number }[]> {
  return page.getByTestId('astig-power-stimulus').evaluate((stimulus, g) => {
    return Array.from(stimulus.querySelectorAll('canvas')).map((canvas) => {
      const context = canvas.getContext('2d')!;
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      let n = 0;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const dx = x + 0.5 - width / 2;
          const dy = y + 0.5 - height / 2;
          if (dx * dx + dy * dy > (Math.min(width, height) / 2) ** 2) continue;
          sum += (data[(y * width + x) * 4]! / 255) ** g;
          n++;
        }
      return { id: canvas.dataset.testid ?? '', luminance: sum / n };
    });
  }, gamma);
}

test('Astigmatism Power is refused without the colour calibration and runs once the gamma is saved', async ({
  page,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person, undefined, { gamma: null });

  // Tests page: told before starting, with the way to Calibrate Colour.
  await page.goto(`${server.url}/user/tests`);
  await expect(page.getByText(/Calibrated with the card method/)).toBeVisible();
  const single = page.getByRole('region', { name: 'Single test' });
  await single.getByRole('combobox', { name: 'Test' }).click();
  await page.getByRole('option', { name: 'Astigmatism Power' }).click();
  await expect(single.getByText(/Astigmatism Power asks you to find fine lines/)).toBeVisible();
  await expect(single.getByRole('button', { name: 'Start Astigmatism Power' })).toBeDisabled();
  const battery = page.getByRole('region', { name: 'Full battery' });
  await expect(battery.getByText(/The full battery includes Diamond/)).toBeVisible();
  await expect(battery.getByRole('button', { name: 'Start full battery' })).toBeDisabled();
  await snap('tests-page-needs-colour-calibration');

  // A session opened anyway (a link, another tab) is refused on the test screen, before any test.
  const pin = await startSingleTest(page.request, server, token, 'astigPower');
  await page.goto(`${server.url}/user/test/${pin}`);
  await expect(page.getByRole('heading', { name: 'Calibrate your screen’s colours first' })).toBeVisible();
  await expect(page.getByTestId('test-screen')).toHaveCount(0);
  await snap('test-screen-refused');
  await page.getByRole('link', { name: 'Calibrate Colour' }).click();
  await expect(page).toHaveURL(/\/user\/gamma$/);

  // Calibrate Colour: match the grey to the stripes, save.
  await expect(page.getByText(/Not calibrated yet \(gamma 1\)/)).toBeVisible();
  const grey = page.getByRole('slider', { name: 'Grey level' });
  await grey.focus();
  for (let i = 0; i < 58; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('gamma-readout')).toHaveText('Grey level 186 → gamma 2.20');
  await page.getByRole('button', { name: 'Save gamma' }).click();
  await expect(page.getByText('Gamma 2.20 saved')).toBeVisible();
  await snap('colour-calibrated');

  // The Tests page now lets it start; the refused session runs.
  await page.goto(`${server.url}/user/tests`);
  await single.getByRole('combobox', { name: 'Test' }).click();
  await page.getByRole('option', { name: 'Astigmatism Power' }).click();
  await expect(single.getByRole('button', { name: 'Start Astigmatism Power' })).toBeEnabled();
  await expect(page.getByTestId('colour-calibration-needed')).toHaveCount(0);

  await page.goto(`${server.url}/user/test/${pin}`);
  const screen = page.getByTestId('test-screen');
  await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
  await page.getByRole('radio', { name: 'Glasses' }).check();
  await page.getByRole('button', { name: 'Use the keyboard' }).click();
  await page.keyboard.press('Space');
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(screen).toHaveAttribute('data-test', 'astigPower');
  await expect(page.getByTestId('grating-target')).toHaveCount(1);
  await expect(page.getByTestId('blank-target')).toHaveCount(2);
  await snap('astigmatism-power-discs');

  // Under the saved gamma the discs' mean luminances differ only by the per-disc jitter (±4 %), not by the
  // ≈ 65 % an uncalibrated screen showed.
  for (let round = 1; round <= 3; round += 1) {
    await expect(page.getByTestId('grating-target')).toHaveCount(1);
    const discs = await discLuminances(page, GAMMA);
    expect(discs).toHaveLength(3);
    const grating = discs.find((d) => d.id === 'grating-target')!.luminance;
    for (const disc of discs) {
      expect(disc.luminance / grating).toBeGreaterThan(0.96 / 1.04 - 0.003);
      expect(disc.luminance / grating).toBeLessThan(1.04 / 0.96 + 0.003);
    }
    // Jittered per disc: no two discs emit the same mean.
    expect(new Set(discs.map((d) => d.luminance.toFixed(5))).size).toBe(3);
    await page.keyboard.press('2');
    await expect(page.getByTestId('grating-target')).toHaveCount(0);
  }
  await expect(page.getByTestId('grating-target')).toHaveCount(1);
  await snap('astigmatism-power-after-three-answers');
});
