import { expect, test, type Page } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { screenshotter } from './support/screens';

/**
 * Issue 4's "What a person can do": calibrate the screen with a bank card by dragging the slider, see
 * what the screen can measure, calibrate the gamma, and fill in the optical history, which survives a
 * reload. The card drawn on screen is measured in a screenshot: it must be the calibrated size within 1 px.
 */
const server = new VisusServer();

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const ID1_WIDTH_MM = 85.6;
const ID1_HEIGHT_MM = 53.98;

async function signUp(page: Page): Promise<void> {
  const response = await page.request.post(`${server.url}/api/v1/auth/register`, {
    data: {
      name: 'Grace Hopper',
      email: `grace.${Date.now()}@example.org`,
      password: 'calibrate me 123',
      dob: '1956-12-09',
    },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
}

/**
 * Measures the drawn card in a PNG screenshot: along the middle row and column, each pixel counts by how
 * much of the card colour it holds (anti-aliased edges count in part), so the result is sub-pixel.
 */
async function measureCard(page: Page): Promise<{ width: number; height: number }> {
  const card = page.getByTestId('calibration-card');
  await card.scrollIntoViewIfNeeded();
  const box = await card.boundingBox();
  if (!box) throw new Error('card not visible');
  const margin = 12;
  const clip = {
    x: box.x - margin,
    y: box.y - margin,
    width: box.width + 2 * margin,
    height: box.height + 2 * margin,
  };
  const png = await page.screenshot({ clip });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    const red = (x: number, y: number) => data[(y * width + x) * 4] ?? 0;
    const background = red(1, 1);
    const cardRed = red(Math.floor(width / 2), Math.floor(height * 0.25));
    const coverage = (x: number, y: number) =>
      Math.min(1, Math.max(0, (background - red(x, y)) / (background - cardRed)));
    let across = 0;
    const midY = Math.floor(height * 0.25);
    for (let x = 0; x < width; x += 1) across += coverage(x, midY);
    let down = 0;
    const midX = Math.floor(width * 0.75);
    for (let y = 0; y < height; y += 1) down += coverage(midX, y);
    return { width: across, height: down };
  }, png.toString('base64'));
}

test('a person calibrates the screen with a card, sets the gamma and keeps an optical history', async ({
  page,
  browser,
}, testInfo) => {
  const snap = screenshotter(page, testInfo);
  await signUp(page);

  // Setup: the card method, matched by dragging the slider
  await page.goto(`${server.url}/user/setup`);
  await expect(page).toHaveTitle('Visus | Setup');
  await expect(page.getByRole('heading', { name: 'Screen calibration' })).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Card width' });
  const before = Number(await slider.getAttribute('aria-valuenow'));
  const thumb = page.locator('.MuiSlider-thumb').first();
  const start = await thumb.boundingBox();
  if (!start) throw new Error('slider thumb not visible');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 60, start.y + start.height / 2, { steps: 10 });
  await page.mouse.up();
  const dragged = Number(await slider.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThan(before);
  // A fine step with the keyboard
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  const widthPx = Number(await slider.getAttribute('aria-valuenow'));
  expect(widthPx).toBe(dragged - 0.5);
  const pxPerMm = widthPx / ID1_WIDTH_MM;
  await expect(page.getByTestId('card-readout')).toHaveText(
    `Card width ${widthPx.toFixed(1)} px → ${pxPerMm.toFixed(3)} pixels per mm`,
  );

  // The drawn card is the calibrated size, measured in the screenshot (within 1 px)
  const measured = await measureCard(page);
  expect(Math.abs(measured.width - widthPx)).toBeLessThanOrEqual(1);
  expect(Math.abs(measured.height - ID1_HEIGHT_MM * pxPerMm)).toBeLessThanOrEqual(1);

  // Distance and summary
  const distance = page.getByLabel('Viewing distance (metres)');
  await distance.fill('3');
  const summary = page.getByRole('region', { name: 'Calibration summary' });
  await expect(summary.getByText('Pixels per degree')).toBeVisible();
  await expect(summary.getByText((pxPerMm * 3000 * Math.tan(Math.PI / 180)).toFixed(1))).toBeVisible();
  await expect(summary.getByText('Smallest measurable')).toBeVisible();
  await snap('setup-card');
  await page.getByRole('button', { name: 'Save calibration' }).click();
  await expect(page.getByText('Calibration saved')).toBeVisible();

  // Saved on the server: a reload shows it and starts the slider where it was
  await page.reload();
  await expect(page.getByText(`Saved: ${pxPerMm.toFixed(3)} pixels per mm at 3.00 m.`)).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Card width' })).toHaveAttribute(
    'aria-valuenow',
    String(widthPx),
  );

  // Calibrate Colour from the drawer
  await page.getByRole('button', { name: 'open navigation' }).click();
  await page.locator('.MuiDrawer-paper').getByRole('link', { name: 'Calibrate Colour', exact: true }).click();
  await expect(page).toHaveURL(/\/user\/gamma$/);
  await expect(page.getByRole('heading', { name: 'Screen gamma' })).toBeVisible();
  const grey = page.getByRole('slider', { name: 'Grey level' });
  await grey.focus();
  for (let i = 0; i < 58; i += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('gamma-readout')).toHaveText('Grey level 186 → gamma 2.20');
  await snap('gamma');
  await page.getByRole('button', { name: 'Save gamma' }).click();
  await expect(page.getByText('Gamma 2.20 saved')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Saved gamma: 2.20.')).toBeVisible();

  // Optical history: answer, save, reload, find the answers
  await page.goto(`${server.url}/user/history`);
  await expect(page).toHaveTitle('Visus | Optical History');
  await page.getByLabel('Dry eye').check();
  await page.getByLabel('Details (which eye, when diagnosed, treatment)').fill('Both eyes, drops since 2022');
  await page.getByLabel('When and where was your last eye examination?').fill('March 2023 at an optometrist');
  await page.getByLabel('Driving', { exact: true }).check();
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Leaving with unsaved changes asks first
  await page.getByRole('link', { name: 'Visus, go to my account' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and save' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(/\/user\/history$/);
  await page.getByRole('button', { name: 'open navigation' }).click();
  await page.locator('.MuiDrawer-paper').getByRole('link', { name: 'Setup', exact: true }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page).toHaveURL(/\/user\/history$/);

  await page.getByRole('button', { name: 'Save answers' }).click();
  await expect(page.getByText('Optical history saved')).toBeVisible();
  await snap('history-saved');
  await page.reload();
  await expect(page.getByLabel('Dry eye')).toBeChecked();
  await expect(page.getByLabel('Driving', { exact: true })).toBeChecked();
  await expect(page.getByLabel('Details (which eye, when diagnosed, treatment)')).toHaveValue(
    'Both eyes, drops since 2022',
  );
  await expect(page.getByLabel('When and where was your last eye examination?')).toHaveValue(
    'March 2023 at an optometrist',
  );
  await expect(page.getByText('3 of 12 answered')).toBeVisible();

  // The same account on a screen with another devicePixelRatio (as after browser zoom): Setup warns
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const zoomed = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 1280, height: 800 } });
  try {
    const other = await zoomed.newPage();
    await other.goto(server.url);
    await other.evaluate((value) => localStorage.setItem('token', value ?? ''), token);
    await other.goto(`${server.url}/user/setup`);
    await expect(
      other.getByText(/browser zoom or display scaling has changed since you calibrated/),
    ).toBeVisible();
  } finally {
    await zoomed.close();
  }
});
