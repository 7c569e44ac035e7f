import { CANNOT_SEE_ANSWER } from '../acuity/cannot-see';
import { CoreInputError } from '../errors/core-input-error';
import { PRESBYOPIA_DISTANCES, type PresbyopiaDistance } from '../presbyopia/presbyopia-add';
import type { TestId } from './test-definitions';

/*
 * The key vocabulary shared by the phone controller, the display's keyboard and the test screens.
 * A key is a short string (contracts' keySchema: [A-Za-z0-9_-]{1,24}); a controller may also send a
 * rotation as a number, which the display turns into its string form ('45'). Each test reads only its own
 * keys; any other key is consumed and ignored (issue 6 "Bad input").
 */

/** Commands that mean the same in every test. */
export const COMMAND_KEYS = {
  /** Start the test from Ready, or go on from the Repeat/Continue screens before the bar runs out. */
  continue: 'continue',
  /** Submit the current answer (spoke sizes, diamond stages, astigmatism images). */
  submit: 'submit',
  /** Go back one round (Diamond). */
  back: 'back',
  /** Pause the countdown of a screen that moves on by itself (core self-advance-timer; WCAG 2.2.1). */
  pause: 'pause',
  /** Add time to the countdown of a screen that moves on by itself. */
  moreTime: 'more-time',
} as const;

/**
 * "I can't see it": an answer of the acuity charts (Sloan, Landolt C, Tumbling E) for a person who sees
 * nothing to guess from. The procedure scores it as a wrong answer (core acuity CANNOT_SEE_ANSWER, ADR 0024).
 * On the keyboard: 0 (the main row or the numeric keypad, whose other digits are directions) or ?.
 */
export const CANNOT_SEE_KEY = CANNOT_SEE_ANSWER;

/** Whether the test takes {@link CANNOT_SEE_KEY}: the letter and optotype charts. */
export function offersCannotSee(test: TestId): boolean {
  const layout = CONTROLLER_KEYS[test].layout;
  return layout === 'letters' || layout === 'directions-8' || layout === 'directions-4';
}

/** Spectacle correction the person wears during the test; the controller asks before the first test. */
export const CORRECTIONS = ['None', 'Glasses', 'Contact lenses'] as const;
/** One of {@link CORRECTIONS}. */
export type Correction = (typeof CORRECTIONS)[number];

/** Which answer pad the phone shows for a test. */
export type ControllerLayout =
  | 'letters'
  | 'directions-8'
  | 'directions-4'
  | 'axis'
  | 'grating-positions'
  | 'spoke-circle'
  | 'spoke-ellipse'
  | 'diamond'
  | 'duochrome'
  | 'presbyopia';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const ROTATIONS_8 = ['0', '45', '90', '135', '180', '225', '270', '315'];
const ROTATIONS_4 = ['0', '90', '180', '270'];

/** Per test: the pad, and the answer keys it sends besides {@link COMMAND_KEYS}. */
export const CONTROLLER_KEYS: Readonly<
  Record<TestId, { layout: ControllerLayout; keys: readonly string[] }>
> = {
  // SPEC.md §9: Sloan offers 26 options (every letter), guess rate 1/26.
  sloan: { layout: 'letters', keys: LETTERS },
  // Rotations are where the gap (Landolt C) or the open side (Tumbling E) points: 0 = right, 90 = up,
  // counter-clockwise in degrees, as on a protractor.
  landoltC: { layout: 'directions-8', keys: ROTATIONS_8 },
  tumblingE: { layout: 'directions-4', keys: ROTATIONS_4 },
  // Which side looks sharper, or both the same (core DUOCHROME_ANSWERS).
  duoChrome: { layout: 'duochrome', keys: ['red', 'green', 'same'] },
  // The image pair's answers, and the rotating letter's four turns (it submits with 'submit' or answers
  // 'same'; docs/adr/0017).
  astigAxis: { layout: 'axis', keys: ['same', 'left', 'right', ...ROTATIONS_4] },
  // Astigmatism Power: which of the three targets holds the grating.
  astigPower: { layout: 'grating-positions', keys: ['1', '2', '3'] },
  spokeCircle: { layout: 'spoke-circle', keys: ['increase', 'decrease'] },
  spokeEllipse: {
    layout: 'spoke-ellipse',
    keys: ['increase', 'decrease', 'clockwise', 'counter-clockwise'],
  },
  diamond: { layout: 'diamond', keys: ['1', '2', '3', '4'] },
  // Presbyopia sends one encoded answer (see encodePresbyopiaAnswer).
  presbyopia: { layout: 'presbyopia', keys: [] },
};

/**
 * The rotating letter's turn keys of Astigmatism Axis, degrees (docs/adr/0017; core axis-letter.ts
 * AXIS_LETTER_ROTATIONS as strings). Here for the phone's pad, whose page loads this file but not the
 * astigmatism module.
 */
export const AXIS_LETTER_TURN_KEYS: readonly string[] = ROTATIONS_4;

/**
 * The step a test is in when its pad changes within one run (display-key's `step`): Astigmatism Axis
 * shows the rotating letter first, then the image pair (docs/adr/0017). Other tests have one step.
 */
export const CONTROLLER_STEPS = ['axis-letter', 'axis-pair'] as const;
/** One of {@link CONTROLLER_STEPS}. */
export type ControllerStep = (typeof CONTROLLER_STEPS)[number];

/** Canonical string form of a key from the socket (numbers are rotations), or null when it is not a key. */
export function canonicalKey(key: unknown): string | null {
  if (typeof key === 'number') {
    if (!Number.isInteger(key) || key < -360 || key > 360) return null;
    return String(((key % 360) + 360) % 360);
  }
  if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{1,24}$/.test(key)) return null;
  return key;
}

/** Whether `key` means something to `test` (its answers, the commands, or a presbyopia answer). */
export function isKeyForTest(test: TestId, key: string): boolean {
  if ((Object.values(COMMAND_KEYS) as string[]).includes(key)) return true;
  if (test === 'presbyopia') return decodePresbyopiaAnswer(key) !== null;
  if (key === CANNOT_SEE_KEY) return offersCannotSee(test);
  return CONTROLLER_KEYS[test].keys.includes(test === 'sloan' ? key.toUpperCase() : key);
}

/**
 * The display's keyboard map: `KeyboardEvent.key` → a key of the vocabulary for the current test, or null.
 * Letters for Sloan; arrows and the numeric keypad (8 up, 9 up-right, 6 right, …) for directions; 0 or ?
 * for "I can't see it" on those charts ({@link CANNOT_SEE_KEY}); 1–4 for
 * Diamond; 1–3 for the grating positions; r/g/s (red, green, same) for DuoChrome; s/l/r (or ←/→/↓) for
 * the axis; +/− and [/] for the spoke targets; Enter submits; Space continues; Backspace goes back.
 */
export function keyboardKey(test: TestId, eventKey: string): string | null {
  if (eventKey === ' ' || eventKey === 'Spacebar') return COMMAND_KEYS.continue;
  if (eventKey === 'Enter') return COMMAND_KEYS.submit;
  if (eventKey === 'Backspace') return test === 'diamond' ? COMMAND_KEYS.back : null;
  const layout = CONTROLLER_KEYS[test].layout;
  const lower = eventKey.toLowerCase();
  if ((eventKey === '0' || eventKey === '?') && offersCannotSee(test)) return CANNOT_SEE_KEY;
  switch (layout) {
    case 'letters':
      return /^[a-z]$/i.test(eventKey) ? eventKey.toUpperCase() : null;
    case 'directions-8':
    case 'directions-4': {
      const rotation = DIRECTION_KEYS[eventKey];
      if (rotation === undefined) return null;
      return CONTROLLER_KEYS[test].keys.includes(rotation) ? rotation : null;
    }
    case 'duochrome':
      if (lower === 'r') return 'red';
      if (lower === 'g') return 'green';
      // S for same, as on the axis test.
      return lower === 's' ? 'same' : null;
    case 'axis':
      // The letter's turns on the numeric keypad, as the directions: 6 → 0°, 8 → 90°, 4 → 180°, 2 → 270°.
      if (['6', '8', '4', '2'].includes(eventKey)) return DIRECTION_KEYS[eventKey] ?? null;
      if (lower === 's' || eventKey === 'ArrowDown') return 'same';
      if (lower === 'l' || eventKey === 'ArrowLeft') return 'left';
      if (lower === 'r' || eventKey === 'ArrowRight') return 'right';
      return null;
    case 'grating-positions':
      return ['1', '2', '3'].includes(eventKey) ? eventKey : null;
    case 'diamond':
      return ['1', '2', '3', '4'].includes(eventKey) ? eventKey : null;
    case 'spoke-circle':
    case 'spoke-ellipse':
      if (eventKey === '+' || eventKey === '=' || eventKey === 'ArrowUp') return 'increase';
      if (eventKey === '-' || eventKey === '_' || eventKey === 'ArrowDown') return 'decrease';
      if (layout === 'spoke-ellipse' && (eventKey === ']' || eventKey === 'ArrowRight')) return 'clockwise';
      if (layout === 'spoke-ellipse' && (eventKey === '[' || eventKey === 'ArrowLeft'))
        return 'counter-clockwise';
      return null;
    case 'presbyopia':
      return null; // answered on the phone
    default:
      return null;
  }
}

/** Arrow keys and the numeric keypad as directions (degrees, counter-clockwise from "right"). */
const DIRECTION_KEYS: Readonly<Record<string, string>> = {
  ArrowRight: '0',
  ArrowUp: '90',
  ArrowLeft: '180',
  ArrowDown: '270',
  '6': '0',
  '9': '45',
  '8': '90',
  '7': '135',
  '4': '180',
  '1': '225',
  '2': '270',
  '3': '315',
};

/** The key that opens the help for the current step on the display (core step-help): F1, the help key,
 * since every letter answers Sloan and ? answers "I can't see it". Opening help is never an answer. */
export const HELP_KEY = 'F1';

/** Whether a `KeyboardEvent.key` opens the step's help ({@link HELP_KEY}). */
export function isHelpKey(eventKey: string): boolean {
  return eventKey === HELP_KEY;
}

/** One row of the keyboard map: the tests it is for in words, the keys, and the test ids when it is one test's. */
export interface KeyboardMapRow {
  readonly tests: string;
  readonly keys: string;
  /** The tests the row answers (core step-help picks a test's row by these); absent for rows about every test. */
  readonly ids?: readonly TestId[];
}

/** The keyboard map as people read it (Info page, and the help of each step). */
export const KEYBOARD_MAP: readonly KeyboardMapRow[] = [
  {
    tests: 'Sloan letters',
    keys: "Type the letter you see (A–Z); 0 or ? if you can't see it.",
    ids: ['sloan'],
  },
  {
    tests: 'Landolt C, Tumbling E',
    keys: "Arrow keys for right, up, left, down; numeric keypad 1–9 for the eight directions (9 = up-right, 7 = up-left, 1 = down-left, 3 = down-right); 0 or ? if you can't see it.",
    ids: ['landoltC', 'tumblingE'],
  },
  {
    tests: 'DuoChrome',
    keys: 'R if the letters on red are clearer, G for green, S if both look the same.',
    ids: ['duoChrome'],
  },
  {
    tests: 'Astigmatism Axis',
    keys: 'The letter: 6, 8, 4, 2 turn it to 0°, 90°, 180°, 270°; Enter chooses the sharpest turn, S if every turn looks the same. The images: S (or ↓) same, L (or ←) left image clearer, R (or →) right image clearer.',
    ids: ['astigAxis'],
  },
  { tests: 'Astigmatism Power', keys: '1, 2 or 3: the target with the lines.', ids: ['astigPower'] },
  {
    tests: 'Spoke Circle, Spoke Ellipse',
    keys: '+ or ↑ larger, − or ↓ smaller; for the ellipse ] or → turns clockwise, [ or ← counter-clockwise; Enter submits.',
    ids: ['spokeCircle', 'spokeEllipse'],
  },
  {
    tests: 'Diamond',
    keys: '1–4 choose a tile, Enter submits, Backspace goes back one round.',
    ids: ['diamond'],
  },
  {
    tests: 'Presbyopia',
    keys: 'Answered on the phone, or with the form on the screen (Tab moves between its fields, Enter submits).',
    ids: ['presbyopia'],
  },
  { tests: 'Every test', keys: 'Space starts or continues, Enter submits.' },
  {
    tests: 'Between eyes and tests',
    keys: 'P pauses the countdown before the test goes on by itself (P again starts it again), M gives 20 seconds more; Space goes on now.',
  },
  {
    tests: 'Help',
    keys: 'F1 (or the Help button) explains the current step: what it asks, how to answer, pause and stop. It pauses a countdown and is not an answer; Escape closes it.',
  },
  { tests: 'Spoken instructions', keys: '* (star, also on the numeric keypad) mutes or unmutes the voice.' },
];

/** A presbyopia answer from the phone: the distance prescription (dioptres) and the reading distance. */
export interface PresbyopiaAnswer {
  /** Spherical prescription in dioptres, −20 … +20 in 0.25 steps. */
  readonly prescription: number;
  readonly distance: PresbyopiaDistance;
}

/**
 * Encodes a presbyopia answer as one key: `rx_<hundredths>_<distance index>`, e.g. −3.25 D at
 * 'Between 1.6m and 1.9m' → `rx_-325_1`. Throws {@link CoreInputError} for values off the 0.25 D grid.
 */
export function encodePresbyopiaAnswer(answer: PresbyopiaAnswer): string {
  const hundredths = Math.round(answer.prescription * 100);
  if (!Number.isFinite(answer.prescription) || Math.abs(hundredths) > 2000 || hundredths % 25 !== 0) {
    throw new CoreInputError('prescription must be −20 … +20 D in 0.25 D steps', 'prescription-off-grid', {
      field: 'prescription',
      min: -20,
      max: 20,
      step: 0.25,
      value: answer.prescription,
    });
  }
  const index = PRESBYOPIA_DISTANCES.indexOf(answer.distance);
  if (index < 0) throw new CoreInputError(`distance must be one of ${PRESBYOPIA_DISTANCES.join(', ')}`);
  return `rx_${hundredths}_${index}`;
}

/** Decodes {@link encodePresbyopiaAnswer}'s key, or null when the key is not a valid presbyopia answer. */
export function decodePresbyopiaAnswer(key: string): PresbyopiaAnswer | null {
  const match = /^rx_(-?\d{1,4})_([0-2])$/.exec(key);
  if (!match) return null;
  const hundredths = Number(match[1]);
  if (Math.abs(hundredths) > 2000 || hundredths % 25 !== 0) return null;
  return { prescription: hundredths / 100 + 0, distance: PRESBYOPIA_DISTANCES[Number(match[2])]! };
}
