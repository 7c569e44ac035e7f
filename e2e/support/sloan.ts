import type { Locator } from '@playwright/test';
import { SLOAN_SHAPE_LETTERS, optotypePathData, sloanShape } from '@visus/core';

/** Each Sloan letter's outline as the display draws it (core's vector path). */
const LETTER_OF_PATH = new Map(
  SLOAN_SHAPE_LETTERS.map((letter) => [optotypePathData(sloanShape(letter)), letter]),
);

/**
 * The Sloan letter a stimulus shows, read from its outline: the stimulus's accessible name is a neutral
 * "Test letter" (it must not give the answer to a screen reader, ADR 0024), so a journey that plays an
 * observer who sees the letter recognises its shape, as a person does.
 */
export async function shownSloanLetter(svg: Locator): Promise<string> {
  const d = (await svg.locator('path').first().getAttribute('d')) ?? '';
  const letter = LETTER_OF_PATH.get(d);
  if (!letter) throw new Error(`not a Sloan letter's outline: ${d.slice(0, 60)}`);
  return letter;
}
