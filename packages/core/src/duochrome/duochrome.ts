import { CoreInputError } from '../errors/core-input-error';

/**
 * Duochrome answers: which half shows the letters sharper (SPEC.md §2 red/green two-button screen), or
 * `'same'` when both look equally sharp (the Info page offers it; added in issue 17).
 */
export const DUOCHROME_ANSWERS = ['red', 'green', 'same'] as const;
/** One of {@link DUOCHROME_ANSWERS}. */
export type DuochromeAnswer = (typeof DUOCHROME_ANSWERS)[number];

/** Appends an answer to an eye's duochrome list (SPEC.md §3: "duoChrome (list per eye)"). */
export function recordDuochrome(
  list: readonly DuochromeAnswer[],
  answer: DuochromeAnswer,
): DuochromeAnswer[] {
  if (!(DUOCHROME_ANSWERS as readonly string[]).includes(answer)) {
    throw new CoreInputError(`duochrome answer must be red, green or same, got ${JSON.stringify(answer)}`);
  }
  return [...list, answer];
}

/*
 * What the answers mean (issue 17): the duochrome (bichrome) principle. The eye's longitudinal chromatic
 * aberration focuses long wavelengths (red) behind short ones (green); the two halves are about 0.5 D
 * apart, straddling the yellow the eye focuses for (e.g. Elliott, "Clinical Procedures in Primary Eye
 * Care", duochrome test; Borish's Clinical Refraction). So:
 * - red sharper: red focuses nearer the retina than green, i.e. the image of both lies in front of the
 *   retina — too little minus (short sight not fully corrected, or too much plus);
 * - green sharper: the image lies behind the retina — too much minus for distance (over-corrected short
 *   sight) or long sight not fully corrected; a young eye can focus this away, so it may not show;
 * - same: the two straddle the retina equally, the balance a refraction aims for.
 * These are hints for the optometrist, never a prescription: letters sharper on one side can also come
 * from the screen, the room, or a misunderstanding.
 *
 * The rule over an eye's list (one answer per round; more when the test is repeated): the side that more
 * than half of the answers name; with no such majority the answers disagree ('mixed').
 */

/** What an eye's duochrome answers mean: see the rule above. */
export const DUOCHROME_BALANCES = ['red', 'green', 'balanced', 'mixed', 'no-answer'] as const;
/** One of {@link DUOCHROME_BALANCES}. */
export type DuochromeBalance = (typeof DUOCHROME_BALANCES)[number];

/** Answers per kind in an eye's list. */
export interface DuochromeCounts {
  red: number;
  green: number;
  same: number;
}

/** Counts an eye's answers; throws {@link CoreInputError} on anything that is not an answer. */
export function duochromeCounts(answers: readonly string[]): DuochromeCounts {
  if (!Array.isArray(answers)) throw new CoreInputError('duochrome answers must be a list');
  const counts: DuochromeCounts = { red: 0, green: 0, same: 0 };
  for (const answer of answers) {
    if (!(DUOCHROME_ANSWERS as readonly string[]).includes(answer)) {
      throw new CoreInputError(`duochrome answer must be red, green or same, got ${JSON.stringify(answer)}`);
    }
    counts[answer as DuochromeAnswer] += 1;
  }
  return counts;
}

/** The balance of an eye's answers: the answer more than half of them give, else 'mixed'. */
export function duochromeBalance(answers: readonly string[]): DuochromeBalance {
  const counts = duochromeCounts(answers);
  const n = counts.red + counts.green + counts.same;
  if (n === 0) return 'no-answer';
  if (counts.red * 2 > n) return 'red';
  if (counts.green * 2 > n) return 'green';
  if (counts.same * 2 > n) return 'balanced';
  return 'mixed';
}

/** Headline and hint of each balance, as every view and export writes them. */
const BALANCE_TEXT: Record<DuochromeBalance, { title: string; meaning: string }> = {
  red: {
    title: 'Red side sharper',
    meaning:
      'The focus falls short of the retina: typical of short sight not fully corrected. A hint for the optometrist, not a prescription.',
  },
  green: {
    title: 'Green side sharper',
    meaning:
      'The focus falls behind the retina: possibly over-corrected for distance (or long sight not fully corrected). A hint for the optometrist, not a prescription.',
  },
  balanced: {
    title: 'Balanced',
    meaning: 'Both sides looked equally sharp: the focus is balanced for distance with the correction worn.',
  },
  mixed: {
    title: 'Mixed answers',
    meaning: 'No side was named by most answers: no hint can be drawn; repeat the test.',
  },
  'no-answer': { title: 'No answer', meaning: 'No answer was recorded for this eye.' },
};

/** An eye's answers in plain words: the balance, its headline, its hint and the counts. */
export function duochromeMeaning(answers: readonly string[]): {
  balance: DuochromeBalance;
  title: string;
  meaning: string;
  counts: DuochromeCounts;
} {
  const balance = duochromeBalance(answers);
  return { balance, ...BALANCE_TEXT[balance], counts: duochromeCounts(answers) };
}
