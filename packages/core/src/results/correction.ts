import { CORRECTIONS, type Correction } from '../flow/controller-keys';

/*
 * The correction worn during a result, as a structured choice (issue 24). The phone and the setup offer
 * exactly three answers, {@link CORRECTIONS}: "None", "Glasses", "Contact lenses", and the record stores
 * the answer as it was sent (`setup.correction`). The choice is read from that text by exact match only
 * (ignoring case and surrounding spaces), never guessed from other words: an older record holding any
 * other text ("No glasses", "Without glasses", "varifocals") has no recorded choice, and its text is kept
 * as a note. What the exports make of each choice (docs/results.md "Exports"):
 *
 *   choice          | acuity code                         | correction component
 *   none            | uncorrected visual acuity           | SNOMED CT 420050001 Uncorrected visual acuity
 *   glasses         | habitual visual acuity (own glasses)| SNOMED CT 50121007 Eye glasses, device
 *   contact-lenses  | habitual visual acuity (own lenses) | SNOMED CT 57368009 Contact lenses, device
 *   not-recorded    | visual acuity, correction not known | "not recorded"
 *
 * Never "best corrected": a person's own glasses are not a refraction's best correction.
 */

/** The structured correction: one of the three answers, or not recorded. */
export type CorrectionChoice = 'none' | 'glasses' | 'contact-lenses' | 'not-recorded';

/** A record's correction: the choice, and any text that is not one of the answers, kept as a note. */
export interface RecordedCorrection {
  choice: CorrectionChoice;
  /** The stored text when it is not one of {@link CORRECTIONS} (an older record's free text); else null. */
  note: string | null;
}

const CHOICE_OF: Record<Correction, Exclude<CorrectionChoice, 'not-recorded'>> = {
  None: 'none',
  Glasses: 'glasses',
  'Contact lenses': 'contact-lenses',
};

/** Words for a choice, as the exports write them. */
export const CORRECTION_CHOICE_TEXT: Record<CorrectionChoice, string> = {
  none: 'no correction',
  glasses: 'own glasses',
  'contact-lenses': 'own contact lenses',
  'not-recorded': 'correction not recorded',
};

/** The structured correction of a stored `setup.correction` text (see above). */
export function recordedCorrection(text: unknown): RecordedCorrection {
  if (typeof text !== 'string') return { choice: 'not-recorded', note: null };
  const trimmed = text.trim();
  const answer = CORRECTIONS.find((c) => c.toLowerCase() === trimmed.toLowerCase());
  if (answer) return { choice: CHOICE_OF[answer], note: null };
  return { choice: 'not-recorded', note: trimmed.length > 0 ? trimmed : null };
}
