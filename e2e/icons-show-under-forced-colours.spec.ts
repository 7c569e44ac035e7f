import { expect, test } from '@playwright/test';
import { drawnPixels } from './support/pixels';
import { openScreen, screenshotter } from './support/screens';
import { VisusServer } from './support/visus-server';

/**
 * Under forced colours (Windows High Contrast) the system paints text, borders and backgrounds, but an SVG
 * icon given a colour of its own keeps it (Chromium's `forced-color-adjust: preserve-parent-color` on
 * `svg`): MUI's select arrow stayed rgba(0, 0, 0, 0.54) and vanished on a dark theme's black (issue 25).
 * Every icon on the admin's screens with selects — the invite role and status, rows per page, the
 * users' roles — must be drawn: its pixels differ from its own backdrop, dark and light. Computed styles
 * cannot show this, a screenshot does.
 */
const server = new VisusServer();
const admin = { name: 'Ada Admin', email: 'ada.admin@example.org', password: 'admin passphrase 42' };

test.beforeAll(async () => {
  await server.createAccount({ ...admin, role: 'admin' });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

for (const scheme of ['dark', 'light'] as const) {
  test(`icons on the admin's screens are drawn under forced colours (${scheme})`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      forcedColors: 'active',
      colorScheme: scheme,
    });
    const page = await context.newPage();
    const shot = screenshotter(page, testInfo);
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/dashboard/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const invite = await page.request.post(`${server.url}/api/v1/admin/invites`, {
      headers: { Authorization: token ?? '' },
      data: { email: `invited.${scheme}@example.org`, role: 'user' },
    });
    expect(invite.status()).toBe(201);
    const blank: string[] = [];
    for (const path of ['/admin/invite', '/admin/profiles']) {
      await openScreen(page, `${server.url}${path}`);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await shot(`${scheme}${path.replace(/\//g, '-')}`);
      const icons = page.locator('main svg.MuiSvgIcon-root');
      const count = await icons.count();
      expect(count).toBeGreaterThan(2);
      for (let i = 0; i < count; i++) {
        const icon = icons.nth(i);
        if (!(await icon.isVisible())) continue;
        // The icon's own box (scrolled into view): mostly its backdrop, the most common colour, and its
        // strokes if drawn.
        const png = await icon.screenshot();
        const { strokes } = await drawnPixels(page, png);
        const name = await icon.evaluate(
          (svg) =>
            `${svg.getAttribute('data-testid') ?? svg.getAttribute('class')} in ${svg.parentElement?.className}`,
        );
        if (strokes < 0.01) blank.push(`${path}: ${name} (${(strokes * 100).toFixed(1)} % drawn)`);
      }
    }
    expect(blank).toEqual([]);
    await context.close();
  });
}
