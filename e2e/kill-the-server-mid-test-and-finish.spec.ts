import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { stuckGuard } from './support/stuck-guard';
import { answerPad, pairPhone, tapIfEnabled } from './support/phone';

/**
 * Issue 9 part 4, "faults survived, nothing lost": a calibrated person takes a Landolt C test on the
 * computer, driven by a paired phone. In the middle of the right eye the server process is killed with
 * SIGKILL (no shutdown, the embedded database left as a crash leaves it) and started again on the same
 * data folder and port. The display and the phone both say that they are reconnecting, reconnect by
 * themselves, and the test goes on where it was: the page is not reloaded, so the display keeps its
 * round (a reload of the display is reload-the-display-mid-test-and-go-on.spec.ts). The test finishes
 * and the server holds exactly one result for the session, with both eyes.
 */
const server = new VisusServer();
const person = { name: 'Kim Crash', emailName: 'kim', password: 'kill dash nine 123', dob: '1979-03-14' };

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

const DIRECTIONS = ['Up', 'Right', 'Down', 'Left', 'Up-left', 'Up-right', 'Down-left', 'Down-right'];
/** The right eye's round at which the server is killed (mid-eye: rounds were answered before it). */
const KILL_AT_ROUND = 5;

test('the server is killed mid-eye: display and phone reconnect, the test finishes, one result is stored', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const displayShot = screenshotter(computer, testInfo);
  const token = await calibratedPerson(computer, server, person);
  const pin = await startSingleTest(computer.request, server, token, 'landoltC');
  await computer.goto(`${server.url}/user/test/${pin}`);
  const screen = computer.getByTestId('test-screen');
  await expect(computer.getByTestId('pairing-pin')).toBeVisible();

  // The phone pairs, answers the correction question and starts the test.
  const { context: phoneContext, phone } = await pairPhone(browser, server, pin);
  const phoneShot = screenshotter(phone, testInfo);
  const status = phone.getByTestId('controller-status');
  await expect(status).toHaveText('Connected');
  await expect(phone.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeVisible();
  await phone.getByRole('button', { name: /^Glasses/ }).tap();
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect(screen).toHaveAttribute('data-eye', 'right');
  const pad = phone.getByRole('group', { name: 'Directions' });
  const answer = answerPad(pad);
  const displayLink = computer.getByTestId('display-link-status');

  const guard = stuckGuard({ display: computer, phone });
  let killed = false;
  let answeredAfterKill = false;
  for (let turn = 0; turn < 400; turn += 1) {
    const state = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
    if (state === 'Finished' || computer.url().includes('/results')) break;
    await guard(state === 'InTest' ? `${state} ${turn}` : state);
    if (state !== 'InTest') {
      // Between the eyes: CONTINUE on the phone (the display also goes on by itself after 10 s).
      await tapIfEnabled(phone.getByRole('button', { name: /^(Continue|Start)$/ }));
      await computer.waitForTimeout(200);
      continue;
    }
    const eye = (await screen.getAttribute('data-eye')) ?? '';
    const round = Number(await screen.getAttribute('data-round'));

    if (!killed && eye === 'right' && round === KILL_AT_ROUND) {
      killed = true;
      await expect(computer.getByText(new RegExp(`^Progress: ${KILL_AT_ROUND} / \\d+$`))).toBeVisible();
      await server.kill(async () => {
        // The server is gone: both sides say so, and the phone's buttons stop.
        await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
        await expect(status).toHaveText('Reconnecting…', { timeout: 30_000 });
        await expect(pad.getByRole('button', { name: 'Up', exact: true })).toBeDisabled();
        await expect(displayLink).toContainText('Connecting to the server again');
        await phoneShot('phone-server-killed');
        await displayShot('display-server-killed');
      });
      // Back on the same data folder and port: both reconnect by themselves (socket.io retries every
      // 1–5 s), and the display is still on the same eye and round (nothing restarted).
      await expect(status).toHaveText('Connected', { timeout: 30_000 });
      await expect(displayLink).toBeHidden({ timeout: 30_000 });
      await expect(screen).toHaveAttribute('data-status', 'InTest');
      await expect(screen).toHaveAttribute('data-eye', 'right');
      await expect(screen).toHaveAttribute('data-round', String(KILL_AT_ROUND));
      await expect(pad.getByRole('button', { name: 'Up', exact: true })).toBeEnabled({ timeout: 15_000 });
      await phoneShot('phone-reconnected');
      await displayShot('display-reconnected');
    }

    await answer(DIRECTIONS[turn % DIRECTIONS.length]!);
    // The answer reached the display through the (possibly restarted) server: the round moves on.
    await expect
      .poll(async () => [
        await screen.getAttribute('data-status'),
        await screen.getAttribute('data-eye'),
        await screen.getAttribute('data-round'),
      ])
      .not.toEqual(['InTest', eye, String(round)]);
    if (killed && !answeredAfterKill) {
      // The first answer after the restart counted on the round the display was on.
      answeredAfterKill = true;
      await expect(screen).toHaveAttribute('data-eye', 'right');
      await expect(screen).toHaveAttribute('data-round', String(KILL_AT_ROUND + 1));
    }
  }
  expect(killed, 'the server was killed during the right eye').toBe(true);
  expect(server.log).toContain('--- killed with SIGKILL ---');

  await expect(computer.getByText('Test Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  await computer.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 10_000 });
  await displayShot('display-results');
  expect(await computer.evaluate(() => localStorage.getItem('visus.resultsOutbox'))).toBe('[]');

  // Exactly one result for the session, with both eyes, on the restarted server.
  const stored = await computer.request.get(`${server.url}/api/v1/tests/results`, {
    headers: { Authorization: token },
  });
  expect(stored.status()).toBe(200);
  const body = (await stored.json()) as {
    data: {
      total: number;
      results: { session: string; setup: Record<string, unknown>; data: Record<string, unknown> }[];
    };
  };
  expect(body.data.total).toBe(1);
  const [result] = body.data.results;
  expect(result!.session).toBe(pin);
  expect(result!.setup).toMatchObject({ singleTest: 'landoltC', correction: 'Glasses', testMode: false });
  for (const eye of ['right', 'left'] as const) {
    const measured = (result!.data.landoltC as Record<string, { rounds: number; va: number }>)[eye];
    expect(measured, `${eye} eye stored`).toBeDefined();
    expect(measured!.rounds).toBeGreaterThan(0);
    expect(Number.isFinite(measured!.va)).toBe(true);
  }
  // The right eye's rounds carry on across the crash (answered before it, then after it).
  expect((result!.data.landoltC as Record<string, { rounds: number }>).right!.rounds).toBeGreaterThan(
    KILL_AT_ROUND,
  );

  // The session is completed, so a further save of it would find this same row (saved once).
  const session = await computer.request.get(`${server.url}/api/v1/tests/session/${pin}`, {
    headers: { Authorization: token },
  });
  expect(((await session.json()) as { data: { status: string } }).data.status).toBe('completed');

  await Promise.all([desktop.close(), phoneContext.close()]);
});
