import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibrate, signUp, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { pairPhone } from './support/phone';

/**
 * Issue 23 item 2 (docs/adr/0017): a person takes Astigmatism Axis from the phone. Each eye starts with the
 * rotating letter (0/90/180/270 on the phone, the letter turning on the display, its fraction 6/9.5 at the
 * top right since no acuity is known yet), then the image pair, started on the meridian the letter chose.
 */
const server = new VisusServer();
const person = {
  name: 'Grace Hopper',
  emailName: 'grace',
  password: 'turn the letter 123',
  dob: '1966-12-09',
};

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a person turns the letter and answers the images of Astigmatism Axis on the phone', async ({
  browser,
}, testInfo) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, person);
  // 3 m: the 6/9.5 letter is drawable, so it is shown at the fallback size itself.
  await calibrate(computer, server, token, { pixelsPerMm: 3.78, distanceMm: 3000 });
  const pin = await startSingleTest(computer.request, server, token, 'astigAxis');
  await computer.goto(`${server.url}/user/test/${pin}`);
  const screen = computer.getByTestId('test-screen');
  await expect(computer.getByTestId('pairing-pin')).toBeVisible();

  const { context: phoneContext, phone } = await pairPhone(browser, server, pin);
  const shot = screenshotter(phone, testInfo);
  const displayShot = screenshotter(computer, testInfo);
  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');

  // The right eye: the letter, at 6/9.5, turned from the phone.
  const letter = computer.getByTestId('axis-letter');
  await expect(letter).toHaveAttribute('data-fraction', '6/9.5');
  await expect(computer.getByTestId('rotating-letter-fraction')).toHaveText('6/9.5');
  const turns = phone.getByRole('group', { name: 'Turn the letter' });
  await expect(turns.getByRole('button')).toHaveCount(4);
  await shot('axis-phone-letter');
  await turns.getByRole('button', { name: 'Turn the letter to 90°' }).tap();
  await expect(letter).toHaveAttribute('data-rotation', '90');
  await turns.getByRole('button', { name: 'Turn the letter to 180°' }).tap();
  await expect(letter).toHaveAttribute('data-rotation', '180');
  await displayShot('axis-display-letter');
  // Sharpest with the bars horizontal: the images start on 180° (160° and 20°).
  await phone.getByRole('button', { name: 'This turn is the sharpest' }).tap();
  await expect(computer.getByTestId('axis-pair-step')).toBeVisible();
  await expect(computer.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '160');
  await expect(computer.getByTestId('axis-image-right')).toHaveAttribute('data-orientation', '20');
  const images = phone.getByRole('group', { name: 'Which image is clearer' });
  await expect(images).toBeVisible();
  await shot('axis-phone-images');
  await images.getByRole('button', { name: 'Both look the same' }).tap();
  await expect(phone.getByText('Sent: Same')).toBeVisible();
  // The display ignores the same key twice within 100 ms (SPEC.md §4 "Key handling"): "Sent" shows as soon
  // as the display has the key, so a second tap at once could fall inside that window.
  await phone.waitForTimeout(150);
  await images.getByRole('button', { name: 'Both look the same' }).tap();

  // Astigmatism Axis repeats on the left eye, which starts with the letter again.
  await expect(screen).toHaveAttribute('data-status', 'Repeat');
  await phone.getByRole('button', { name: 'Continue' }).tap();
  await expect(computer.getByTestId('axis-letter-step')).toBeVisible();
  await expect(phone.getByRole('group', { name: 'Turn the letter' })).toBeVisible();
  await phone.getByRole('button', { name: 'Every turn looks the same' }).tap();
  await expect(computer.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '70');
  const leftImages = phone.getByRole('group', { name: 'Which image is clearer' });
  await leftImages.getByRole('button', { name: 'Left image is clearer' }).tap();
  await expect(computer.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '60');
  await leftImages.getByRole('button', { name: 'Both look the same' }).tap();
  await expect(phone.getByText('Sent: Same')).toBeVisible();
  await phone.waitForTimeout(150); // the same key again: after the display's 100 ms (above)
  await leftImages.getByRole('button', { name: 'Both look the same' }).tap();

  // The single test ends: both eyes saved, the letter with them.
  await expect(computer).toHaveURL(/\/user\/results/, { timeout: 20_000 });
  const stored = await computer.request.get(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
  });
  const body = (await stored.json()) as {
    data: { results: { data: { astigAxis: Record<string, Record<string, unknown>> } }[] };
  };
  expect(body.data.results[0]!.data.astigAxis).toEqual({
    right: {
      endpoint: 180,
      firstResponseKey: 'same',
      secondResponseKey: 'same',
      finding: 'axis',
      letter: 'horizontal',
    },
    left: {
      endpoint: 80,
      firstResponseKey: 'left',
      secondResponseKey: 'same',
      finding: 'axis',
      letter: 'none',
    },
  });
  await desktop.close();
  await phoneContext.close();
});
