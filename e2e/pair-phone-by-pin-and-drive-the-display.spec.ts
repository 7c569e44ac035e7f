import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { VisusServer } from './support/visus-server';
import { calibrate, signUp, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { PHONE } from './support/phone';

/**
 * Issue 5's phone journey: a signed-in person starts a test on the computer, pairs a phone by typing the
 * pin at /connect, answers the correction question on the phone and drives the test with its buttons;
 * the phone goes offline and comes back on the same question. The first journey drives the real test
 * screen on the computer; the second plays the display with a socket.io client (the display protocol of
 * docs/realtime.md), so every key the phone sends is checked exactly as the display receives it, and
 * adds a reload, a second phone, a wrong pin and the end of the session.
 */
const server = new VisusServer();
const person = { name: 'Ada Lovelace', emailName: 'ada', password: 'pair my phone 123', dob: '1970-12-10' };

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('a person pairs a phone with the test screen by its pin and answers Sloan letters on it', async ({
  browser,
}, testInfo) => {
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, person);
  await calibrate(computer, server, token);
  const pin = await startSingleTest(computer.request, server, token, 'sloan');

  // The computer shows the check screen with the pairing panel; the person reads the pin off it.
  await computer.goto(`${server.url}/user/test/${pin}`);
  const screen = computer.getByTestId('test-screen');
  const shown = computer.getByTestId('pairing-pin');
  await expect(shown).toBeVisible();
  await expect(
    computer.getByRole('img', { name: `QR code that opens ${server.url}/controller/${pin}` }),
  ).toBeVisible();
  const displayShot = screenshotter(computer, testInfo);
  await displayShot('display-pairing');
  const typed = (await shown.textContent()) ?? '';

  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  const shot = screenshotter(phone, testInfo);
  await phone.goto(`${server.url}/connect`);
  await phone.getByRole('textbox', { name: 'Code on your screen' }).fill(typed);
  await phone.getByRole('button', { name: 'Connect' }).tap();
  await expect(phone).toHaveURL(`${server.url}/controller/${pin}`);

  // The display asks; the phone answers the correction; the phone offers START.
  await expect(phone.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeVisible();
  await phone.getByRole('button', { name: /^Contact lenses/ }).tap();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeEnabled();
  await expect(phone.getByText('Cover your LEFT eye')).toBeVisible();
  await shot('real-phone-ready');
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');

  // Each letter pressed on the phone is an answer on the display: the round counter moves on.
  const letters = phone.getByRole('group', { name: 'Letters' });
  await expect(letters.getByRole('button')).toHaveCount(26);
  await expect(computer.getByText('Progress: 1 / 30')).toBeVisible();
  await shot('real-phone-letters');
  await letters.getByRole('button', { name: 'K', exact: true }).tap();
  await expect(computer.getByText('Progress: 2 / 30')).toBeVisible();
  await letters.getByRole('button', { name: 'C', exact: true }).tap();
  await expect(computer.getByText('Progress: 3 / 30')).toBeVisible();

  // Offline and back: the phone rejoins on the same question and its answers count again.
  await phoneContext.setOffline(true);
  await expect(phone.getByTestId('controller-status')).toHaveText('Reconnecting…', { timeout: 60_000 });
  await phoneContext.setOffline(false);
  await expect(phone.getByTestId('controller-status')).toHaveText('Connected', { timeout: 30_000 });
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await letters.getByRole('button', { name: 'S', exact: true }).tap();
  await expect(computer.getByText('Progress: 4 / 30')).toBeVisible();
  await displayShot('display-after-phone-answers');

  // The phone's tab closes: the display says so at once, and once the server's grace period has passed
  // another phone takes over with the same code and goes on where the test is (issue 15).
  await phone.close();
  const left = computer.getByTestId('phone-left');
  await expect(left).toBeVisible();
  await expect(left).toContainText('Your phone has left the test');
  await expect(left).toContainText(typed);
  await displayShot('display-phone-left');
  await expect(left).not.toContainText('possible in', { timeout: 30_000 });
  const secondContext = await browser.newContext(PHONE);
  const second = await secondContext.newPage();
  await second.goto(`${server.url}/connect`);
  await second.getByRole('textbox', { name: 'Code on your screen' }).fill(typed);
  await second.getByRole('button', { name: 'Connect' }).tap();
  const secondLetters = second.getByRole('group', { name: 'Letters' });
  await expect(secondLetters.getByRole('button', { name: 'V', exact: true })).toBeEnabled();
  await expect(left).toBeHidden();
  await secondLetters.getByRole('button', { name: 'V', exact: true }).tap();
  await expect(computer.getByText('Progress: 5 / 30')).toBeVisible();
  await screenshotter(second, testInfo)('second-phone-took-over');

  await Promise.all([desktop.close(), phoneContext.close(), secondContext.close()]);
});

interface Received {
  event: string;
  payload: Record<string, unknown>;
}

/** The display's socket, as the test screen uses it: it acknowledges every relayed event. */
function displaySocket(token: string, pin: string) {
  const received: Received[] = [];
  const socket: Socket = io(`${server.url}/tests`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { role: 'display', token, pin },
    reconnection: false,
  });
  socket.onAny((event: string, payload: Record<string, unknown>, ack?: unknown) => {
    received.push({ event, payload });
    if (typeof ack === 'function') (ack as (answer: unknown) => void)({ ok: true });
  });
  const emit = (event: string, payload: Record<string, unknown>) =>
    socket.timeout(5000).emitWithAck(event, payload) as Promise<{ ok: boolean; delivered?: boolean }>;
  const keys = () => received.filter((r) => r.event === 'controller-key').map((r) => r.payload.key);
  return { socket, received, emit, keys };
}

test('a phone drives the display protocol through a drop, a reload, a second phone and the end', async ({
  browser,
}, testInfo) => {
  // The computer: signed in, a Landolt C test session created.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, person);
  const pin = await startSingleTest(computer.request, server, token, 'landoltC');
  expect(pin).toMatch(/^[A-Z2-9]{8}$/);

  const display = displaySocket(token, pin);
  await expect.poll(() => display.socket.connected).toBe(true);

  // The phone: typed pin at /connect (lower case, with a dash, as people type).
  const phoneContext = await browser.newContext(PHONE);
  const phone = await phoneContext.newPage();
  const shot = screenshotter(phone, testInfo);
  await phone.goto(`${server.url}/connect`);
  await expect(phone).toHaveTitle(/Connect/);
  await phone
    .getByRole('textbox', { name: 'Code on your screen' })
    .fill(`${pin.slice(0, 4).toLowerCase()}-${pin.slice(4).toLowerCase()}`);
  await shot('phone-connect');
  await phone.getByRole('button', { name: 'Connect' }).tap();
  await expect(phone).toHaveURL(`${server.url}/controller/${pin}`);
  const status = phone.getByTestId('controller-status');
  await expect(status).toHaveText('Connected');
  await expect(phone.getByRole('heading', { name: 'Waiting for your screen' })).toBeVisible();
  await shot('phone-waiting');
  // The phone asked the display where the test is as soon as it joined.
  await expect.poll(() => display.received.some((r) => r.event === 'sync-display')).toBe(true);

  // Handshake step 1 → the correction question on the phone → step 2 reaches the display.
  expect(await display.emit('sync-controller', { testStatus: 'Check', currentTest: 'landoltC' })).toEqual({
    ok: true,
    delivered: true,
  });
  await expect(phone.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeVisible();
  await shot('phone-correction');
  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await expect
    .poll(() => display.received.find((r) => r.event === 'controller-ready')?.payload.correction)
    .toBe('Glasses');

  // Ready: one big START.
  await display.emit('display-key', { currentTest: 'landoltC', testStatus: 'Ready', partBMethod: '' });
  await expect(phone.getByText('Cover your LEFT eye')).toBeVisible();
  await shot('phone-ready');
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect.poll(display.keys).toEqual(['continue']);

  // In the test: the eight directions.
  await display.emit('display-status', { testStatus: 'InTest' });
  const pad = phone.getByRole('group', { name: 'Directions' });
  await expect(pad.getByRole('button')).toHaveCount(8);
  for (const button of await pad.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(56);
  }
  await shot('phone-landolt-pad');
  await pad.getByRole('button', { name: 'Up-left' }).tap();
  await pad.getByRole('button', { name: 'Right', exact: true }).tap();
  await expect.poll(display.keys).toEqual(['continue', '135', '0']);
  await expect(phone.getByText('Sent: Right')).toBeVisible();

  // The phone loses the network: it says so, and its buttons stop.
  await phoneContext.setOffline(true);
  await expect(status).toHaveText('Reconnecting…', { timeout: 60_000 });
  await expect(pad.getByRole('button', { name: 'Up', exact: true })).toBeDisabled();
  await shot('phone-offline');

  // Back online: the same phone (its stored key) rejoins, asks the display, and is on the same question.
  const syncs = display.received.filter((r) => r.event === 'sync-display').length;
  display.socket.off('sync-display');
  display.socket.on('sync-display', () => {
    void display.emit('display-reconnect', {
      state: { testStatus: 'InTest', currentTest: 'landoltC', partBMethod: '', correction: 'Glasses' },
    });
  });
  await phoneContext.setOffline(false);
  await expect(status).toHaveText('Connected', { timeout: 30_000 });
  await expect
    .poll(() => display.received.filter((r) => r.event === 'sync-display').length)
    .toBeGreaterThan(syncs);
  await expect(pad.getByRole('button', { name: 'Down', exact: true })).toBeEnabled();
  await shot('phone-back-online');
  await pad.getByRole('button', { name: 'Down', exact: true }).tap();
  await expect.poll(display.keys).toEqual(['continue', '135', '0', '270']);

  // A reload keeps the phone's key and its answer: still paired, still on the question.
  await phone.reload();
  await expect(status).toHaveText('Connected');
  await expect(pad.getByRole('button', { name: 'Down-left' })).toBeEnabled();
  await pad.getByRole('button', { name: 'Down-left' }).tap();
  await expect.poll(display.keys).toEqual(['continue', '135', '0', '270', '225']);

  // The display moves through other tests: the phone shows each test's pad.
  for (const [test, group] of [
    ['astigAxis', 'Which image is clearer'],
    ['spokeEllipse', 'Adjust the shape'],
    ['diamond', 'Diamond tiles'],
    ['duoChrome', 'Which letters are clearer'],
  ] as const) {
    await display.emit('display-key', { currentTest: test, testStatus: 'InTest' });
    await expect(phone.getByRole('group', { name: group })).toBeVisible();
    await shot(`phone-pad-${test}`);
  }
  await display.emit('display-key', { currentTest: 'presbyopia', testStatus: 'InTest' });
  const field = phone.getByRole('textbox', { name: 'Prescription in dioptres' });
  await field.fill('-2.75');
  await phone.getByRole('radio', { name: 'Above 1.9m' }).check();
  await shot('phone-pad-presbyopia');
  await phone.getByRole('button', { name: 'Submit' }).tap();
  await expect.poll(() => display.keys().at(-1)).toBe('rx_-275_2');

  // Another phone with the same pin is refused; a wrong pin is refused.
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const other = await stranger.newPage();
  await other.goto(`${server.url}/controller/${pin}`);
  await expect(other.getByTestId('controller-status')).toHaveText(
    'Another phone is already connected to this session',
  );
  const wrong = pin === 'ABCDEFGH' ? 'ABCDEFGJ' : 'ABCDEFGH';
  await other.goto(`${server.url}/controller/${wrong}`);
  await expect(other.getByTestId('controller-status')).toHaveText('Test session not found');
  await expect(other.getByRole('link', { name: 'Enter the code again' })).toBeVisible();

  // The session is completed on the computer: the phone is told it has ended.
  const completed = await computer.request.patch(`${server.url}/api/v1/tests/session/${pin}`, {
    headers: { Authorization: token },
  });
  expect(completed.ok()).toBe(true);
  await expect(status).toHaveText('This test session has ended');
  await shot('phone-ended');

  display.socket.disconnect();
  await Promise.all([desktop.close(), phoneContext.close(), stranger.close()]);
});
