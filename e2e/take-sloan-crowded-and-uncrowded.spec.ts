import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 23 item 1, "Done when": a calibrated person takes Sloan crowded and then uncrowded from /user/tests
 * with the keyboard. The crowded run draws four bars around every letter and the uncrowded none; each
 * result is stored with `crowded`, the result page and the results list label the crowded one, and the
 * trend shows the two on separate charts.
 */
const server = new VisusServer();
const person = {
  name: 'Cora Crowded',
  emailName: 'cora',
  password: 'bars around letters 1',
  dob: '2015-06-01',
};
const LETTERS = 'CDHKNORSVZ';

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** Starts a single Sloan from /user/tests, crowded or not, and answers it by keyboard to the result page. */
async function takeSloan(page: Page, crowded: boolean): Promise<void> {
  await page.goto(`${server.url}/user/tests`);
  const single = page.getByRole('region', { name: 'Single test' });
  await expect(single.getByRole('button', { name: 'Start Sloan' })).toBeEnabled();
  const crowding = single.getByRole('switch', { name: /Crowded letters/ });
  await expect(crowding).toHaveAccessibleDescription(/standard for children and for amblyopia/);
  if (crowded) await crowding.check();
  await single.getByRole('button', { name: 'Start Sloan' }).click();
  await expect(page).toHaveURL(/\/user\/test\/[A-Z0-9]{8}$/);

  const screen = page.getByTestId('test-screen');
  let checkedStimulus = false;
  for (let turn = 0; turn < 300; turn += 1) {
    if (page.url().includes('/results')) break;
    const status = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
    const keyboardChoice = page.getByRole('button', { name: 'No phone? Use this keyboard' });
    if ((status === 'Ready' || status === 'Check') && (await keyboardChoice.isVisible())) {
      await keyboardChoice.click();
      await page.getByRole('radio', { name: 'Glasses' }).check();
      await page.getByRole('button', { name: 'Use the keyboard' }).click();
    } else if (['Ready', 'Checked', 'Repeat', 'Continue', 'Complete'].includes(status)) {
      await page.keyboard.press('Space');
    } else if (status === 'InTest') {
      const stimulus = page.getByTestId('acuity-stimulus');
      if (!checkedStimulus && (await stimulus.isVisible())) {
        // The bars are drawn around the letter itself, four of them, only when crowded.
        await expect(stimulus).toHaveAttribute('data-crowded', String(crowded));
        await expect(stimulus.getByTestId('crowding-bar')).toHaveCount(crowded ? 4 : 0);
        checkedStimulus = true;
      }
      await page.keyboard.press(LETTERS[turn % LETTERS.length]!);
    } else if (status === 'Finished') {
      await page.waitForURL(/\/user\/results\?/, { timeout: 8000 });
      break;
    }
    await page.waitForTimeout(150);
  }
  expect(checkedStimulus, 'a letter was shown').toBe(true);
  await expect(page).toHaveURL(/\/user\/results\?/);
}

test('Sloan crowded and uncrowded are stored, labelled and charted apart', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person);

  await takeSloan(page, true);
  await expect(page.getByRole('heading', { name: 'Sloan (crowded)' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Letters' })).toBeVisible();
  await expect(page.getByText('Crowded (bars around each letter)').first()).toBeVisible();
  await snap('crowded-result');

  await takeSloan(page, false);
  await expect(page.getByRole('heading', { name: 'Sloan', exact: true })).toBeVisible();
  await expect(page.getByText('Uncrowded').first()).toBeVisible();

  // Stored with the flag, as the record says.
  const stored = await page.request.get(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
  });
  const body = (await stored.json()) as {
    data: { results: { data: { sloan?: { right?: { crowded?: boolean } } } }[] };
  };
  expect(body.data.results.map((r) => r.data.sloan?.right?.crowded)).toEqual([false, true]);

  // The list labels the crowded one beside its figures; the trend charts them apart.
  await page.goto(`${server.url}/user/results`);
  await expect(page.getByText(/^Sloan \(crowded\):/)).toHaveCount(1);
  await expect(page.getByText(/^Sloan:/)).toHaveCount(1);
  const showChart = page.getByRole('button', { name: 'Show chart' });
  if (await showChart.isVisible()) await showChart.click();
  await expect(page.getByRole('heading', { level: 3, name: 'Sloan (crowded)' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Sloan', exact: true })).toBeVisible();
  await expect(page.getByText(/Crowded results .* are not comparable/)).toBeVisible();
  await snap('results-list');
});
