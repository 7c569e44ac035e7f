import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './support/axe';
import { ADMIN_SCREENS, GUEST_SCREENS, USER_SCREENS, openScreen, phoneScreens } from './support/screens';
import { VisusServer } from './support/visus-server';

/**
 * Issue 9 (security headers, accessibility): every screen that is not a running test, opened in
 * Chromium as a guest, a user and an admin, and the phone controller on a phone-sized screen. On each:
 * axe-core finds no serious or critical WCAG 2.2 A/AA violation (with the experimental rules of
 * support/axe.ts), and the built app triggers no
 * Content-Security-Policy violation (no inline script, no eval, no foreign origin).
 */
const server = new VisusServer();
const admin = { name: 'Axe Admin', email: 'axe.admin@example.org', password: 'admin password 1' };
const user = { name: 'Axe User', email: 'axe.user@example.org', password: 'user password 12' };

test.beforeAll(async () => {
  await server.createAccount({
    email: admin.email,
    password: admin.password,
    name: admin.name,
    role: 'admin',
  });
  await server.createAccount({ email: user.email, password: user.password, name: user.name, role: 'user' });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** Collects CSP violations the page reports (the listener is installed before any page script runs). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return async () => [
    ...consoleErrors,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/dashboard/);
}

/** Opens each path, waits until it has settled, and returns axe's serious/critical findings. */
async function audit(page: Page, paths: readonly string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    await openScreen(page, `${server.url}${path}`);
    findings.push(...(await axeFindings(page, path)));
  }
  return findings;
}

test('guest, user and admin screens have no serious accessibility issue and no CSP violation', async ({
  page,
}) => {
  const csp = await watchCsp(page);
  const findings = await audit(page, GUEST_SCREENS);

  await logIn(page, user);
  findings.push(...(await audit(page, USER_SCREENS)));

  await page.getByRole('button', { name: 'account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // Signed out for good before the next sign-in (the login page would otherwise see the old session).
  await page.waitForURL(/\/login$|\/$/);
  await logIn(page, admin);
  findings.push(...(await audit(page, ADMIN_SCREENS)));

  expect(findings).toEqual([]);
  expect(await csp()).toEqual([]);
});

test('the phone controller has no serious accessibility issue and no CSP violation', async ({ browser }) => {
  // a real session, so the controller connects and shows its pad
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const session = await fetch(`${server.url}/api/v1/tests/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ chart: 'Landolt C' }),
  });
  const { pin } = ((await session.json()) as { data: { pin: string } }).data;

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await phone.newPage();
  const csp = await watchCsp(page);
  const findings = await audit(page, phoneScreens(pin));
  expect(findings).toEqual([]);
  expect(await csp()).toEqual([]);

  await phone.close();

  // The controller is a light page of its own (docs/adr/0005): on a first visit (empty cache) it must
  // not load the main app's code.
  const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const first = await fresh.newPage();
  const scripts: string[] = [];
  first.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await first.goto(`${server.url}/controller/${pin}`);
  await expect(first.getByTestId('controller-status')).toBeVisible();
  expect(scripts.filter((script) => /\/assets\/index-/.test(script))).toEqual([]);
  expect(scripts.some((script) => /\/assets\/controller-/.test(script))).toBe(true);
  await fresh.close();
});
