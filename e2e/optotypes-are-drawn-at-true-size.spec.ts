import { expect, test, type Browser, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * Issue 6 scope 6: Sloan, Landolt C and Tumbling E are drawn at their true size. The admin's Colours
 * preview renders each optotype for a calibration given in the address; we screenshot every optotype at
 * device resolution, find the dark pixels, and compare the drawn height and the C's and E's gaps with
 * h = d · tan(5′ · 10^logMAR) × pxPerMm × devicePixelRatio (STIMULI.md "Sizes", DESIGN.md §7); Tumbling E
 * is drawn at the nearest multiple of 5 device px with every bar and gap exactly a fifth (issue 16 item 6).
 */
const server = new VisusServer();
const admin = { name: 'Ada Admin', email: 'ada.sizes@example.org', password: 'admin password 1' };

const CALIBRATIONS = [
  { pxPerMm: 3.78, distanceMm: 600 },
  { pxPerMm: 5.5, distanceMm: 3000 },
] as const;
const LOGMARS = [0, 0.3, 1] as const;
const KINDS = ['sloan', 'landolt-c', 'tumbling-e'] as const;

/** Exact optotype height in device px by the formula (no rounding). */
function formulaHeightDevicePx(logMAR: number, pxPerMm: number, distanceMm: number, dpr: number): number {
  const angleRad = ((5 * 10 ** logMAR) / 60) * (Math.PI / 180);
  return distanceMm * Math.tan(angleRad) * pxPerMm * dpr;
}

test.beforeAll(async () => {
  await server.createAccount({
    email: admin.email,
    password: admin.password,
    name: admin.name,
    role: 'admin',
  });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

async function adminPage(browser: Browser, deviceScaleFactor: number): Promise<Page> {
  const context = await browser.newContext({ deviceScaleFactor, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  return page;
}

interface Measured {
  /** Drawn height and width in device px, counting partly covered edge pixels by their coverage. */
  width: number;
  height: number;
  /** Light gaps between dark runs down the probe column, device px (C: 1 gap, E: 2 gaps). */
  gaps: number[];
}

/**
 * Decodes an element screenshot in the page (createImageBitmap: no image URL, so the CSP is untouched) and
 * measures the optotype by its ink, the way ISO 10938 judges anti-aliased edges: with darkness
 * k = 1 − v/255 per pixel (black on white), height = Σ over rows of the row's largest k (a fully covered
 * row counts 1, an anti-aliased edge row its coverage), width likewise over columns. Gaps are the light
 * runs (v ≥ 128) between dark runs down a column `probe` of the way across the optotype, each widened by
 * the light part (v/255) of the two edge rows around it.
 */
async function measure(page: Page, png: Buffer, probe: number): Promise<Measured> {
  return page.evaluate(
    async ({ base64, probe }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const value = (x: number, y: number) => data[(y * width + x) * 4]!;
      const ink = (x: number, y: number) => 1 - value(x, y) / 255;
      // The optotype's box (pixels more than half dark), then its ink over that box grown by one pixel for
      // the anti-aliased edges; the sample's white padding keeps the page background out of it.
      let left = width;
      let right = -1;
      let top = height;
      let bottom = -1;
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++)
          if (ink(x, y) > 0.5) {
            left = Math.min(left, x);
            right = Math.max(right, x);
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
      const rowInk: number[] = [];
      const columnInk: number[] = [];
      for (let y = top - 1; y <= bottom + 1; y++)
        for (let x = left - 1; x <= right + 1; x++) {
          const k = ink(x, y);
          rowInk[y - top + 1] = Math.max(rowInk[y - top + 1] ?? 0, k);
          columnInk[x - left + 1] = Math.max(columnInk[x - left + 1] ?? 0, k);
        }
      const x = Math.min(right, Math.floor(left + probe * (right - left + 1)));
      const light = (y: number) => value(x, y) >= 128;
      const gaps: number[] = [];
      let y = top;
      while (y <= bottom && light(y)) y++; // above the optotype's ink in this column
      while (y <= bottom) {
        while (y <= bottom && !light(y)) y++;
        const start = y;
        while (y <= bottom && light(y)) y++;
        if (y > bottom) break; // below the optotype: not a gap
        let gap = 0;
        for (let r = start - 1; r <= y; r++) gap += value(x, r) / 255;
        gaps.push(gap);
      }
      const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
      return { width: sum(columnInk), height: sum(rowInk), gaps };
    },
    { base64: png.toString('base64'), probe },
  );
}

for (const dpr of [1, 2]) {
  test(`optotypes are drawn at true size at devicePixelRatio ${dpr}`, async ({ browser }, testInfo) => {
    const page = await adminPage(browser, dpr);
    const snap = screenshotter(page, testInfo);
    for (const { pxPerMm, distanceMm } of CALIBRATIONS) {
      await page.goto(
        `${server.url}/admin/preview/colours?pxPerMm=${pxPerMm}&distanceMm=${distanceMm}&logmar=${LOGMARS.join(',')}`,
      );
      await expect(page).toHaveTitle(/Preview/);
      await expect(page.getByTestId('preview-viewing')).toContainText(`devicePixelRatio ${dpr}`);
      const section = page.getByRole('region', { name: 'Optotype sizes' });
      await section.scrollIntoViewIfNeeded();
      await snap(`sizes-${pxPerMm}-px-per-mm-${distanceMm}-mm`);
      for (const logMAR of LOGMARS) {
        const exact = formulaHeightDevicePx(logMAR, pxPerMm, distanceMm, dpr);
        const stroke = exact / 5;
        const row = page.getByTestId(`size-row-${logMAR}`);
        if (exact < 10) {
          // Under 10 device px is below the smallest level the tests show (core measurableRange, the one
          // range rule): the page says so, and the procedure never goes there.
          await expect(row).toContainText('not measurable on this screen');
          continue;
        }
        await expect(row).not.toContainText('not measurable');
        for (const kind of KINDS) {
          const sample = page.getByTestId(`size-sample-${kind}-${logMAR}`);
          const expected = Number(await sample.getAttribute('data-expected-device-px'));
          // The page's own size (core) agrees with the formula to half a device pixel; Tumbling E snaps to
          // the nearest multiple of 5 device px (whole-pixel strokes), within 2.5 px.
          if (kind === 'tumbling-e') {
            expect(expected % 5).toBe(0);
            expect(Math.abs(expected - exact)).toBeLessThanOrEqual(2.5);
          } else expect(Math.abs(expected - exact)).toBeLessThanOrEqual(0.5);
          // Probe columns: the C's right-hand stroke (its gap) and the E's bars (its two gaps).
          const probe = kind === 'landolt-c' ? 0.9 : 0.7;
          const m = await measure(page, await sample.screenshot({ animations: 'disabled' }), probe);
          const where = `${kind} at logMAR ${logMAR}, ${pxPerMm} px/mm, ${distanceMm} mm, dpr ${dpr}`;
          if (kind === 'tumbling-e') {
            // Crisp edges and whole-pixel strokes: the height is exactly the snapped size and every gap is
            // exactly a fifth of it (stroke error 0; before, 2 or 3 px for a 2.6 px stroke).
            expect(m.height, `height of ${where}`).toBeCloseTo(expected, 1);
            expect(m.width, `width of ${where}`).toBeCloseTo(expected, 1);
            expect(m.gaps, `gaps of ${where}`).toHaveLength(2);
            for (const gap of m.gaps) expect(gap, `gap of ${where}`).toBeCloseTo(expected / 5, 1);
            continue;
          }
          // Within 1 device pixel of the formula and within 5 % (ISO 10938): for sizes of 20 px and more the
          // pixel is the tighter bound, below that 5 % is less than the pixel grid can resolve.
          const tolerance = (size: number) => (size >= 20 ? Math.min(1, 0.05 * size) : 1);
          expect(
            Math.abs(m.height - exact),
            `height of ${where}: ${m.height} vs ${exact}`,
          ).toBeLessThanOrEqual(tolerance(exact));
          if (kind !== 'landolt-c')
            expect(
              Math.abs(m.width - exact),
              `width of ${where}: ${m.width} vs ${exact}`,
            ).toBeLessThanOrEqual(tolerance(exact));
          // Gaps (= stroke, h / 5) can only be measured when a stroke spans at least 2 device pixels.
          if (stroke < 2) continue;
          if (kind === 'landolt-c') {
            expect(m.gaps, `gaps of ${where}`).toHaveLength(1);
            expect(
              Math.abs(m.gaps[0]! - stroke),
              `gap of ${where}: ${m.gaps[0]} vs ${stroke}`,
            ).toBeLessThanOrEqual(1);
          }
        }
      }
    }
    await page.context().close();
  });
}
