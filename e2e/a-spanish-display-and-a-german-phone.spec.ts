import { expect, test, type Page } from '@playwright/test';
import { axeFindings } from './support/axe';
import { calibratedPerson, startSingleTest } from './support/people';
import { answerPad, pairPhone, tapIfEnabled } from './support/phone';
import { screenshotter } from './support/screens';
import { recordSpeech, spoken } from './support/speech';
import { stuckGuard } from './support/stuck-guard';
import { VisusServer } from './support/visus-server';

/**
 * Issue 20 item 4, the proof: one test, two languages. Carmen's account is in Spanish (her browser is
 * English, so the account is what makes the display Spanish) and she has "Speak instructions" on; she
 * takes Landolt C on her computer, answered from her phone, where her grandson picked German in the
 * phone's own picker. Each side keeps its own language: the display's Check, Ready, Continue and
 * Finished screens and its `<html lang>` in Spanish, the phone's headings, pad and buttons and its
 * `<html lang>` in German. The display speaks Spanish only, never while a ring is shown and never the
 * direction of a ring that was shown; the phone's German answers are taken and the result is stored.
 * Both sides pass axe (WCAG 2.2 A/AA) at three states each.
 */
const server = new VisusServer();
const person = {
  name: 'Carmen Ruiz',
  emailName: 'carmen',
  password: 'dos idiomas 12345',
  dob: '1948-06-21',
};

/** The gap's directions as the phone's German pad names them (degrees counter-clockwise from right). */
const RICHTUNG: Readonly<Record<number, string>> = {
  0: 'Rechts',
  45: 'Oben rechts',
  90: 'Oben',
  135: 'Oben links',
  180: 'Links',
  225: 'Unten links',
  270: 'Unten',
  315: 'Unten rechts',
};
/** Words that would name a ring's gap aloud, in Spanish and in English (lower case). */
const DIRECTION_WORDS = ['derecha', 'izquierda', 'arriba', 'abajo', 'right', 'left', 'up', 'down'];

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** The direction the shown C's gap points (degrees, 0 = right), read off core's rotate(−r 2.5 2.5). */
async function shownGap(page: Page): Promise<number> {
  const svg = page.getByTestId('optotype-landolt-c');
  const transform = (await svg.locator('path').first().getAttribute('transform', { timeout: 5_000 })) ?? '';
  const match = /rotate\((-?[\d.]+)/.exec(transform);
  return ((-Number(match?.[1] ?? 0) % 360) + 360) % 360;
}

test('a Spanish display and a German phone: each in its own words, spoken in Spanish, the result stored', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const desktop = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  await desktop.addInitScript(recordSpeech);
  const computer = await desktop.newPage();
  const displayShot = screenshotter(computer, testInfo);
  // At 3 m a 96-dpi screen draws the whole range, so Ready is the plain screen (no "move back" notice).
  const token = await calibratedPerson(computer, server, person, { pixelsPerMm: 3.78, distanceMm: 3000 });
  // Her account's language (the language picker stores it this way) and her voice choice on Setup.
  const auth = { Authorization: token };
  const language = await computer.request.put(`${server.url}/api/v1/auth/updatedetails`, {
    headers: auth,
    data: { language: 'es' },
  });
  expect(language.status()).toBe(200);
  const voice = await computer.request.put(`${server.url}/api/v1/tests/settings/speech`, {
    headers: auth,
    data: { speakInstructions: true },
  });
  expect(voice.status()).toBe(200);

  // She comes to her account on this computer: the account's Spanish wins over the browser's English,
  // and this device remembers it (so the test screen starts in Spanish, its first words included).
  await computer.goto(`${server.url}/user/dashboard`);
  await expect(computer.locator('html')).toHaveAttribute('lang', 'es');
  await expect(computer.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  await expect.poll(() => computer.evaluate(() => localStorage.getItem('visus.language'))).toBe('es');

  const pin = await startSingleTest(computer.request, server, token, 'landoltC');
  await computer.goto(`${server.url}/user/test/${pin}`);
  const screen = computer.getByTestId('test-screen');
  await expect(screen).toHaveAttribute('data-status', 'Check');
  await expect(computer.locator('html')).toHaveAttribute('lang', 'es');
  await expect(computer.getByRole('button', { name: '¿No tiene teléfono? Use este teclado' })).toBeVisible();
  await expect
    .poll(() => spoken(computer))
    .toEqual([
      { text: 'Conecte su teléfono con el código de la pantalla, o use este teclado.', lang: 'es-ES' },
    ]);
  await displayShot('display-check-es');

  // The phone's browser is English; German is picked in the phone's own picker and stays on the phone.
  const { context: phoneContext, phone } = await pairPhone(browser, server, pin);
  const phoneShot = screenshotter(phone, testInfo);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await phone.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');
  await expect(phone.getByTestId('controller-status')).toHaveText('Verbunden');
  await expect(phone.getByRole('heading', { name: 'Was tragen Sie bei diesem Test?' })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Große Schrift' })).toBeVisible();
  await expect(phone.getByRole('button', { name: /^Bildschirm spricht: an/ })).toBeVisible();
  // The phone's choice did not reach the display.
  await expect(computer.locator('html')).toHaveAttribute('lang', 'es');
  await phoneShot('phone-correction-de');
  const findings = await axeFindings(phone, 'phone: correction question (de)');

  await phone.getByRole('button', { name: /^Brille/ }).tap();
  // Ready as the display shows it once the phone has passed the handshake (core: Checked).
  await expect(screen).toHaveAttribute('data-status', 'Checked');
  await expect(computer.getByRole('heading', { name: 'Prueba C de Landolt lista' })).toBeVisible();
  await expect(computer.getByText('Tápese el ojo IZQUIERDO')).toBeVisible();
  await expect(computer.getByText(/^Pulse EMPEZAR en su teléfono/)).toBeVisible();
  await expect(phone.getByText('Decken Sie Ihr LINKES Auge ab')).toBeVisible();
  const start = phone.getByRole('button', { name: 'Starten', exact: true });
  await expect(start).toBeEnabled();
  await expect.poll(async () => (await spoken(computer)).at(-1)?.text).toMatch(/^Tápese el ojo izquierdo\./);
  await displayShot('display-ready-es');
  await phoneShot('phone-ready-de');
  findings.push(...(await axeFindings(computer, 'display: Ready (es)')));

  await start.tap();
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect.poll(async () => (await spoken(computer)).at(-1)?.text).toBe('La prueba ha comenzado.');
  const pad = phone.getByRole('group', { name: 'Richtungen' });
  await expect(pad.getByRole('button', { name: 'Oben', exact: true })).toBeEnabled();
  await expect(phone.getByRole('button', { name: 'Ich sehe es nicht' })).toBeVisible();

  // Each ring is answered from the German pad with the direction it shows; nothing is said meanwhile.
  const shown = new Set<number>();
  const guard = stuckGuard({ display: computer, phone });
  let answered = 0;
  let continued = false;
  const answer = answerPad(pad);
  for (let turn = 0; turn < 300; turn += 1) {
    const state = (await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null)) ?? '';
    if (state === 'Finished' || computer.url().includes('/results')) break;
    const eye = (await screen.getAttribute('data-eye', { timeout: 2_000 }).catch(() => null)) ?? '';
    await guard(`${state} ${eye} ${turn}`);
    if (state === 'Continue' && !continued) {
      // Between the eyes: the phone holds the countdown, both sides say what comes next in their words.
      continued = true;
      await phone.getByRole('button', { name: 'Pause', exact: true }).tap();
      await expect(computer.getByTestId('countdown')).toContainText('En pausa');
      await expect(computer.getByRole('heading', { name: 'Continuar C de Landolt' })).toBeVisible();
      await expect(computer.getByText('Tápese el ojo DERECHO')).toBeVisible();
      await expect(phone.getByText('Decken Sie Ihr RECHTES Auge ab')).toBeVisible();
      await expect.poll(async () => (await spoken(computer)).at(-1)?.text).toMatch(/^En pausa\./);
      await displayShot('display-continue-es');
      await phoneShot('phone-continue-de');
      findings.push(...(await axeFindings(computer, 'display: Continue, paused (es)')));
      findings.push(...(await axeFindings(phone, 'phone: Continue (de)')));
      await phone.getByRole('button', { name: 'Weiter', exact: true }).tap();
      continue;
    }
    if (state !== 'InTest') {
      await tapIfEnabled(phone.getByRole('button', { name: /^(Weiter|Starten)$/ }));
      await computer.waitForTimeout(200);
      continue;
    }
    const round = (await screen.getAttribute('data-round', { timeout: 2_000 }).catch(() => null)) ?? '';
    const gap = await shownGap(computer).catch(() => null);
    if (gap === null) continue;
    shown.add(gap);
    const before = (await spoken(computer)).length;
    await answer(RICHTUNG[gap]!);
    answered += 1;
    await expect
      .poll(async () => [
        await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => 'gone'),
        await screen.getAttribute('data-eye', { timeout: 2_000 }).catch(() => 'gone'),
        await screen.getAttribute('data-round', { timeout: 2_000 }).catch(() => 'gone'),
      ])
      .not.toEqual(['InTest', eye, round]);
    // Still on a ring: the answer was taken in silence.
    if ((await screen.getAttribute('data-status').catch(() => null)) === 'InTest') {
      expect((await spoken(computer)).length, 'nothing is said between two rings').toBe(before);
    }
    if (answered === 3) await phoneShot('phone-pad-de');
  }
  expect(continued, 'the Continue screen between the eyes was seen').toBe(true);
  expect(answered).toBeGreaterThan(10);

  await expect(computer.getByText('Prueba completada', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(computer.getByText('En breve se le llevará a sus resultados')).toBeVisible();
  // What was said before the results page opens (leaving the test screen starts a new document).
  const said = await spoken(computer);

  await computer.waitForURL(/\/user\/results\?(redirect=latest|id=[\w-]+)$/, { timeout: 15_000 });
  // The display saved the result and closed the session: the phone says so, in German.
  await expect(
    phone.getByText('Test abgeschlossen. Ihre Ergebnisse sehen Sie auf Ihrem Bildschirm.'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(phone.getByRole('link', { name: 'Mit einem anderen Test verbinden' })).toBeVisible();
  await phoneShot('phone-complete-de');
  findings.push(...(await axeFindings(phone, 'phone: test complete (de)')));
  await expect(computer.locator('html')).toHaveAttribute('lang', 'es');
  await expect(computer.getByRole('main')).toBeVisible();
  await displayShot('display-results');
  findings.push(...(await axeFindings(computer, 'display: results (es)')));

  // Spanish only, each instruction of the run, and never a ring's direction.
  expect(said.length).toBeGreaterThanOrEqual(5);
  expect(said.every((utterance) => utterance.lang === 'es-ES')).toBe(true);
  expect(said.map((utterance) => utterance.text)).toEqual(
    expect.arrayContaining([
      'Conecte su teléfono con el código de la pantalla, o use este teclado.',
      'La prueba ha comenzado.',
      'Ahora tápese el ojo derecho.',
      'Ha terminado la prueba.',
    ]),
  );
  for (const { text } of said) {
    const words = text.toLowerCase().split(/[^\p{L}'’-]+/u);
    for (const word of DIRECTION_WORDS) expect(words, `"${text}" names a direction`).not.toContain(word);
  }
  expect(shown.size, 'rings in several directions were shown').toBeGreaterThan(1);
  expect(findings).toEqual([]);

  // The phone stayed German to the end; the display never took the phone's language.
  await expect(phone.locator('html')).toHaveAttribute('lang', 'de');

  // One result, both eyes, as the phone answered them.
  const stored = await computer.request.get(`${server.url}/api/v1/tests/results`, { headers: auth });
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
  const eyes = result!.data.landoltC as Record<string, { rounds: number; va: number }>;
  for (const eye of ['right', 'left'] as const) {
    expect(eyes[eye], `${eye} eye stored`).toBeDefined();
    expect(eyes[eye]!.rounds).toBeGreaterThan(0);
    expect(Number.isFinite(eyes[eye]!.va)).toBe(true);
  }
  expect(eyes.right!.rounds + eyes.left!.rounds).toBe(answered);

  await Promise.all([desktop.close(), phoneContext.close()]);
});
