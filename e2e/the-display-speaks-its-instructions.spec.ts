import { expect, test } from '@playwright/test';
import { VisusServer } from './support/visus-server';
import { calibratedPerson, startSingleTest } from './support/people';
import { screenshotter } from './support/screens';
import { shownSloanLetter } from './support/sloan';
import { recordSpeech, spoken } from './support/speech';

/**
 * Issue 20 item 2: a person whose browser speaks Spanish turns on "Speak instructions" on Setup and takes
 * a Sloan test with the keyboard. The page's speechSynthesis is replaced by a recorder (with voices on the
 * device for English and Spanish), so every utterance and its language is checked: each screen's
 * instruction once, in Spanish; nothing while letters are shown, and never a letter that was shown; '*'
 * mutes it (nothing said over a change of screen) and turns it on again.
 */
const server = new VisusServer();
const person = {
  name: 'Lucía Fernández',
  emailName: 'lucia',
  password: 'speak to me 123',
  dob: '1950-03-02',
};

test.beforeAll(async () => {
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

test('the display speaks each instruction in Spanish, never a letter, and * mutes it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 800 } });
  await context.addInitScript(recordSpeech);
  const page = await context.newPage();
  const snap = screenshotter(page, testInfo);
  const token = await calibratedPerson(page, server, person);

  // Setup (in Spanish, like the rest of the app): the person turns the voice on ("Speak instructions");
  // this browser has a Spanish voice, so no notice.
  await page.goto(`${server.url}/user/setup`);
  const choice = page.getByRole('switch', { name: 'Leer las instrucciones en voz alta' });
  await expect(choice).not.toBeChecked();
  await choice.click(); // saved at once: checked when the server has it
  await expect(choice).toBeChecked();
  await expect(page.getByTestId('voice-notice')).toHaveCount(0);

  const pin = await startSingleTest(page.request, server, token, 'sloan');
  // The test screen shows its words in Spanish too (docs/languages.md), and speaks them.
  await page.goto(`${server.url}/user/test/${pin}`);
  const screen = page.getByTestId('test-screen');
  await expect(screen).toHaveAttribute('data-status', 'Check');
  await expect
    .poll(() => spoken(page))
    .toEqual([
      { text: 'Conecte su teléfono con el código de la pantalla, o use este teclado.', lang: 'es-ES' },
    ]);

  await page.getByRole('button', { name: '¿No tiene teléfono? Use este teclado' }).click();
  await page.getByRole('radio', { name: 'Gafas' }).check();
  await page.getByRole('button', { name: 'Usar el teclado' }).click();
  await expect(page.getByRole('heading', { name: 'Prueba Sloan lista' })).toBeVisible();
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toMatch(/^Tápese el ojo izquierdo\./);
  await snap('ready-speaking');

  await page.keyboard.press('Space');
  await expect(screen).toHaveAttribute('data-status', 'InTest');
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toBe('La prueba ha comenzado.');
  const beforeAnswers = (await spoken(page)).length;

  // A few letters, answered as seen: nothing is said while they are shown.
  const shown = new Set<string>();
  const stimulus = page.getByTestId('optotype-sloan');
  for (let answer = 0; answer < 4; answer += 1) {
    const letter = await shownSloanLetter(stimulus);
    shown.add(letter);
    await page.keyboard.press(letter);
    await expect(page.getByText(`Progreso: ${answer + 2} / `)).toBeVisible({ timeout: 2_000 });
  }
  expect(await spoken(page)).toHaveLength(beforeAnswers);

  // Muted with '*': the rest of the eye and the change to the next screen say nothing.
  await page.keyboard.press('*');
  await expect(page.getByRole('button', { name: 'Leer en voz alta las instrucciones' })).toBeVisible();
  for (let turn = 0; turn < 80; turn += 1) {
    const status = await screen.getAttribute('data-status', { timeout: 2_000 }).catch(() => null);
    if (status !== 'InTest') break;
    const letter = await shownSloanLetter(stimulus).catch(() => null);
    if (letter) {
      shown.add(letter);
      await page.keyboard.press(letter);
    }
    await page.waitForTimeout(120);
  }
  await expect(screen).toHaveAttribute('data-status', 'Continue');
  // P holds the countdown, so the screen stays while the voice is turned on again.
  await page.keyboard.press('p');
  await expect(page.getByTestId('countdown')).toContainText('En pausa');
  expect(await spoken(page)).toHaveLength(beforeAnswers);

  // On again: the screen's instruction, in Spanish.
  await page.keyboard.press('*');
  await expect
    .poll(async () => (await spoken(page)).at(-1))
    .toEqual({
      text: 'Ahora tápese el ojo derecho.',
      lang: 'es-ES',
    });
  await snap('continue-speaking');

  const all = await spoken(page);
  expect(all.every((utterance) => utterance.lang === 'es-ES')).toBe(true);
  // Never a letter that was shown, as a word of its own (Spanish 'o' and 'y' are lower case words).
  for (const { text } of all) {
    const words = text.split(/[^\p{L}'’-]+/u);
    for (const letter of shown) expect(words, `"${text}" says ${letter}`).not.toContain(letter);
  }
  await context.close();
});
