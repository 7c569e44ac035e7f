import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * The foundation issue's whole paragraph "What a person can do": land, register, dashboard, drawer,
 * profile, change password, log out and in, reset the password from the mailed link, survive a
 * server restart, and delete the account after confirming.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a person registers, manages their account, resets the password and deletes the account', async ({
  page,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);
  // The strict Content-Security-Policy must not block anything the app does.
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  const passwords: string[] = [];
  const email = `ada.${Date.now()}@example.org`;
  let password = 'first password 1';
  passwords.push(password);

  // The landing page
  await page.goto(server.url);
  await expect(page).toHaveTitle(/^Visus \| /);
  await expect(page.getByRole('link', { name: 'Connect' }).first()).toBeVisible();
  await snap('landing');

  // Register
  await page.getByRole('link', { name: 'Register' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page).toHaveTitle('Visus | Register');
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Date of birth').fill('1985-12-10');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await snap('register-filled');
  await page.getByRole('button', { name: 'Register' }).click();

  // Signed in: the dashboard
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  // A new account: every step before the first test, numbered.
  await expect(
    page.getByRole('region', { name: 'Before your first test' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Set up your screen', 'Calibrate colour', 'Optical history', 'Take the tests']);
  await snap('dashboard');

  // The drawer has exactly the user menu of SPEC.md §2
  await page.getByRole('button', { name: 'open navigation' }).click();
  const drawer = page.locator('.MuiDrawer-paper');
  for (const item of [
    'Tests',
    'Setup',
    'Calibrate Colour',
    'Optical History',
    'Results',
    'My Profile',
    'My Account',
    'Info',
  ]) {
    await expect(drawer.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(drawer.getByText('Manage Users')).toHaveCount(0);
  await snap('drawer');
  await drawer.getByRole('link', { name: 'My Profile', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(drawer).toBeHidden();

  // Edit the profile
  await page.getByLabel('Name').fill('Ada King');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // Change the password
  const newPassword = 'second password 2';
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  password = newPassword;
  passwords.push(password);
  await snap('profile-updated');
  // still signed in with the new token after the old one was revoked
  await page.reload();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel('Name')).toHaveValue('Ada King');

  // Log out
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A guarded screen sends a guest to /login
  await page.goto(`${server.url}/user/dashboard`);
  await expect(page).toHaveURL(/\/login$/);

  // Log back in with the changed password
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('first password 1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid Login')).toBeVisible();
  await snap('login-refused');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();

  // Log out, ask for a password reset
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that email/)).toBeVisible();
  await snap('reset-requested');

  // The mail lands in the outbox under the data folder; the log says where, never the link itself
  await expect.poll(() => server.latestMail(), { timeout: 10_000 }).toContain('/reset-password/');
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(server.latestMail()!)?.[0];
  expect(link).toBeTruthy();
  expect(server.log).toContain('Mail written to');
  expect(server.log).toContain(server.outboxDir);
  expect(server.log).not.toContain(link!.split('/reset-password/')[1]!);

  // Follow the link and set a new password
  await page.goto(link!);
  password = 'third password 3';
  passwords.push(password);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await snap('reset-form');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // The link works once only
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('fourth password 4');
  await page.getByLabel('Confirm new password').fill('fourth password 4');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password reset link is invalid or has expired')).toBeVisible();

  // Everything survives a server restart: the session and the account with its changes
  await server.restart();
  await page.goto(`${server.url}/user/profile`);
  await expect(page.getByLabel('Name')).toHaveValue('Ada King');
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // Pages that do not exist say so
  await page.goto(`${server.url}/no/such/page`);
  await expect(page).toHaveTitle('Visus | Not Found');
  await snap('not-found');

  // Delete the account after the confirmation
  await page.goto(`${server.url}/user/dashboard`);
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure you want to delete your Visus Account?')).toBeVisible();
  await snap('delete-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The account is gone
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Invalid Login')).toBeVisible();
  await snap('deleted-login-refused');

  expect(cspViolations).toEqual([]);
  // Passwords and session tokens never reach the server log.
  for (const secret of passwords) expect(server.log).not.toContain(secret);
  expect(server.log).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
});
