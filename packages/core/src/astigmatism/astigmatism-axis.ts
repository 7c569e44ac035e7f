import { CoreInputError, requireInRange } from '../errors/core-input-error';

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
}

/** Result stored per eye (SPEC.md §3): endpoint and the first and second response keys. */
export interface AxisResult {
  readonly endpoint: number;
  readonly firstResponseKey: AxisAnswer | null;
  readonly secondResponseKey: AxisAnswer | null;
}

/** Starts a search at `startAxis` degrees (0 … 180, default 90). */
export function startAxisSearch(startAxis = 90): AxisState {
  return {
    axis: requireInRange(startAxis, 0, 180, 'start axis (degrees)'),
    responses: [],
    endpoint: null,
    endReason: null,
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
  return { axis, responses, endpoint: endReason ? axis : null, endReason };
}

/** The stored result of an ended search; throws {@link CoreInputError} while it is still running. */
export function axisResult(state: AxisState): AxisResult {
  if (state.endpoint === null) throw new CoreInputError('the axis search has not ended');
  return {
    endpoint: state.endpoint,
    firstResponseKey: state.responses[0] ?? null,
    secondResponseKey: state.responses[1] ?? null,
  };
}
