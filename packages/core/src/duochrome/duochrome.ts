import { CoreInputError } from '../errors/core-input-error';

/** Duochrome answers: which half shows the letters sharper (SPEC.md §2 red/green two-button screen). */
export const DUOCHROME_ANSWERS = ['red', 'green'] as const;
/** One of {@link DUOCHROME_ANSWERS}. */
export type DuochromeAnswer = (typeof DUOCHROME_ANSWERS)[number];

/** Appends an answer to an eye's duochrome list (SPEC.md §3: "duoChrome (list per eye)"). */
export function recordDuochrome(
  list: readonly DuochromeAnswer[],
  answer: DuochromeAnswer,
): DuochromeAnswer[] {
  if (!(DUOCHROME_ANSWERS as readonly string[]).includes(answer)) {
    throw new CoreInputError(`duochrome answer must be red or green, got ${JSON.stringify(answer)}`);
  }
  return [...list, answer];
}
