import { expect, test } from '@playwright/test';
import { signUp } from './support/people';
import { VisusServer } from './support/visus-server';

/**
 * The frame's parts download when first wanted (the drawer and the account menu's list when their button
 * is pointed at or pressed). On a network that drops, that download can fail; before, React's lazy
 * rejection went up to the route's error page and the whole screen became "Something went wrong" (a
 * running test included). Now the part shows nothing, the page stays, and the next press tries again.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a menu whose code cannot be downloaded leaves the page alone and opens on a later press', async ({
  page,
}) => {
  const token = await signUp(page.request, server, {
    name: 'Lena Lostnet',
    emailName: 'lostnet',
    password: 'the train went into a tunnel',
    dob: '1961-09-14',
  });
  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(`${server.url}/user/dashboard`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const title = await heading.innerText();

  const blocked = /\/assets\/(nav-drawer|account-menu-list)-[\w-]+\.js$/;
  const failed: string[] = [];
  await page.route(blocked, (route) => {
    failed.push(route.request().url());
    return route.abort('internetdisconnected');
  });

  // The drawer: pointed at and pressed while its file cannot be had.
  await page.getByRole('button', { name: 'open navigation' }).click();
  await expect.poll(() => failed.some((url) => url.includes('nav-drawer'))).toBe(true);
  // The account menu's list, likewise (before, the error page had taken the button away).
  await page.getByRole('button', { name: /account menu$/ }).click({ timeout: 10_000 });
  await expect.poll(() => failed.some((url) => url.includes('account-menu-list'))).toBe(true);
  await page.waitForTimeout(500);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The network is back: the next press downloads and opens each.
  await page.unroute(blocked);
  await page.getByRole('button', { name: 'open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await page.getByRole('button', { name: /account menu$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
});
