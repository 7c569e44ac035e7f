import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * Issue 19 item 7: two-step sign-in for those who see others' data. The server requires it for admins
 * (REQUIRE_2FA_FOR=admin). The first admin (made with the real CLI) signs in and reaches only the
 * enrolment; enrols with the key shown (the test plays the authenticator app), keeps the recovery codes,
 * signs out, and signs in again with a code from the app, then with a recovery code.
 */
const server = new VisusServer();
const admin = { name: 'Ada Admin', email: 'ada.admin@example.org', password: 'admin password 1' };

test.beforeAll(async () => {
  await server.createAccount({ ...admin, role: 'admin' });
  // Only this server requires two-step sign-in: restore the environment for the specs that follow.
  const before = process.env.REQUIRE_2FA_FOR;
  process.env.REQUIRE_2FA_FOR = 'admin';
  try {
    await server.start();
  } finally {
    if (before === undefined) delete process.env.REQUIRE_2FA_FOR;
    else process.env.REQUIRE_2FA_FOR = before;
  }
});
test.afterAll(async () => {
  await server.dispose();
});

/** The authenticator app: the code for `secret` at the step `stepsAhead` × 30 s from now. */
function appCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function passwordStep(page: Page) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

test('an admin enrols when required, then signs in with a code and with a recovery code', async ({
  page,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);

  // Signed in with the password only, the admin reaches nothing but the enrolment.
  await passwordStep(page);
  await expect(page).toHaveURL(/\/two-step-setup$/);
  await expect(page.getByText('asks you to turn on two-step sign-in before anything else')).toBeVisible();
  await page.goto(`${server.url}/admin/profiles`);
  await expect(page).toHaveURL(/\/two-step-setup$/);
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const refused = await page.request.get(`${server.url}/api/v1/admin/users`, {
    headers: { Authorization: token ?? '' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()) as unknown).toMatchObject({ code: 'two-factor-setup-required' });

  // Enrol: the QR code and the key; the "app" takes the key and gives a code.
  await page.getByRole('button', { name: 'Show my QR code' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await snap('enrolment');
  await page.getByLabel('Code from the app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allInnerTexts();
  await snap('recovery-codes');
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`${server.url}/admin/profiles`);
  await expect(page.getByRole('heading', { name: 'Manage Users' }).first()).toBeVisible();

  // Profile shows it on, with all ten codes, and no way to turn off what the server requires.
  await page.goto(`${server.url}/admin/profile`);
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('10 of 10 recovery codes left')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await logOut(page);

  // Sign in: the password, then a code from the app (the next step's: the enrolment used this one).
  await passwordStep(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await page.getByLabel('Code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await logOut(page);

  // Phone lost: a recovery code instead, which then is used up.
  await passwordStep(page);
  await page.getByLabel('Code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await logOut(page);
  await passwordStep(page);
  await page.getByLabel('Code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await snap('code-refused');
});
