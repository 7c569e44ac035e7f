import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './support/axe';
import { ADMIN_SCREENS, GUEST_SCREENS, USER_SCREENS, openScreen, phoneScreens } from './support/screens';
import { VisusServer } from './support/visus-server';

/**
 * Issue 9 (security headers, accessibility): every screen that is not a running test, opened in
 * Chromium as a guest, a user and an admin, and the phone controller on a phone-sized screen. On each:
 * axe-core finds no serious or critical WCAG 2.2 A/AA violation (with the experimental rules of
 * support/axe.ts), and the built app triggers no
 * Content-Security-Policy violation (no inline script, no eval, no foreign origin). In English, Spanish,
 * German and French (issue 20, below).
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

/**
 * Issue 20: the audit in every language the app speaks. A word can change a screen's accessibility: an
 * accessible name left in English while its visible text is translated (2.5.3), a longer label that no
 * longer fits, a `lang` that does not follow the words. English audits every screen, as before. Every
 * screen in all four would take four times as long, so each other language audits the screens with the
 * most words of their own (the landing page, login, registration, the dashboard, Setup, the results: each
 * its own catalog area, docs/languages.md) and a third of the rest in turn: every screen is audited in
 * English and in at least one other language, where a wiring fault (a name composed in one language, an
 * id left in English) shows in any of them. The phone's two screens are cheap and run in all four. The
 * spec takes about twice as long as English alone did (2.7 → 5.8 min on a busy 2-core machine).
 * The language is set as a person sets it: on the device (the picker leaves it in localStorage,
 * `visus.language`) for the guest screens and the phone, on the account (PUT /auth/updatedetails, where
 * the signed-in picker stores it) for the user and admin screens; each screen must show `<html lang>` in it.
 */
const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
type Language = (typeof LANGUAGES)[number];
const IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  '/',
  '/login',
  '/register',
  '/user/dashboard',
  '/user/setup',
  '/user/results',
]);

/** The screens of `screens` audited in `language`: all in English; see above for the others. */
function screensIn(language: Language, screens: readonly string[]): string[] {
  if (language === 'en') return [...screens];
  const turn = LANGUAGES.indexOf(language) - 1;
  const rest = screens.filter((screen) => !IN_EVERY_LANGUAGE.has(screen));
  return screens.filter(
    (screen) => IN_EVERY_LANGUAGE.has(screen) || rest.indexOf(screen) % (LANGUAGES.length - 1) === turn,
  );
}

/** This device remembers `language` as a picker would leave it, before any page script runs. */
async function pickOnDevice(page: Page, language: Language): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('visus.language', value), language);
}

/** Signs the page in as this person (its token in localStorage), with the account in `language`. */
async function signIn(page: Page, who: { email: string; password: string }, language: Language) {
  const response = await page.request.post(`${server.url}/api/v1/auth/login`, {
    data: { email: who.email, password: who.password },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  const stored = await page.request.put(`${server.url}/api/v1/auth/updatedetails`, {
    headers: { Authorization: token },
    data: { language },
  });
  expect(stored.status()).toBe(200);
  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return token;
}

/** Opens each path, waits until it has settled, and returns axe's serious/critical findings. */
async function audit(page: Page, paths: readonly string[], language: Language): Promise<string[]> {
  const findings: string[] = [];
  for (const path of paths) {
    await openScreen(page, `${server.url}${path}`);
    await expect(page.locator('html'), `${path} is in ${language}`).toHaveAttribute('lang', language);
    findings.push(...(await axeFindings(page, `${path} (${language})`)));
  }
  return findings;
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test('guest, user and admin screens have no serious accessibility issue and no CSP violation', async ({
      page,
    }) => {
      const csp = await watchCsp(page);
      await pickOnDevice(page, language);
      const findings = await audit(page, screensIn(language, GUEST_SCREENS), language);

      await signIn(page, user, language);
      findings.push(...(await audit(page, screensIn(language, USER_SCREENS), language)));

      await signIn(page, admin, language);
      findings.push(...(await audit(page, screensIn(language, ADMIN_SCREENS), language)));

      expect(findings).toEqual([]);
      expect(await csp()).toEqual([]);
    });

    test('the phone controller has no serious accessibility issue and no CSP violation', async ({
      browser,
    }) => {
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
      await pickOnDevice(page, language);
      const findings = await audit(page, phoneScreens(pin), language);
      expect(findings).toEqual([]);
      expect(await csp()).toEqual([]);

      await phone.close();

      // The controller is a light page of its own (docs/adr/0005): on a first visit (empty cache) it must
      // not load the main app's code, in any language (its words are a catalog of their own).
      const fresh = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const first = await fresh.newPage();
      await pickOnDevice(first, language);
      const scripts: string[] = [];
      first.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await first.goto(`${server.url}/controller/${pin}`);
      await expect(first.getByTestId('controller-status')).toBeVisible();
      await expect(first.locator('html')).toHaveAttribute('lang', language);
      expect(scripts.filter((script) => /\/assets\/index-/.test(script))).toEqual([]);
      expect(scripts.some((script) => /\/assets\/controller-/.test(script))).toBe(true);
      await fresh.close();
    });
  });
}
