import { expect, test, type Page } from '@playwright/test';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { VisusServer } from './support/visus-server';
import { shownSloan, takeAtThreshold } from './support/threshold-observer';

/**
 * Issue 19's journey, in separate browser contexts: the admin made with the README's user:create line
 * invites a clinician; a patient takes a short Sloan test and shares with the clinic; the clinician sees
 * the patient flagged "not reviewed" and reviews the result "routine exam" with a note; the patient reads
 * the review on the result and has the mail (the outbox, as there is no SMTP); the patient stops sharing
 * and the clinician's pages for that patient answer "not found".
 */
const server = new VisusServer();
const clinician = { name: 'Iris Lens', email: 'iris.lens@clinic.example', password: 'clinician pass 1' };
const patient = { name: 'Pat Ient', emailName: 'pat.ient', password: 'patient pass 12', dob: '1958-03-14' };
const NOTE = 'Your right eye read a little less than last time. Please book a routine eye examination.';

let admin: { email: string; password: string; name: string };

test.beforeAll(async () => {
  admin = await server.createAdminAsTheReadmeSays();
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a clinician reviews a shared result; the patient reads it, then stops sharing', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const snapAdmin = screenshotter(page, testInfo);

  // The admin (made with the README's line) invites the clinician
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.url}/admin/invite`);
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(clinician.email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Clinician' }).click();
  await form.getByRole('button', { name: 'Send invite' }).click();
  const link = await page.getByLabel('Invite link').inputValue();
  await snapAdmin('admin-invites-a-clinician');

  // The clinician registers through the link in a browser of their own
  const clinicContext = await browser.newContext();
  const clinic = await clinicContext.newPage();
  const snapClinic = screenshotter(clinic, testInfo);
  await clinic.goto(link);
  await expect(clinic.getByText('You have been invited to join Visus as')).toContainText('a clinician');
  await clinic.getByLabel('Name').fill(clinician.name);
  await clinic.getByLabel('Date of birth').fill('1975-05-05');
  await clinic.getByLabel('Password', { exact: true }).fill(clinician.password);
  await clinic.getByLabel('Confirm password').fill(clinician.password);
  await clinic.getByRole('button', { name: 'Register' }).click();
  await expect(clinic).toHaveURL(/\/user\/dashboard$/);

  // A patient registers, takes a short test and shares with the clinic (a third browser)
  const patientContext = await browser.newContext();
  const me = await patientContext.newPage();
  const snapPatient = screenshotter(me, testInfo);
  const token = await calibratedPerson(me, server, patient);
  const pin = await startSingleTest(me.request, server, token, 'sloan');
  const resultId = await takeAtThreshold(me, `${server.url}/user/test/${pin}`, {
    correction: 'Glasses',
    distanceMm: 600,
    thresholdLogMar: 0.8,
    shown: shownSloan,
  });
  await me.goto(`${server.url}/user/results`);
  const sharing = me.getByRole('region', { name: 'Sharing with the clinic' });
  await sharing.getByRole('button', { name: 'Share my results with the clinic' }).click();
  await expect(sharing.getByText(/You share all your results with the clinic/)).toBeVisible();

  // The clinician finds the patient flagged "not reviewed" and opens the result
  await clinic.getByRole('button', { name: 'open navigation' }).click();
  await clinic.locator('.MuiDrawer-paper').getByRole('link', { name: 'Patients' }).click();
  await expect(clinic).toHaveURL(/\/user\/patients$/);
  const row = clinic
    .getByRole('table', { name: 'Patients' })
    .getByRole('row')
    .filter({ hasText: patient.name });
  await expect(row.getByText('1 result not reviewed')).toBeVisible();
  await snapClinic('clinician-patient-list');
  await row.getByRole('link', { name: patient.name }).click();
  await expect(clinic.getByRole('heading', { name: patient.name, level: 1 })).toBeVisible();
  // The patient's trend, named by its test and drawn per eye (the same chart as on their own results page).
  await expect(clinic.getByRole('figure', { name: 'Sloan' }).getByRole('img')).toBeVisible();
  await snapClinic('clinician-patient-history');
  const patientUrl = clinic.url();
  await clinic.getByRole('table', { name: 'Results' }).getByRole('link').first().click();
  await expect(clinic).toHaveURL(new RegExp(`/user/patients/[\\w-]+/results/${resultId}$`));
  await expect(clinic.getByRole('table', { name: 'Sloan' })).toBeVisible();
  // The report names the patient, not the clinician reading it.
  await expect(clinic.getByTestId('report-details')).toContainText(patient.name);
  await expect(clinic.getByTestId('report-details')).not.toContainText(clinician.name);

  // …and reviews it: "routine exam" with a note
  const review = clinic.getByRole('form', { name: 'Review' });
  await review.getByRole('button', { name: 'Save review' }).click();
  await expect(review.getByText('Choose a recommendation')).toBeVisible();
  await review.getByRole('radio', { name: 'Routine eye examination' }).check();
  await review.getByRole('textbox', { name: 'Note to the patient' }).fill(NOTE);
  await snapClinic('clinician-review-form');
  await review.getByRole('button', { name: 'Save review' }).click();
  await expect(clinic.getByRole('status')).toHaveText(
    `Review saved. ${patient.name} has been told by email.`,
  );
  await expect(clinic.getByRole('region', { name: 'Review so far' })).toContainText(NOTE);
  await snapClinic('clinician-review-saved');

  // The queue and the flag have lost the result
  await clinic.goto(`${server.url}/user/patients`);
  await expect(row).toBeVisible();
  await expect(row.getByText(/not reviewed/)).toHaveCount(0);
  await clinic.getByRole('tab', { name: 'Review queue' }).click();
  await expect(clinic.getByText('Every shared result has been reviewed.')).toBeVisible();

  // The patient was mailed, and reads the review with the result
  await expect
    .poll(() => server.latestMail(), { timeout: 10_000 })
    .toContain(`${clinician.name} reviewed one of your results and advises: a routine eye examination`);
  expect(server.latestMail()).toContain(`/user/results?id=${resultId}`);
  await me.goto(`${server.url}/user/results?id=${resultId}`);
  const block = me.getByRole('region', { name: 'Routine eye examination' });
  await expect(block).toContainText('Reviewed by a clinician');
  await expect(block).toContainText(NOTE);
  await expect(block).toContainText(`Reviewed by ${clinician.name} on`);
  await block.scrollIntoViewIfNeeded();
  await snapPatient('patient-reads-the-review');
  // The review is in the printed report too
  await me.emulateMedia({ media: 'print' });
  await expect(block).toBeVisible();
  await me.emulateMedia({ media: 'screen' });

  // The patient stops sharing: the clinician's pages for them answer "not found"
  await me.goto(`${server.url}/user/results`);
  await sharing.getByRole('button', { name: 'Stop sharing with the clinic' }).click();
  await expect(sharing.getByText(/^Not shared\./)).toBeVisible();
  await clinic.goto(patientUrl);
  await expect(clinic.getByRole('heading', { name: 'Patient not found' })).toBeVisible();
  await clinic.goto(`${patientUrl}/results/${resultId}`);
  await expect(clinic.getByRole('heading', { name: 'Result not found' })).toBeVisible();
  await snapClinic('clinician-after-revoke');

  await clinicContext.close();
  await patientContext.close();
});
