import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * Issue 8's journey: a clinic runs Visus with invite-only registration. The first admin (made with the
 * real CLI) invites someone, who registers through the mailed link; the admin promotes them to tester,
 * the tester sees the user's menus, and the admin deletes the account, which then cannot log in.
 */
const server = new VisusServer();
const admin = { name: 'Ada Admin', email: 'ada.admin@example.org', password: 'admin password 1' };
const invitee = { name: 'Grace Hopper', email: 'grace.hopper@example.org', password: 'grace password 2' };

test.beforeAll(async () => {
  await server.createAccount({
    email: admin.email,
    password: admin.password,
    name: admin.name,
    role: 'admin',
  });
  // Only this server registers by invitation: restore the environment for the specs that follow.
  const before = process.env.REGISTRATION;
  process.env.REGISTRATION = 'invite';
  try {
    await server.start();
  } finally {
    if (before === undefined) delete process.env.REGISTRATION;
    else process.env.REGISTRATION = before;
  }
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

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

test('an admin invites someone, makes them a tester and deletes the account', async ({
  page,
  browser,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);

  // Without an invite, registration is refused with guidance
  await page.goto(`${server.url}/register`);
  await page.getByLabel('Name').fill('Someone Uninvited');
  await page.getByLabel('Email').fill('uninvited@example.org');
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByLabel('Password', { exact: true }).fill('some password 1');
  await page.getByLabel('Confirm password').fill('some password 1');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration is by invitation only')).toBeVisible();
  await snap('registration-invite-only');

  // The admin logs in and sees the counts
  await logIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const administration = page.getByRole('region', { name: 'Administration' });
  await expect(administration.getByLabel('Accounts: 1')).toBeVisible();
  await expect(administration.getByLabel('Pending invites: 0')).toBeVisible();
  await expect(administration.getByText('Registration: by invitation only')).toBeVisible();
  await snap('admin-dashboard');

  // Invites: send one (role User, the default)
  await administration.getByRole('link', { name: 'Invites' }).click();
  await expect(page).toHaveURL(/\/admin\/invite$/);
  await expect(page).toHaveTitle('Visus | Invites');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(invitee.email);
  await expect(form.getByRole('combobox', { name: 'Role' })).toHaveText('User');
  await form.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${invitee.email}`).first()).toBeVisible();
  const link = await page.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/register\?invite=[A-Za-z0-9_-]{43}$/);
  const invites = page.getByRole('table', { name: 'Invites' });
  const inviteRow = invites.getByRole('row').filter({ hasText: invitee.email });
  await expect(inviteRow.getByText('Pending', { exact: true })).toBeVisible();
  await snap('invite-sent');

  // The same link was mailed (outbox, as there is no SMTP)
  await expect.poll(() => server.latestMail(), { timeout: 10_000 }).toContain(link);
  expect(server.latestMail()).toContain(invitee.email);

  // The invitee opens the link in their own browser and registers
  const inviteeContext = await browser.newContext();
  const guest = await inviteeContext.newPage();
  const snapGuest = screenshotter(guest, testInfo);
  await guest.goto(link);
  const email = guest.getByLabel('Email');
  await expect(email).toHaveValue(invitee.email);
  await expect(email).not.toBeEditable();
  await expect(guest.getByText('You have been invited to join Visus as')).toContainText('a user');
  await guest.getByLabel('Name').fill(invitee.name);
  await guest.getByLabel('Date of birth').fill('1986-12-09');
  await guest.getByLabel('Password', { exact: true }).fill(invitee.password);
  await guest.getByLabel('Confirm password').fill(invitee.password);
  await snapGuest('invitee-register');
  await guest.getByRole('button', { name: 'Register' }).click();
  await expect(guest).toHaveURL(/\/user\/dashboard$/);
  await expect(guest.getByRole('heading', { name: 'Hello, Grace' })).toBeVisible();
  await logOut(guest);

  // The link works once only
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
  await snapGuest('invitee-link-used');

  // The admin sees the invite used, and promotes the new account to tester
  await page.reload();
  await expect(inviteRow.getByText('Used', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'open navigation' }).click();
  await page.locator('.MuiDrawer-paper').getByRole('link', { name: 'Manage Users' }).click();
  await expect(page).toHaveURL(/\/admin\/profiles$/);
  await page.getByLabel('Search by name or email').fill('grace');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row')).toHaveCount(2); // header + Grace
  const graceRow = accounts.getByRole('row').filter({ hasText: invitee.email });
  await expect(graceRow.getByText('Never')).toBeVisible();
  await graceRow.getByRole('combobox', { name: `Role of ${invitee.email}` }).click();
  await page.getByRole('option', { name: 'Tester' }).click();
  const confirmRole = page.getByRole('dialog', { name: 'Change role?' });
  await expect(confirmRole).toContainText('a Tester instead of a User');
  await snap('confirm-role');
  await confirmRole.getByRole('button', { name: 'Make Tester' }).click();
  await expect(page.getByText('Grace Hopper is now a Tester.')).toBeVisible();
  await expect(graceRow.getByRole('combobox')).toHaveText('Tester');

  // The last admin cannot be demoted
  await page.getByLabel('Search by name or email').fill(admin.email);
  const adminRow = accounts.getByRole('row').filter({ hasText: admin.email });
  await adminRow.getByRole('combobox', { name: `Role of ${admin.email}` }).click();
  await page.getByRole('option', { name: 'User' }).click();
  const demote = page.getByRole('dialog', { name: 'Change role?' });
  await demote.getByRole('button', { name: 'Make User' }).click();
  await expect(demote.getByRole('alert')).toContainText('Visus needs at least one admin');
  await snap('last-admin-refused');
  await demote.getByRole('button', { name: 'Cancel' }).click();
  await expect(adminRow.getByRole('combobox')).toHaveText('Admin');

  // The tester logs in and gets the user's menus and URLs
  await logIn(guest, invitee.email, invitee.password);
  await expect(guest).toHaveURL(/\/user\/dashboard$/);
  await guest.getByRole('button', { name: 'open navigation' }).click();
  const drawer = guest.locator('.MuiDrawer-paper');
  for (const item of ['Tests', 'Setup', 'Calibrate Colour', 'Optical History', 'Results', 'My Profile']) {
    await expect(drawer.getByRole('link', { name: item, exact: true })).toHaveAttribute(
      'href',
      /^\/user\/|^\/info$/,
    );
  }
  await expect(drawer.getByText('Manage Users')).toHaveCount(0);
  await expect(drawer.getByText('Invites')).toHaveCount(0);
  await snapGuest('invitee-tester-drawer');
  await drawer.getByRole('link', { name: 'My Profile', exact: true }).click();
  await expect(guest).toHaveURL(/\/user\/profile$/);
  await expect(guest.getByText('Tester', { exact: true })).toBeVisible();
  // Admin screens are not theirs
  await guest.goto(`${server.url}/admin/profiles`);
  await expect(guest).not.toHaveURL(/\/admin\/profiles$/);

  // The admin deletes the tester after typing the email
  await page.getByLabel('Search by name or email').fill(invitee.email);
  await accounts.getByRole('button', { name: `Delete ${invitee.email}` }).click();
  const confirmDelete = page.getByRole('dialog', { name: 'Delete this account?' });
  const deleteButton = confirmDelete.getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteButton).toBeDisabled();
  await confirmDelete.getByLabel('Type the email to confirm').fill(invitee.email.toUpperCase());
  await expect(deleteButton).toBeDisabled();
  await confirmDelete.getByLabel('Type the email to confirm').fill(invitee.email);
  await expect(deleteButton).toBeEnabled();
  await snap('confirm-delete');
  await deleteButton.click();
  await expect(page.getByText(`The account ${invitee.email} has been deleted.`)).toBeVisible();
  await expect(accounts.getByText(`No accounts match “${invitee.email}”.`)).toBeVisible();
  await snap('tester-deleted');

  // The deleted account cannot log in any more
  await guest.goto(`${server.url}/`);
  await expect(guest.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await logIn(guest, invitee.email, invitee.password);
  await expect(guest.getByText('Invalid Login')).toBeVisible();
  await snapGuest('invitee-deleted-login-refused');
  await inviteeContext.close();
});
