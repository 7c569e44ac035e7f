import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { calibrate, signUp, startSingleTest } from './support/people';
import { PHONE } from './support/phone';
import { VisusServer } from './support/visus-server';

/**
 * Issue 20 item 1 (docs/adr/0028): the app speaks the person's language. A browser in Spanish gets the
 * login page in Spanish; German picked in the top bar is remembered after a reload and stored on the
 * account at sign-in; a phone in German shows the controller in German and keeps its own choice. Every
 * screen passes axe (WCAG 2.x A/AA) in its language, as the accessibility journey checks them.
 */
const server = new VisusServer();
test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

test('the login page in Spanish, then German from the picker, remembered and stored on the account', async ({
  browser,
}) => {
  const email = `idiomas.${Date.now()}@example.org`;
  const password = 'ein sicheres Passwort';
  const registered = await (
    await fetch(`${server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Lena Weber', email, password, dob: '1950-04-12' }),
    })
  ).json();
  const token = (registered as { token: string }).token;

  const context = await browser.newContext({ locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  await expect(page).toHaveTitle('Visus | Iniciar sesión');
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await expectAccessible(page);

  // A wrong password: the server's stable English text, shown in Spanish.
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('not the password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Inicio de sesión no válido')).toBeVisible();

  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Visus, zu meinem Konto' })).toBeVisible();
  await expect
    .poll(async () => {
      const me = await fetch(`${server.url}/api/v1/auth/current`, { headers: { Authorization: token } });
      return ((await me.json()) as { data: { language: string | null } }).data.language;
    })
    .toBe('de');

  // Setup in German (issue 20 item 1): its headings, the range guidance with a decimal comma, axe-clean.
  await page.goto(`${server.url}/user/setup`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bildschirmkalibrierung' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1. Bildschirm ausmessen' })).toBeVisible();
  await expect(page.getByTestId('range-guidance')).toContainText('Bei 3,00 m misst dieser Bildschirm');
  await expectAccessible(page);
  await context.close();

  // Another browser, in English: signing in brings the account's German.
  const english = await browser.newContext({ locale: 'en-GB' });
  const other = await english.newPage();
  await other.goto(`${server.url}/login`);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(password);
  await other.getByRole('button', { name: 'Log in' }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await expect(other.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await english.close();
});

test('the phone controller in German, and its own choice kept on the phone', async ({ browser }) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, {
    name: 'Jonas Keller',
    emailName: 'jonas',
    password: 'telefon auf deutsch 1',
    dob: '1952-09-30',
  });
  await calibrate(computer, server, token, { pixelsPerMm: 3.78, distanceMm: 3000 });
  const pin = await startSingleTest(computer.request, server, token, 'sloan');
  await computer.goto(`${server.url}/user/test/${pin}`);
  await expect(computer.getByTestId('pairing-pin')).toBeVisible();

  const phoneContext = await browser.newContext({ ...PHONE, locale: 'de-DE' });
  const phone = await phoneContext.newPage();
  await phone.goto(`${server.url}/controller/${pin}`);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await expect(phone.getByTestId('controller-status')).toHaveText('Verbunden');
  await expect(phone.getByRole('button', { name: 'Große Schrift' })).toBeVisible();
  await expect(phone.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  await expectAccessible(phone);
  // The display stays in its own language.
  await expect(computer.locator('html')).toHaveAttribute('lang', 'en');

  await phone.getByRole('combobox', { name: 'Sprache' }).selectOption('fr');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(phone.getByTestId('controller-status')).toHaveText('Connecté');
  await phone.reload();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(phone.getByRole('button', { name: 'Grands caractères' })).toBeVisible();
  await expectAccessible(phone);
  await phoneContext.close();
  await desktop.close();
});
