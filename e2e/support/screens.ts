import { expect, type Page, type TestInfo } from '@playwright/test';

/** Saves a full-page screenshot as a test artefact (test-results/…/NN-name.png) and attaches it. */
export function screenshotter(page: Page, testInfo: TestInfo) {
  let n = 0;
  return async (name: string) => {
    n += 1;
    const file = testInfo.outputPath(`${String(n).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(name, { path: file, contentType: 'image/png' });
  };
}

/**
 * Every screen that is not a running test (issue 9), by who can open it. The journeys that must visit all
 * of them (axe and CSP, keyboard reachability) share these lists, so a new screen is added in one place.
 */
export const GUEST_SCREENS = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/info',
  '/connect',
  '/no-such-page',
  // A share link that does not work (unknown token): the refusal. The report a working link opens is
  // audited with data in every-state-of-the-battery-is-accessible and a-share-link-opens-signed-out.
  `/shared/${'A'.repeat(43)}`,
] as const;
export const USER_SCREENS = [
  '/user/dashboard',
  '/user/profile',
  '/user/tests',
  '/user/setup',
  '/user/gamma',
  '/user/history',
  '/user/results',
  // Turning on two-step sign-in: any role may open it (the only screen while REQUIRE_2FA_FOR demands it).
  '/two-step-setup',
] as const;
export const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/profiles',
  '/admin/invite',
  '/admin/results',
  '/admin/preview/colours',
  '/admin/preview/sinegratingscorrected',
  '/admin/preview/diamondtestpreview',
  '/admin/preview/diamondcolourpreview',
] as const;
/** What a phone opens: the code entry, then the controller of the session with this PIN. */
export const phoneScreens = (pin: string) => ['/connect', `/controller/${pin}`] as const;

/**
 * Opens a screen and waits until it has settled: its main region shows and no progress indicator is left
 * (lazy screens load their code, then their data).
 */
export async function openScreen(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first(), `${url} shows its screen`).toBeVisible();
  await expect(page.getByRole('progressbar'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}
