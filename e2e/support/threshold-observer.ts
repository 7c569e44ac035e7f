import { expect, type Page } from '@playwright/test';
import { SLOAN_LETTERS } from './phone';
import { shownSloanLetter } from './sloan';

/**
 * An observer with a sharp threshold, as the journeys that need a measured value (not a bound) play one:
 * every optotype drawn at or above `thresholdLogMar` is read right, every one below it wrong. The run then
 * ends on a measured value with its 95 % interval, within the screen's range.
 */

/** The CSS pixels per millimetre of the journeys' calibrated screens (96 dpi). */
export const PX_PER_MM = 3.78;

/**
 * logMAR of an optotype `heightCssPx` tall at `distanceMm` (STIMULI.md): the letter subtends
 * atan(h / d) in arcmin, five times the minimum angle of resolution, so logMAR = log10(arcmin / 5).
 */
export function drawnLogMar(heightCssPx: number, distanceMm: number, pxPerMm = PX_PER_MM): number {
  const arcmin = (Math.atan(heightCssPx / pxPerMm / distanceMm) * 180 * 60) / Math.PI;
  return Math.log10(arcmin / 5);
}

/** The optotype on the display: its CSS height, the key that names it and a key that does not. */
export interface Shown {
  heightPx: number;
  right: string;
  wrong: string;
}

/** The Sloan letter shown: the letter's own key, and the next letter's as the wrong answer. */
export async function shownSloan(page: Page): Promise<Shown> {
  const svg = page.getByTestId('optotype-sloan');
  const letter = await shownSloanLetter(svg);
  const wrong = SLOAN_LETTERS[(SLOAN_LETTERS.indexOf(letter) + 1) % SLOAN_LETTERS.length]!;
  return {
    heightPx: Number(await svg.getAttribute('data-height-px')),
    right: letter.toLowerCase(),
    wrong: wrong.toLowerCase(),
  };
}

const ARROW_OF: Readonly<Record<number, string>> = {
  0: 'ArrowRight',
  90: 'ArrowUp',
  180: 'ArrowLeft',
  270: 'ArrowDown',
};

/** The Tumbling E shown: the arrow its bars point to, and the arrow a quarter turn on as the wrong one. */
export async function shownTumblingE(page: Page): Promise<Shown> {
  const svg = page.getByTestId('optotype-tumbling-e');
  // core optotypeRotationTransform: `rotate(−r 2.5 2.5)` for bars pointing r degrees counter-clockwise.
  const transform = (await svg.locator('path').first().getAttribute('transform')) ?? '';
  const rotation = ((-Number(/rotate\((-?[\d.]+)/.exec(transform)?.[1] ?? 0) % 360) + 360) % 360;
  return {
    heightPx: Number(await svg.getAttribute('data-height-px')),
    right: ARROW_OF[rotation]!,
    wrong: ARROW_OF[(rotation + 90) % 360]!,
  };
}

/**
 * Opens the display of session `pin`, chooses the keyboard and the correction worn, and answers as the
 * threshold observer (Space starts and continues; the procedure ends by itself). Returns the id of the
 * result page the run ends on.
 */
export async function takeAtThreshold(
  page: Page,
  testUrl: string,
  observer: {
    correction: string;
    distanceMm: number;
    thresholdLogMar: number;
    shown: (page: Page) => Promise<Shown>;
  },
): Promise<string> {
  await page.goto(testUrl);
  const screen = page.getByTestId('test-screen');
  await page.getByRole('button', { name: 'No phone? Use this keyboard' }).click();
  await page.getByRole('radio', { name: observer.correction }).check();
  await page.getByRole('button', { name: 'Use the keyboard' }).click();
  // Every read has a short timeout: the run may leave for the results between the URL check and a read.
  const read = (name: string) =>
    screen.getAttribute(name, { timeout: 2_000 }).then(
      (v) => v ?? '',
      () => 'gone',
    );
  for (let turn = 0; turn < 200 && !page.url().includes('/results'); turn += 1) {
    const status = await read('data-status');
    if (status === 'InTest') {
      const round = await read('data-round');
      const eye = await read('data-eye');
      const shown = await observer.shown(page);
      const seen = drawnLogMar(shown.heightPx, observer.distanceMm) >= observer.thresholdLogMar - 1e-9;
      // The display ignores the same key pressed twice within 100 ms (SPEC.md §4 "Key handling").
      await page.waitForTimeout(120);
      await page.keyboard.press(seen ? shown.right : shown.wrong);
      await expect
        .poll(async () => [await read('data-status'), await read('data-eye'), await read('data-round')])
        .not.toEqual(['InTest', eye, round]);
    } else if (['Ready', 'Checked', 'Continue', 'Repeat'].includes(status)) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(150);
    } else {
      await page.waitForTimeout(200);
    }
  }
  await page.waitForURL(/\/user\/results\?id=[\w-]+$/, { timeout: 30_000 });
  return new URL(page.url()).searchParams.get('id')!;
}
