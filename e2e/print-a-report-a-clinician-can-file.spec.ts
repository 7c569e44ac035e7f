import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { shownSloan, shownTumblingE, takeAtThreshold } from './support/threshold-observer';

/**
 * Issue 17 item 4, "a report a clinician can file": a calibrated person takes a short acuity test with the
 * keyboard, the display stores the screen calibration it drew with, and the printed result says whose it
 * is (name, date of birth), when it was taken, the correction worn, the viewing distance and the screen
 * calibration, above the acuity tables, with the closing disclaimer. One journey per chart, correction and
 * calibration: the second screen's colours were never calibrated, which the report says.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/**
 * Each journey's person reads every optotype at or above their threshold and none below it (a sharp
 * step, so the run ends on a measured value with its 95 % interval, within the screen's range).
 */
const CASES = [
  {
    test: 'sloan',
    chart: 'Sloan',
    correction: 'Glasses',
    distanceMm: 600,
    gamma: 2.2,
    thresholdLogMar: 0.8,
    person: {
      name: 'Rosalind Franklin',
      emailName: 'rosalind',
      password: 'report please 123',
      dob: '1980-07-25',
    },
    shown: shownSloan,
    dobText: /^25 July 1980 \(\d+ at the test\)$/,
    gammaText: '2.20',
  },
  {
    test: 'tumblingE',
    chart: 'Tumbling E',
    correction: 'None',
    distanceMm: 3000,
    gamma: null,
    thresholdLogMar: 0.3,
    person: { name: 'Alan Turing', emailName: 'alan', password: 'report please 456', dob: '1992-06-23' },
    shown: shownTumblingE,
    dobText: /^23 June 1992 \(\d+ at the test\)$/,
    gammaText: 'not calibrated (gamma 1 assumed)',
  },
] as const;

/** The value printed under a label of the report's "Person and test conditions". */
function fact(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Person and test conditions' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd[1]');
}

for (const c of CASES) {
  test(`the printed ${c.chart} report (${c.correction}, ${c.distanceMm / 1000} m) says whose it is and how it was measured`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const shot = screenshotter(page, testInfo);
    const token = await calibratedPerson(
      page,
      server,
      c.person,
      { pixelsPerMm: 3.78, distanceMm: c.distanceMm },
      { gamma: c.gamma },
    );
    const pin = await startSingleTest(page.request, server, token, c.test);
    // Space starts and continues; the procedure ends by itself.
    await takeAtThreshold(page, `${server.url}/user/test/${pin}`, c);

    // The stored record keeps the calibration the charts were drawn with.
    const stored = await page.request.get(`${server.url}/api/v1/tests/results`, {
      headers: { Authorization: token },
    });
    const [result] = ((await stored.json()) as { data: { results: { setup: Record<string, unknown> }[] } })
      .data.results;
    expect(result?.setup).toMatchObject({
      correction: c.correction,
      calibration: {
        method: 'card',
        pxPerMm: 3.78,
        distanceMm: c.distanceMm,
        gamma: c.gamma,
        userAgent: expect.stringContaining('Chrome/') as unknown,
      },
    });

    await expect(page.getByRole('table', { name: c.chart })).toBeVisible();
    // Paper: A4 less the report's margins is about 186 mm, some 700 CSS px.
    await page.setViewportSize({ width: 720, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByText('Visus eye test report')).toBeVisible();
    const metres = `${(c.distanceMm / 1000).toFixed(2)} m`;
    await expect(fact(page, 'Name')).toHaveText(c.person.name);
    await expect(fact(page, 'Date of birth')).toHaveText(c.dobText);
    await expect(fact(page, 'Correction worn')).toHaveText(c.correction);
    await expect(fact(page, 'Viewing distance')).toHaveText(metres);
    await expect(fact(page, 'Screen calibration')).toHaveText(
      new RegExp(`^3\\.780 px/mm at ${metres.replace('.', '\\.')} \\(card method, device pixel ratio 1\\)$`),
    );
    await expect(fact(page, 'Display gamma')).toHaveText(c.gammaText);
    await expect(fact(page, 'Browser')).toHaveText(/^Chrome \d+ on Linux$/);
    await expect(fact(page, 'Tested')).not.toHaveText('not recorded');
    // The acuity table is printed whole, bounds and intervals included, and the footer closes the report.
    const table = page.getByRole('table', { name: c.chart });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /^logMAR/ })).toBeVisible();
    // Measured, not a bound: both eyes have their 95 % interval, low to high.
    await expect(table.getByRole('row', { name: /^95 % interval \(logMAR\)/ })).toHaveText(
      /-?\d\.\d\d to -?\d\.\d\d.*-?\d\.\d\d to -?\d\.\d\d/,
    );
    const box = await table.boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await expect(page.getByTestId('report-footer')).toHaveText(
      /^Self-administered screening on a calibrated screen, not a diagnosis/,
    );
    await shot(`${c.test}-report-print`);
  });
}
