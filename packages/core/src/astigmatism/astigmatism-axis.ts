import { CoreInputError, requireInRange } from '../errors/core-input-error';

/**
 * What the rotating-letter step found before the image pair (axis-letter.ts, docs/adr/0017): the E's bars
 * looked sharpest horizontal, vertical, or alike every way. Declared here (not in axis-letter.ts) because
 * the search and its stored result carry it.
 */
export const AXIS_LETTER_CHOICES = ['horizontal', 'vertical', 'none'] as const;
/** One of {@link AXIS_LETTER_CHOICES}. */
export type AxisLetterChoice = (typeof AXIS_LETTER_CHOICES)[number];

/** Answers to the axis comparison (SPEC.md §4 "Astigmatism Axis"). */
export const AXIS_ANSWERS = ['same', 'left', 'right'] as const;
/** One of {@link AXIS_ANSWERS}. */
export type AxisAnswer = (typeof AXIS_ANSWERS)[number];

/** Responses that end the axis search regardless (SPEC.md §9 "15 responses triggers an end"). */
export const AXIS_MAX_RESPONSES = 15;
/**
 * Step of the axis per left/right answer, degrees. The spec does not give one; 10° matches the ellipse's
 * rotation step and the 180° period of an axis.
 */
export const AXIS_STEP_DEGREES = 10;

/** The axis search for one eye: current axis (degrees, 0 … 180) and the answers so far. */
export interface AxisState {
  readonly axis: number;
  readonly responses: readonly AxisAnswer[];
  /** The axis where the search ended, or null while running. */
  readonly endpoint: number | null;
  /** Why it ended. */
  readonly endReason: 'confirmed' | 'max-responses' | 'pattern' | null;
  /** The letter step's answer before this search (absent when the search ran without one). */
  readonly letter?: AxisLetterChoice;
}

/**
 * What an ended axis search found (issue 17), decided by {@link axisFinding} from how it ended:
 * - `'none-found'`: both images looked the same from the first answer to the confirmation, i.e. the
 *   answers were exactly same, same. The person never saw one orientation clearer than another, which is
 *   what an eye without (noticeable) astigmatism reports; the endpoint is then only the start position
 *   (90°), not a measured axis. Caveat, kept in the views' wording: the two images straddle the estimate
 *   symmetrically (axis-pair.ts), so an astigmatism whose axis lies exactly at the start position (or at
 *   right angles to it) would also look the same; this test cannot tell those apart.
 * - `'axis'`: the person preferred a side at least once and the search then settled: either confirmed by
 *   two consecutive 'same' answers, or ended on a left/right oscillation (left, right, left, right: the
 *   axis lies between the two positions). The endpoint is the axis found.
 * - `'uncertain'`: the answers did not settle: the 15-response cut-off was reached (an axis anywhere in
 *   0 … 180° is reached from 90° in at most 9 steps and confirmed in 2 more, so 15 means no convergence),
 *   or the repeated pattern mixed 'same' with a side (same, left, same, left): 'same' leaves the images
 *   unchanged, so the person gave two different answers to the same display. The endpoint is where the
 *   search stopped, not an axis.
 */
export const AXIS_FINDINGS = ['none-found', 'axis', 'uncertain'] as const;
/** One of {@link AXIS_FINDINGS}. */
export type AxisFinding = (typeof AXIS_FINDINGS)[number];
/** A finding, or `'not-recorded'`: an older record whose answers do not say ({@link axisFindingOf}). */
export type AxisFindingOrUnknown = AxisFinding | 'not-recorded';

/**
 * Result stored per eye (SPEC.md §3): endpoint and the first and second response keys; since issue 17
 * also the finding ({@link AXIS_FINDINGS}). Records stored before lack it: {@link axisFindingOf}.
 */
export interface AxisResult {
  readonly endpoint: number;
  readonly firstResponseKey: AxisAnswer | null;
  readonly secondResponseKey: AxisAnswer | null;
  readonly finding?: AxisFinding;
  /** The rotating letter's answer (issue 23; docs/adr/0017). Records stored before lack it: "not recorded". */
  readonly letter?: AxisLetterChoice;
}

/**
 * Starts a search at `startAxis` degrees (0 … 180, default 90), after the letter step's answer `letter`
 * when there was one (core axisStartFromLetter gives the start from it).
 */
export function startAxisSearch(startAxis = 90, letter?: AxisLetterChoice): AxisState {
  if (letter !== undefined && !(AXIS_LETTER_CHOICES as readonly string[]).includes(letter)) {
    throw new CoreInputError(`letter must be one of ${AXIS_LETTER_CHOICES.join(', ')}`);
  }
  return {
    axis: requireInRange(startAxis, 0, 180, 'start axis (degrees)'),
    responses: [],
    endpoint: null,
    endReason: null,
    ...(letter !== undefined ? { letter } : {}),
  };
}

/**
 * Records an answer. 'left' turns the axis −10°, 'right' +10° (wrapping in 0 … 180, as an axis has a 180°
 * period); 'same' confirms it. The endpoint is reached after two consecutive confirmations, after 15
 * responses, or when the last four answers repeat a two-answer pattern (left, right, left, right: the
 * person oscillates around the axis, so it lies between the two positions — the current one).
 */
export function answerAxis(state: AxisState, answer: AxisAnswer): AxisState {
  if (state.endpoint !== null) throw new CoreInputError('the axis search has ended');
  if (!(AXIS_ANSWERS as readonly string[]).includes(answer)) {
    throw new CoreInputError(`axis answer must be same, left or right, got ${JSON.stringify(answer)}`);
  }
  const responses = [...state.responses, answer];
  let axis = state.axis;
  if (answer !== 'same') {
    axis += answer === 'right' ? AXIS_STEP_DEGREES : -AXIS_STEP_DEGREES;
    if (axis > 180) axis -= 180;
    if (axis < 0) axis += 180;
  }
  const n = responses.length;
  const [a, b, c, d] = responses.slice(-4);
  let endReason: AxisState['endReason'] = null;
  if (n >= 2 && responses[n - 1] === 'same' && responses[n - 2] === 'same') endReason = 'confirmed';
  else if (n >= 4 && a === c && b === d && a !== b) endReason = 'pattern';
  else if (n >= AXIS_MAX_RESPONSES) endReason = 'max-responses';
  return { ...state, axis, responses, endpoint: endReason ? axis : null, endReason };
}

/**
 * What an ended search found, by the rule of {@link AXIS_FINDINGS}; throws {@link CoreInputError} while
 * it is still running.
 */
export function axisFinding(
  state: Pick<AxisState, 'endpoint' | 'endReason' | 'responses' | 'letter'>,
): AxisFinding {
  if (state.endpoint === null || state.endReason === null) {
    throw new CoreInputError('the axis search has not ended');
  }
  const preferredASide = state.responses.some((answer) => answer !== 'same');
  // A letter that looked sharper along one meridian found it; the pair, started there, confirmed it.
  const letterFoundOne = state.letter === 'horizontal' || state.letter === 'vertical';
  switch (state.endReason) {
    case 'confirmed':
      return preferredASide || letterFoundOne ? 'axis' : 'none-found';
    case 'pattern':
      // Only a left/right oscillation brackets an axis; a pattern with 'same' in it is inconsistent.
      return state.responses.slice(-4).includes('same') ? 'uncertain' : 'axis';
    case 'max-responses':
      return 'uncertain';
  }
}

/** The stored result of an ended search; throws {@link CoreInputError} while it is still running. */
export function axisResult(state: AxisState): AxisResult {
  if (state.endpoint === null) throw new CoreInputError('the axis search has not ended');
  return {
    endpoint: state.endpoint,
    firstResponseKey: state.responses[0] ?? null,
    secondResponseKey: state.responses[1] ?? null,
    finding: axisFinding(state),
    ...(state.letter !== undefined ? { letter: state.letter } : {}),
  };
}

/**
 * The finding of a stored result: its own `finding` when it has one; for an older record without it,
 * what its first two answers can still prove. 'same', 'same' ends the search at once (two consecutive
 * confirmations), so those were all the answers: `'none-found'`. Any other pair leaves open how the search
 * ended (confirmed, oscillation or cut-off; the record keeps no more answers), so `'not-recorded'`.
 */
export function axisFindingOf(
  result: Pick<AxisResult, 'firstResponseKey' | 'secondResponseKey' | 'finding'>,
): AxisFindingOrUnknown {
  if (result.finding !== undefined) return result.finding;
  if (result.firstResponseKey === 'same' && result.secondResponseKey === 'same') return 'none-found';
  return 'not-recorded';
}

const axisDegrees = (endpoint: number) => Number(endpoint.toFixed(1));
const axisDegreesText = (endpoint: number) => `${String(axisDegrees(endpoint))}°`;

/**
 * Which sentence says what an axis finding means (axisFindingText's `meaning`): 'none-found-no-letter'
 * when the letter looked the same every way, 'axis-letter' when an axis came from the letter's bars and two
 * confirmations, 'axis-search' when the answers settled on it; the others as their finding.
 */
export type AxisMeaningId =
  'none-found' | 'none-found-no-letter' | 'axis-letter' | 'axis-search' | 'uncertain' | 'not-recorded';

/**
 * The facts axisFindingText's English is made of (issue 20: other languages compose the same sentences
 * from them): which sentence, where the search ended (degrees to one decimal, as the text writes them), the
 * letter's answer the 'axis-letter' sentence names, and the search's step.
 */
export interface AxisFindingFacts {
  meaning: AxisMeaningId;
  endpointDegrees: number;
  letter: AxisLetterChoice | null;
  stepDegrees: number;
}

/**
 * A stored axis result in plain words, for every view and export: the headline (`title`), and a sentence
 * on what it means (`meaning`). Only `'axis'` names an axis; the other findings say where the search
 * stopped only as such. `facts`: what the words are made of.
 */
export function axisFindingText(result: AxisResult): {
  finding: AxisFindingOrUnknown;
  title: string;
  meaning: string;
  facts: AxisFindingFacts;
} {
  const finding = axisFindingOf(result);
  const at = axisDegreesText(result.endpoint);
  const facts = (meaning: AxisMeaningId): AxisFindingFacts => ({
    meaning,
    endpointDegrees: axisDegrees(result.endpoint),
    letter: result.letter ?? null,
    stepDegrees: AXIS_STEP_DEGREES,
  });
  switch (finding) {
    case 'none-found':
      return result.letter === 'none'
        ? {
            finding,
            title: 'No astigmatism found',
            meaning: `The letter looked the same turned every way, and both patterns looked equally clear from the first answer (${at} is only where the test starts).`,
            facts: facts('none-found-no-letter'),
          }
        : {
            finding,
            title: 'No astigmatism found',
            meaning: `Both patterns looked equally clear from the first answer, so no axis was searched for (${at} is only where the test starts). An astigmatism with its axis exactly there, or at right angles to it, would look the same.`,
            facts: facts('none-found'),
          };
    case 'axis':
      return result.firstResponseKey === 'same' && result.secondResponseKey === 'same' && result.letter
        ? {
            finding,
            title: `Axis about ${at}`,
            meaning: `The letter looked sharper with its bars ${result.letter}, and both patterns then looked equally clear on either side of ${at}.`,
            facts: facts('axis-letter'),
          }
        : {
            finding,
            title: `Axis about ${at}`,
            meaning: `One pattern looked clearer, and the answers then settled on ${at} (the test moves in ${AXIS_STEP_DEGREES}° steps).`,
            facts: facts('axis-search'),
          };
    case 'uncertain':
      return {
        finding,
        title: 'Uncertain: no consistent axis',
        meaning: `The answers did not settle on an axis (the search stopped at ${at}); repeat the test.`,
        facts: facts('uncertain'),
      };
    case 'not-recorded':
      return {
        finding,
        title: `Finding not recorded (search ended at ${at})`,
        meaning: `An older record: it keeps only the first two answers, which do not show whether the search settled at ${at}.`,
        facts: facts('not-recorded'),
      };
  }
}
