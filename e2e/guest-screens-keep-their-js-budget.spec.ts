import zlib from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp } from './support/people';
import { VisusServer } from './support/visus-server';

/**
 * Issue 9 part 6, kept in CI: the JavaScript a first visit downloads (gzip, zlib level 6, KB = 1024 bytes)
 * stays within the budget on the guest's first screens and the phone controller. Sizes depend on the
 * build only, not on the machine, so they can be asserted; `npm run bench:web` measures the same files
 * (with LCP, CLS and long tasks, which are timings and are not asserted) and explains where the bytes go.
 * The Web Vitals reporter, downloaded once the browser is idle (SPEC.md §7), is not initial JS.
 * Issue 20: the budget holds in every language; a browser whose language is Spanish, German or French
 * downloads that language's catalogs (docs/adr/0028), and they count.
 */
/**
 * Issue 25 item 5 tightened them to what the build reaches with the languages in (2026-11-27: / 164.8,
 * /login 165.3, phone 103.0 KB in the largest language) plus room for the catalogs still to come; after
 * that day's signed-in pass: / 166.2, /login 167.0, phone 106.3 KB (the test flow's small shared parts
 * are three files of their own, so that signed-in screens need not download the flow). /login went to 169
 * on 2026-11-27 (168.1 KB in es/de/fr): the frame's lazy parts now survive a failed download
 * (lib/chunks/optional-part.tsx) instead of replacing the screen with the error page.
 */
const BUDGET_KB = { '/': 168, '/login': 169, '/controller/a1b2c3d4': 110 } as const;
/**
 * Issue 25 item 5: signed-in first screens too (a person with two saved results, so the results list
 * draws its table and its trend; an admin for the admin's dashboard), at what they download plus ≈ 3 %.
 * 2026-11-27, after the frame's drawer and account menu, the dashboard's and Manage Users' dialogs, the
 * exporters and the test flow left them: results 389.8, tests 266.0, dashboard 217.1, admin's dashboard
 * 226.1 KB (English). The results page then went to 309.9 KB (budget 319) when its trend chart became our own
 * SVG instead of recharts (2026-11-27).
 */
const SIGNED_IN_BUDGET_KB = {
  '/user/results': 319,
  '/user/tests': 274,
  '/user/dashboard': 224,
  '/admin/dashboard': 233,
} as const;
/** Who opens each signed-in screen. */
const SIGNED_IN_AS: Record<keyof typeof SIGNED_IN_BUDGET_KB, 'user' | 'admin'> = {
  '/user/results': 'user',
  '/user/tests': 'user',
  '/user/dashboard': 'user',
  '/admin/dashboard': 'admin',
};
const ADMIN = { email: 'budget.admin@example.org', password: 'budget admin 12345', name: 'Budget Admin' };
/** When a signed-in screen is complete: the results list once its trend chart is drawn. */
const READY: Partial<Record<string, (page: Page) => Promise<void>>> = {
  '/user/results': (page) =>
    expect(
      page
        .getByRole('figure', { name: 'Tumbling E' })
        .getByRole('img', { name: 'Tumbling E acuity over time' }),
    ).toBeVisible({ timeout: 20_000 }),
};
const IDLE = /\/report-web-vitals-[\w-]+\.js$/;
const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;

const server = new VisusServer();
test.beforeAll(async () => {
  // The admin is made with the server's CLI, which needs the server stopped.
  await server.createAccount({ ...ADMIN, role: 'admin' });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** The JavaScript a first visit of `path` downloads (gzip KB), with the list of files for a failure. */
async function firstVisitJs(
  browser: Browser,
  path: string,
  {
    token,
    ready,
    language = 'en',
  }: { token?: string; ready?: ((page: Page) => Promise<void>) | undefined; language?: string } = {},
) {
  const context = await browser.newContext({ locale: language });
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  const scripts: Array<Promise<{ url: string; gzip: number }>> = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.endsWith('.js') || IDLE.test(url)) return;
    scripts.push(response.body().then((body) => ({ url, gzip: zlib.gzipSync(body, { level: 6 }).length })));
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  if (ready) {
    // What the screen loads once its data is in (e.g. the results list's chart) counts too.
    await ready(page);
    await page.waitForLoadState('networkidle');
  }
  const files = await Promise.all(scripts);
  const lang = await page.locator('html').getAttribute('lang');
  const shown = new URL(page.url()).pathname;
  await context.close();
  const kb = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  const list = files.map((f) => `${(f.gzip / 1024).toFixed(1)} ${f.url.replace(server.url, '')}`).join('\n');
  test.info().annotations.push({ type: 'initial JS', description: `${kb.toFixed(1)} KB gzip` });
  return { files, kb, list, lang, shown };
}

for (const [path, budget] of Object.entries(BUDGET_KB)) {
  for (const language of LANGUAGES) {
    test(`${path} in ${language} downloads at most ${budget} KB of JavaScript (gzip) at first`, async ({
      browser,
    }) => {
      const { files, kb, list, lang } = await firstVisitJs(browser, path, { language });
      expect(files.length, 'scripts downloaded').toBeGreaterThan(0);
      expect(
        kb,
        `initial JS of ${path}, KB gzip:
${list}`,
      ).toBeLessThanOrEqual(budget);
      // The page showed in the browser's language.
      expect(lang).toBe(language);
    });
  }
}

test.describe('signed in', () => {
  const tokens = { user: '', admin: '' };
  test.beforeAll(async ({ request }) => {
    const signedIn = await request.post(`${server.url}/api/v1/auth/login`, {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    tokens.admin = ((await signedIn.json()) as { token: string }).token;
    const token = await signUp(request, server, {
      name: 'Budget Person',
      emailName: 'budget',
      password: 'budget person 12345',
      dob: '1980-01-01',
    });
    // Two results a week apart (a Tumbling E test, as the app saves one without a session).
    for (const daysAgo of [8, 1]) {
      const start = Date.now() - daysAgo * 86_400_000;
      const acuity = (logMAR: number) => ({
        va: logMAR,
        rounds: 21,
        loopLength: 30,
        logMAR,
        ci95: [logMAR - 0.08, logMAR + 0.08],
      });
      const saved = await request.put(`${server.url}/api/v1/tests/results`, {
        headers: { Authorization: token },
        data: {
          setup: {
            date: new Date(start).toISOString(),
            units: 'm',
            correction: 'None',
            testMode: false,
            singleTest: 'tumblingE',
          },
          data: { start, end: start + 600_000, tumblingE: { right: acuity(0.1), left: acuity(0.2) } },
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    tokens.user = token;
  });

  for (const [path, budget] of Object.entries(SIGNED_IN_BUDGET_KB)) {
    test(`${path} downloads at most ${budget} KB of JavaScript (gzip) at first`, async ({ browser }) => {
      const token = tokens[SIGNED_IN_AS[path as keyof typeof SIGNED_IN_BUDGET_KB]];
      const { files, kb, list, shown } = await firstVisitJs(browser, path, { token, ready: READY[path] });
      // The screen itself, not the login page a failed sign-in would send it to.
      expect(shown).toBe(path);
      expect(files.length, 'scripts downloaded').toBeGreaterThan(0);
      expect(kb, `initial JS of ${path}, KB gzip:\n${list}`).toBeLessThanOrEqual(budget);
    });
  }
});
