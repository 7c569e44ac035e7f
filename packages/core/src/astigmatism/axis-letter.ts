import { CoreInputError } from '../errors/core-input-error';
import type { Eye } from '../flow/transition';
import type { TestResults } from '../results/results';
import { astigmatismStartLogMar } from './acuity-fallback';
import type { AxisLetterChoice } from './astigmatism-axis';

/*
 * The rotating-letter step of Astigmatism Axis (SPEC.md §2: "a rotating letter display with buttons for 0,
 * 90, 180, 270 degrees and a fraction at top right"; docs/adr/0017-axis-rotating-letter-then-image-pair.md).
 *
 * Each eye starts with a Tumbling E drawn at the person's acuity (else the SPEC.md §9 fallback 6/9.5), the
 * size's Snellen fraction at the top right. The E's three bars run along one meridian: horizontal at 0° and
 * 180°, vertical at 90° and 270°. An astigmatic eye blurs one meridian more than the one at right angles,
 * so the E looks sharper turned one way than the other. The person turns it with the four buttons, then
 * either submits the turn where it looks sharpest or answers 'same' (every turn looks alike).
 *
 * Why the step is there: the image pair (axis-pair.ts) brackets the current axis estimate symmetrically,
 * so an astigmatism whose sharp meridian lies exactly at the pair's start or at right angles to it looks
 * the same in both images. Those are 90° and 180°, the commonest axes (with- and against-the-rule). The
 * letter compares exactly those two meridians, and the pair then starts on the sharper one.
 */

/** The letter's turns, degrees counter-clockwise (the four buttons of SPEC.md §2). */
export const AXIS_LETTER_ROTATIONS = [0, 90, 180, 270] as const;
/** One of {@link AXIS_LETTER_ROTATIONS}. */
export type AxisLetterRotation = (typeof AXIS_LETTER_ROTATIONS)[number];
/** The letter step of one eye: the turn on screen, the turns shown so far, and the answer (null until given). */
export interface AxisLetterState {
  readonly rotation: AxisLetterRotation;
  readonly shown: readonly AxisLetterRotation[];
  readonly choice: AxisLetterChoice | null;
}

/** The step at its start: the E at 0° (bars horizontal). */
export function startAxisLetter(): AxisLetterState {
  return { rotation: 0, shown: [0], choice: null };
}

/** Whether a key is one of the letter's turns ('0', '90', '180', '270'). */
export function isAxisLetterRotationKey(key: string): boolean {
  return (AXIS_LETTER_ROTATIONS as readonly number[]).map(String).includes(key);
}

/** Turns the letter to `rotation` (one of {@link AXIS_LETTER_ROTATIONS}); throws after the answer. */
export function turnAxisLetter(state: AxisLetterState, rotation: number): AxisLetterState {
  if (state.choice !== null) throw new CoreInputError('the letter step has been answered');
  if (!(AXIS_LETTER_ROTATIONS as readonly number[]).includes(rotation)) {
    throw new CoreInputError(`letter rotation must be 0, 90, 180 or 270, got ${String(rotation)}`);
  }
  const turn = rotation as AxisLetterRotation;
  return {
    ...state,
    rotation: turn,
    shown: state.shown.includes(turn) ? state.shown : [...state.shown, turn],
  };
}

/** The meridian of the E's bars at a turn: horizontal at 0° and 180°, vertical at 90° and 270°. */
export function letterBarMeridian(rotation: AxisLetterRotation): 'horizontal' | 'vertical' {
  return rotation % 180 === 0 ? 'horizontal' : 'vertical';
}

/**
 * Whether the person has seen the letter along both meridians, which submitting the sharpest turn needs:
 * a turn chosen without the other meridian to compare with says nothing.
 */
export function axisLetterCompared(state: Pick<AxisLetterState, 'shown'>): boolean {
  const meridians = new Set(state.shown.map(letterBarMeridian));
  return meridians.size === 2;
}

/**
 * Answers the letter step: 'submit' chooses the turn on screen as the sharpest (only once both meridians
 * were shown, {@link axisLetterCompared}), 'same' says every turn looks alike. Throws
 * {@link CoreInputError} for anything else, a second answer, or a submit before the comparison.
 */
export function answerAxisLetter(state: AxisLetterState, answer: 'submit' | 'same'): AxisLetterState {
  if (state.choice !== null) throw new CoreInputError('the letter step has been answered');
  if (answer === 'same') return { ...state, choice: 'none' };
  if (answer !== 'submit') {
    throw new CoreInputError(`letter answer must be submit or same, got ${JSON.stringify(answer)}`);
  }
  if (!axisLetterCompared(state)) {
    throw new CoreInputError('turn the letter both ways before choosing the sharpest turn');
  }
  return { ...state, choice: letterBarMeridian(state.rotation) };
}

/**
 * Where the image pair's axis search starts after the letter (degrees, for core startAxisSearch): on the
 * sharper meridian, 180 (horizontal bars; axis notation writes horizontal as 180) or 90 (vertical); with
 * no difference at 90, the pair's default.
 */
export function axisStartFromLetter(choice: AxisLetterChoice): number {
  return choice === 'horizontal' ? 180 : 90;
}

/**
 * The person's known acuity for `eye` in this battery (logMAR): the acuity chart result of this run for
 * that eye (Sloan, Landolt C or Tumbling E, the first found), or null when none is known. A bound ("0.1
 * or better") gives its bound; a bare number of an older record or a missing logMAR counts as unknown.
 */
export function knownAcuityLogMar(results: TestResults, eye: Eye): number | null {
  for (const chart of ['sloan', 'landoltC', 'tumblingE'] as const) {
    const result = results[chart]?.[eye];
    if (typeof result !== 'object' || result === null) continue;
    const value = result.censored !== undefined ? result.bound : result.logMAR;
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/**
 * The logMAR the letter is drawn at: the known acuity, else the SPEC.md §9 Axis fallback 6/9.5 (core
 * astigmatismStartLogMar), kept within what the screen can draw (`range`, core measurableRange's
 * smallest … largest).
 */
export function axisLetterLogMar(
  known: number | null | undefined,
  range: { readonly smallest: number; readonly largest: number },
): number {
  if (!(range.smallest <= range.largest)) throw new CoreInputError('range must have smallest ≤ largest');
  const wanted = astigmatismStartLogMar('astigAxis', known);
  return Math.min(range.largest, Math.max(range.smallest, wanted));
}
