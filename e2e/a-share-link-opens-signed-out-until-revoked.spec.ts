import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { axeFindings } from './support/axe';
import { PX_PER_MM, shownSloan, takeAtThreshold } from './support/threshold-observer';

/**
 * Issue 19 item 5, share links: a patient takes a short Sloan test with the keyboard and makes a link to
 * the result for an optometrist outside the clinic. In a third, signed-out browser context the link opens
 * the report, and the FHIR file downloads; the patient sees the opening under Sharing; once the patient
 * revokes the link, it shows the one clear message and its files are refused.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const DISTANCE_MM = 600;

/** axe-core's serious and critical findings on the page as it is now (support/axe.ts). */
const accessibilityFindings = (page: Page) => axeFindings(page, page.url());

test('a share link opens the report signed out, is logged for the patient, and stops once revoked', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const shot = screenshotter(page, testInfo);
  const person = {
    name: 'Katherine Johnson',
    emailName: 'katherine',
    password: 'share it please 1',
    dob: '1978-08-26',
  };
  const token = await calibratedPerson(page, server, person, {
    pixelsPerMm: PX_PER_MM,
    distanceMm: DISTANCE_MM,
  });
  const pin = await startSingleTest(page.request, server, token, 'sloan');
  const resultId = await takeAtThreshold(page, `${server.url}/user/test/${pin}`, {
    correction: 'Glasses',
    distanceMm: DISTANCE_MM,
    thresholdLogMar: 0.8,
    shown: shownSloan,
  });

  // The patient makes a link for 3 days; its URL is shown once.
  const share = page.getByRole('region', { name: 'Share with an optometrist' });
  await expect(share.getByText('No share links for this result.')).toBeVisible();
  await share.getByRole('combobox', { name: 'Link works for' }).selectOption('3');
  await share.getByRole('button', { name: 'Create share link' }).click();
  const urlBox = share.getByRole('textbox', { name: 'Share link' });
  await expect(urlBox).toHaveValue(new RegExp(`^${server.url}/shared/[A-Za-z0-9_-]{43}$`));
  const url = await urlBox.inputValue();
  await expect(share.getByRole('list', { name: 'Share links' }).getByText(/not opened yet/)).toBeVisible();
  expect(await accessibilityFindings(page)).toEqual([]);
  await shot('patient-made-a-link');

  // A third, signed-out context: an optometrist with nothing but the link.
  const optometrist = await browser.newContext({ acceptDownloads: true });
  try {
    const visitor = await optometrist.newPage();
    const visitorShot = screenshotter(visitor, testInfo);
    const opened = await visitor.goto(url);
    expect(opened?.status()).toBe(200);
    // the token in the path never leaves in a Referer
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(visitor.getByRole('heading', { level: 1, name: /^Test of / })).toBeVisible();
    await expect(visitor.getByText(/Katherine Johnson shared this one result with you/)).toBeVisible();
    const details = visitor.getByRole('region', { name: 'Person and test conditions' });
    await expect(details.getByText('Katherine Johnson', { exact: true })).toBeVisible();
    await expect(details.getByText(/^26 August 1978/)).toBeVisible();
    await expect(visitor.getByRole('table', { name: 'Sloan' })).toBeVisible();
    await expect(visitor.getByTestId('report-footer')).toBeVisible();
    await expect(visitor.getByRole('region', { name: 'Share with an optometrist' })).toHaveCount(0);
    expect(await accessibilityFindings(visitor)).toEqual([]);
    await visitorShot('shared-report');

    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('link', { name: 'FHIR R4 Bundle' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^visus-result-\d{4}-\d{2}-\d{2}\.fhir\.json$/);
    const bundle = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
      resourceType: string;
      type: string;
      entry: { resource: { resourceType: string } }[];
    };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'transaction' });
    const kinds = bundle.entry.map((e) => e.resource.resourceType);
    expect(kinds).toContain('Patient');
    expect(kinds).toContain('Observation');
    expect(JSON.stringify(bundle)).toContain(resultId);

    // The print layout is the report alone.
    await visitor.emulateMedia({ media: 'print' });
    await expect(visitor.getByText('Visus eye test report')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Print report' })).toBeHidden();
    await visitor.emulateMedia({ media: 'screen' });

    // The patient sees who opened it under Sharing, and the link's count.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Share with an optometrist' }).getByText(/opened 1 time, last/),
    ).toBeVisible();
    await page.goto(`${server.url}/user/results`);
    const log = page
      .getByRole('region', { name: 'Sharing with the clinic' })
      .getByRole('list', { name: 'Clinician views' });
    await expect(
      log.getByText(/Someone with your share link downloaded a result you shared by link \(FHIR\)/),
    ).toBeVisible();
    await expect(
      log.getByText(/Someone with your share link opened a result you shared by link/),
    ).toBeVisible();
    await shot('patient-sees-the-opening');

    // The patient revokes; the link now answers the one clear message, and its files are refused.
    await page.goto(`${server.url}/user/results?id=${resultId}`);
    const links = page.getByRole('region', { name: 'Share with an optometrist' });
    await links.getByRole('button', { name: /^Revoke the link made/ }).click();
    await expect(links.getByText(/^Revoked /)).toBeVisible();
    await shot('patient-revoked-the-link');

    await visitor.reload();
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'This share link does not work' }),
    ).toBeVisible();
    await expect(
      visitor.getByText('It has expired, was revoked by the person who made it, or never existed.'),
    ).toBeVisible();
    await expect(visitor.getByRole('table', { name: 'Sloan' })).toHaveCount(0);
    const refused = await visitor.request.get(
      `${url.replace('/shared/', '/api/v1/shared/')}/export?format=fhir`,
    );
    expect(refused.status()).toBe(404);
    expect(await accessibilityFindings(visitor)).toEqual([]);
    await visitorShot('shared-link-revoked');
  } finally {
    await optometrist.close();
  }

  // The server's log never holds the token.
  const secret = url.split('/shared/')[1]!;
  expect(server.log).toContain('/shared/[redacted]');
  expect(server.log).not.toContain(secret);
});
