import { CoreInputError } from '../errors/core-input-error';

/** A multiple-choice answer with free text (SPEC.md §3 "Optical history questionnaire"). */
export interface ChoiceAnswer {
  selected: string[];
  details: string;
}

/** The current questionnaire shape: q1 and q6–q10 are choice answers, q2–q5b text. */
export interface OpticalHistory {
  q1: ChoiceAnswer;
  q2: string;
  q3a: string;
  q3b: string;
  q4: string;
  q5a: string;
  q5b: string;
  q6: ChoiceAnswer;
  q7: ChoiceAnswer;
  q8: ChoiceAnswer;
  q9: ChoiceAnswer;
  q10: ChoiceAnswer;
}

const TEXT_KEYS = ['q2', 'q3a', 'q3b', 'q4', 'q5a', 'q5b'] as const;
const CHOICE_KEYS = ['q6', 'q7', 'q8', 'q9', 'q10'] as const;
const empty = (): ChoiceAnswer => ({ selected: [], details: '' });

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function choice(x: unknown, key: string): ChoiceAnswer {
  if (x === undefined) return empty();
  if (!isRecord(x) || !Array.isArray(x.selected) || !x.selected.every((s) => typeof s === 'string')) {
    throw new CoreInputError(`${key} must be { selected: string[], details: string }`);
  }
  return { selected: [...(x.selected as string[])], details: typeof x.details === 'string' ? x.details : '' };
}

function text(x: unknown, key: string): string {
  if (x === undefined || x === null) return '';
  if (typeof x !== 'string') throw new CoreInputError(`${key} must be text`);
  return x;
}

/** Whether a stored record has the old shape: q6 without `selected` (SPEC.md §3). */
export function isOldOpticalHistory(record: unknown): boolean {
  return isRecord(record) && !(isRecord(record.q6) && Array.isArray(record.q6.selected));
}

/**
 * Upgrades a stored questionnaire to the current shape (SPEC.md §3: "Older records where q6 lacks
 * selected are upgraded to the new shape, keeping q1 to q5b"). In an old record q6–q10 had another
 * meaning, so they become empty answers rather than guesses; q1–q5b are kept. Current records come back
 * normalised (missing answers empty). Throws {@link CoreInputError} for anything that is not a record or
 * whose kept answers have the wrong types.
 */
export function migrateOpticalHistory(record: unknown): OpticalHistory {
  if (!isRecord(record)) throw new CoreInputError('optical history must be an object');
  const old = isOldOpticalHistory(record);
  const out = { q1: choice(record.q1, 'q1') } as OpticalHistory;
  for (const k of TEXT_KEYS) out[k] = text(record[k], k);
  for (const k of CHOICE_KEYS) out[k] = old ? empty() : choice(record[k], k);
  return out;
}
