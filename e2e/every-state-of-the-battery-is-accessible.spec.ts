import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeFindings } from './support/axe';
import { batteryStep } from './support/battery';
import { calibratedPerson } from './support/people';
import { PHONE } from './support/phone';
import { openScreen, screenshotter } from './support/screens';
import { VisusServer } from './support/visus-server';

/**
 * Issue 25 item 6: the states the screen-by-screen axe check never visits. One journey takes the full
 * battery (Part A → B → C) on the display's keyboard with a phone paired, and runs axe (WCAG 2.2 A/AA
 * plus label-content-name-mismatch, td-has-header and color-contrast, support/axe.ts) on the display
 * and on the phone at every state it reaches: the check screen with its QR code, the phone's correction
 * question, each test's screens (and their steps: the axis letter and pair, Diamond's light and medium
 * rounds, the presbyopia form), the between-eye and between-test screens with their countdown, running
 * and paused, and the end. Then the results with data (the result, the list with its chart, the optical
 * history, the shared report) and the admin's screens with rows (users, invites).
 *
 * Each state is audited in each mode: as shipped, under emulated forced colours (Windows High Contrast)
 * dark and light, and with reduced motion requested. The modes are switched on the page that shows the
 * state (one battery, not four: the whole e2e suite keeps its time); the pixels a stimulus keeps under
 * forced colours from its first paint are checked in stimuli-keep-their-colours-under-forced-colours.
 * Countdown screens are given more time (M) before their audits, so that each is audited where it is.
 */
const server = new VisusServer();
const admin = { name: 'State Admin', email: 'state.admin@example.org', password: 'admin password 1' };

test.beforeAll(async () => {
  await server.createAccount({ ...admin, role: 'admin' });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

interface Mode {
  slug: string;
  media: Parameters<Page['emulateMedia']>[0];
}

/** The emulations every state is audited in (the first is the page as shipped). */
const MODES: readonly Mode[] = [
  { slug: 'plain', media: { forcedColors: 'none', colorScheme: 'light', reducedMotion: 'no-preference' } },
  {
    slug: 'forced-dark',
    media: { forcedColors: 'active', colorScheme: 'dark', reducedMotion: 'no-preference' },
  },
  {
    slug: 'forced-light',
    media: { forcedColors: 'active', colorScheme: 'light', reducedMotion: 'no-preference' },
  },
  { slug: 'reduced-motion', media: { forcedColors: 'none', colorScheme: 'light', reducedMotion: 'reduce' } },
];

/** Testids of the steps inside one test's screen (a state of its own for the audit). */
const STEP_IDS = ['axis-letter-step', 'axis-pair-step', 'presbyopia-form', 'diamond-stimulus', 'countdown'];

/**
 * Which pad or question the phone shows: the names of its groups of buttons and forms, and its one-button
 * steps (Start, Continue). The same pad for another test (its title aside) is the same state.
 */
function phoneState(page: Page): Promise<string> {
  return page
    .evaluate(() =>
      Array.from(document.querySelectorAll('[role="group"], form, section[aria-labelledby], button'))
        .filter((e) => e.tagName !== 'BUTTON' || /^(Start|Continue|Pause)$/.test(e.textContent ?? ''))
        .map((e) => e.getAttribute('aria-label') ?? e.textContent ?? '')
        .join(' | '),
    )
    .catch(() => '');
}

/**
 * Which state the display shows: its flow status, the test while one runs (the screens between tests
 * differ only by the test's name), the frame's background (Diamond turns medium grey after two rounds)
 * and the steps inside; '' off the test screen.
 */
function displayState(page: Page): Promise<string> {
  return page
    .evaluate((ids) => {
      const screen = document.querySelector<HTMLElement>('[data-testid="test-screen"]');
      if (!screen) return '';
      const status = screen.dataset.status ?? '';
      const parts = [
        status,
        status === 'InTest' ? (screen.dataset.test ?? '') : '',
        getComputedStyle(screen).backgroundColor,
      ];
      for (const id of ids) if (document.querySelector(`[data-testid="${id}"]`)) parts.push(id);
      return parts.join(' ');
    }, STEP_IDS)
    .catch(() => '');
}

/** Whether anything on the page keeps its own colours under forced colours (`forced-color-adjust: none`). */
function keepsOwnColours(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body *')).some(
      (element) => getComputedStyle(element).forcedColorAdjust === 'none',
    ),
  );
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/dashboard/);
  return page;
}

test('every state of the full battery, the results and admin pass axe as shipped, in forced colours and with reduced motion', async ({
  browser,
}, testInfo) => {
  test.setTimeout(900_000);
  const findings: string[] = [];
  const audited: string[] = [];
  /** Audits the page as it is now in each mode, then leaves it as shipped. */
  const audit = async (page: Page, where: string) => {
    const modes: string[] = [];
    for (const mode of MODES) {
      await page.emulateMedia(mode.media);
      // Under forced colours the system paints every colour but those of `forced-color-adjust: none`
      // (support/axe.ts judges only those): a page with none of them is the system's to paint, and the
      // rest of axe's rules read the same page as without forced colours.
      if (mode.media?.forcedColors === 'active' && !(await keepsOwnColours(page))) continue;
      modes.push(mode.slug);
      findings.push(...(await axeFindings(page, `${mode.slug} ${where}`)));
    }
    audited.push(`${where} [${modes.join(', ')}]`);
    await page.emulateMedia(MODES[0]!.media);
  };
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const display = await desktop.newPage();
  const snap = screenshotter(display, testInfo);

  const token = await calibratedPerson(display, server, {
    name: 'Stella Every-State',
    emailName: 'stella',
    password: 'every state 1234',
    dob: '1948-05-02',
  });

  await display.goto(`${server.url}/user/tests`);
  await display.getByRole('radio', { name: 'Sloan' }).check();
  await display.getByRole('button', { name: 'Start full battery' }).click();
  await expect(display).toHaveURL(/\/user\/test\/[A-Z0-9]{8}$/);
  const pin = display.url().split('/').at(-1)!;
  await expect(display.getByTestId('pairing-pin')).toBeVisible();
  await audit(display, 'display: check screen with the QR code');

  // The phone pairs and answers the correction question; the display's keyboard drives the rest, so
  // the phone follows every state as a person holding it sees it.
  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  const phoneSnap = screenshotter(phone, testInfo);
  await phone.goto(`${server.url}/controller/${pin}`);
  await expect(phone.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeVisible();
  await audit(phone, 'phone: correction question');
  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeEnabled();

  const screen = display.getByTestId('test-screen');
  const seen = new Set<string>();
  const phoneSeen = new Set<string>();
  let pausedOnce = false;
  for (let turn = 0; turn < 700; turn += 1) {
    if (display.url().includes('/results')) break;
    const state = await displayState(display);
    if (state && !seen.has(state)) {
      seen.add(state);
      // A countdown screen would move on during its audits: 40 s more (M twice), still running.
      if (state.endsWith(' countdown')) {
        await display.keyboard.press('m');
        await display.keyboard.press('m');
      }
      await audit(display, `display: ${state}`);
      await snap(state.replace(/[^\w]+/g, '-'));
    }
    const padNow = await phoneState(phone);
    if (!phoneSeen.has(padNow)) {
      phoneSeen.add(padNow);
      await audit(phone, `phone: ${padNow} (display ${state})`);
      await phoneSnap(`phone-${phoneSeen.size}`);
    }
    const status = await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null);
    if (status === 'Continue' && !pausedOnce) {
      // The countdown paused (P) is a state of its own: its words and buttons change.
      pausedOnce = true;
      await display.keyboard.press('p');
      await expect(display.getByTestId('countdown-text')).toContainText('Paused with');
      await audit(display, 'display: countdown paused');
      await audit(phone, 'phone during the paused countdown');
    }
    if (status === 'Finished') {
      await display.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 10_000 });
      break;
    }
    await batteryStep(display, turn);
    await display.waitForTimeout(120);
  }
  for (const test of ['sloan', 'duoChrome', 'diamond', 'astigAxis', 'spokeCircle', 'presbyopia']) {
    expect(
      [...seen].some((s) => s.startsWith(`InTest ${test} `)),
      `the battery ran ${test}`,
    ).toBe(true);
  }
  expect(
    [...seen].some((s) => s.startsWith('InTest diamond rgb(128, 128, 128)')),
    "Diamond's medium rounds",
  ).toBe(true);
  expect(pausedOnce, 'a countdown was paused').toBe(true);
  await audit(phone, 'phone at the end of the battery');
  await phoneContext.close();

  // The results with data: the result just taken, the list with its chart, the optical history, and
  // the report a share link opens.
  await expect(display).toHaveURL(/\/user\/results\?id=[\w-]+$/, { timeout: 15_000 });
  const resultId = new URL(display.url()).searchParams.get('id')!;
  await openScreen(display, display.url());
  await audit(display, 'result page with data');
  await snap('result');
  for (const path of ['/user/results', '/user/history']) {
    await openScreen(display, `${server.url}${path}`);
    await audit(display, `${path} with data`);
  }
  const link = await display.request.post(`${server.url}/api/v1/tests/results/${resultId}/share-links`, {
    headers: { Authorization: token },
    data: { days: 3 },
  });
  expect(link.status()).toBe(201);
  const { url } = ((await link.json()) as { data: { url: string } }).data;
  await openScreen(display, url);
  await expect(display.getByRole('table', { name: 'Sloan' })).toBeVisible();
  await audit(display, 'shared report');
  await desktop.close();

  // The admin's screens with rows: the users (this journey's person among them) and an invite.
  const adminView = await adminPage(browser);
  const adminToken = await adminView.evaluate(() => localStorage.getItem('token'));
  const invite = await adminView.request.post(`${server.url}/api/v1/admin/invites`, {
    headers: { Authorization: adminToken ?? '' },
    data: { email: 'invited.person@example.org', role: 'user' },
  });
  expect(invite.status()).toBe(201);
  for (const path of ['/admin/profiles', '/admin/invite']) {
    await openScreen(adminView, `${server.url}${path}`);
    await expect(adminView.getByRole('row').nth(1)).toBeVisible();
    await audit(adminView, `${path} with rows`);
  }
  await adminView.context().close();

  const list = testInfo.outputPath('audited-states.txt');
  fs.writeFileSync(list, `${audited.join('\n')}\n`);
  await testInfo.attach('audited states', { path: list, contentType: 'text/plain' });
  expect(findings).toEqual([]);
});
