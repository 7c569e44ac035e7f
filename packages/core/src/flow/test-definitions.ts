import { CoreInputError } from '../errors/core-input-error';

/** Test ids, as the results are keyed (SPEC.md §3 "Results"). */
export const TEST_IDS = [
  'sloan',
  'landoltC',
  'tumblingE',
  'duoChrome',
  'astigAxis',
  'astigPower',
  'spokeCircle',
  'spokeEllipse',
  'diamond',
  'presbyopia',
] as const;
/** One of {@link TEST_IDS}. */
export type TestId = (typeof TEST_IDS)[number];

/** The three parts of a full test (SPEC.md §1, §3). */
export type TestPart = 'Part A' | 'Part B' | 'Part C';
/** Part B methods (SPEC.md §3 "Test definition"); '' for tests without one. */
export type TestBMethod = 'Grating Method' | 'Spoke Targets Method' | '';
/** Theme of the test screen; Diamond switches to medium after its first rounds (diamond/). */
export type TestTheme = 'light' | 'dark';

/** A test definition (SPEC.md §3 "Test definition", §4 "Test definitions", §9). */
export interface TestDefinition {
  readonly id: TestId;
  /** Name shown to people, e.g. 'Landolt C'. */
  readonly name: string;
  readonly part: TestPart;
  readonly testBMethod: TestBMethod;
  /** Rounds per eye (trials for the acuity charts). */
  readonly loopLength: number;
  readonly theme: TestTheme;
  /** Infinite tests repeat instead of continuing to the left eye (SPEC.md §4 next-step rule 2). */
  readonly infinite: boolean;
  /** Answer choices on the controller, when the spec gives them. */
  readonly options?: number;
  /** Probability of a correct guess as the spec states it, when it gives one. */
  readonly guess?: number;
  /**
   * Crowding bars around each optotype by default (SPEC.md §3: the Sloan and Tumbling E configurations
   * carry `crowding`); present only on the charts that offer it, see {@link offersCrowding}. A session
   * may turn it on (POST /tests/session… `crowding`).
   */
  readonly crowding?: boolean;
}

/**
 * All definitions. Where the spec is silent the choice is marked: Tumbling E and the spoke tests are
 * not given a part or theme beyond "loop"; Part A charts are light like Sloan and Landolt C.
 */
export const TEST_DEFINITIONS: Readonly<Record<TestId, TestDefinition>> = {
  sloan: {
    id: 'sloan',
    name: 'Sloan',
    part: 'Part A',
    testBMethod: '',
    loopLength: 30,
    theme: 'light',
    infinite: false,
    options: 26,
    guess: 0.038462,
    crowding: false,
  },
  landoltC: {
    id: 'landoltC',
    name: 'Landolt C',
    part: 'Part A',
    testBMethod: '',
    loopLength: 30,
    theme: 'light',
    infinite: false,
    options: 8,
    guess: 0.125,
  },
  tumblingE: {
    id: 'tumblingE',
    name: 'Tumbling E',
    part: 'Part A',
    testBMethod: '',
    loopLength: 30,
    theme: 'light', // not stated; as the other Part A charts
    infinite: false,
    options: 4,
    guess: 0.25,
    crowding: false,
  },
  duoChrome: {
    id: 'duoChrome',
    name: 'DuoChrome',
    part: 'Part A',
    testBMethod: '',
    loopLength: 1,
    theme: 'light',
    infinite: false,
  },
  astigAxis: {
    id: 'astigAxis',
    name: 'Astigmatism Axis',
    part: 'Part B',
    testBMethod: 'Grating Method',
    loopLength: 1,
    theme: 'dark',
    infinite: true,
  },
  astigPower: {
    id: 'astigPower',
    name: 'Astigmatism Power',
    part: 'Part B',
    testBMethod: 'Grating Method',
    loopLength: 20,
    theme: 'dark',
    infinite: false,
    options: 3,
    guess: 0.25,
  },
  spokeCircle: {
    id: 'spokeCircle',
    name: 'Spoke Circle',
    part: 'Part B',
    testBMethod: 'Spoke Targets Method',
    loopLength: 6,
    theme: 'light',
    infinite: false,
  },
  spokeEllipse: {
    id: 'spokeEllipse',
    name: 'Spoke Ellipse',
    part: 'Part B',
    testBMethod: 'Spoke Targets Method',
    loopLength: 6,
    theme: 'light',
    infinite: false,
  },
  diamond: {
    id: 'diamond',
    name: 'Diamond',
    part: 'Part B',
    testBMethod: 'Grating Method',
    loopLength: 3,
    theme: 'light',
    infinite: false,
  },
  presbyopia: {
    id: 'presbyopia',
    name: 'Presbyopia',
    part: 'Part B',
    testBMethod: '',
    loopLength: 1,
    theme: 'light',
    infinite: false,
  },
};

/** Flow B (SPEC.md §4: "PartBReady starts flow B (Diamond, then Astigmatism Axis, grating method)"). */
export const FLOW_B: readonly TestId[] = ['diamond', 'astigAxis'];
/** Flow C (SPEC.md §4: "PartCReady starts flow C (Spoke Circle, then Presbyopia)"). */
export const FLOW_C: readonly TestId[] = ['spokeCircle', 'presbyopia'];
/** A default flow A when the session names none (the acuity chart and the duochrome). */
export const DEFAULT_FLOW_A: readonly TestId[] = ['sloan', 'duoChrome'];

/** The definition of a test id; throws {@link CoreInputError} for an unknown id. */
export function testDefinition(id: string): TestDefinition {
  if (!(TEST_IDS as readonly string[]).includes(id)) throw new CoreInputError(`unknown test "${id}"`);
  return TEST_DEFINITIONS[id as TestId];
}

/**
 * Whether a test can be shown crowded (SPEC.md §3: the Sloan and Tumbling E configurations carry
 * `crowding`): the charts whose definition has a `crowding` default. Landolt C is not among them.
 */
export function offersCrowding(id: TestId): boolean {
  return testDefinition(id).crowding !== undefined;
}

/**
 * Whether `test` is drawn with crowding bars in a session that asked for `crowding` (its own default when
 * the session says nothing): only the charts that {@link offersCrowding}; any other test never is.
 */
export function drawsCrowded(test: TestId, crowding: boolean | undefined): boolean {
  const byDefault = testDefinition(test).crowding;
  if (byDefault === undefined) return false;
  return crowding ?? byDefault;
}

/** Whether the progress counter shows for a test (SPEC.md §2: not for these four, nor in infinite mode). */
export function showsProgress(id: TestId, infinite: boolean): boolean {
  return !infinite && !['astigPower', 'diamond', 'duoChrome', 'presbyopia'].includes(testDefinition(id).id);
}

/**
 * Activity names shown to people (SPEC.md §1): Sloan and DuoChrome = Activity One; Diamond = Two;
 * Astigmatism Power and Axis = Three; Spoke Circle and Presbyopia = Four; anything else = Help.
 */
export function activityName(id: TestId): string {
  switch (testDefinition(id).id) {
    case 'sloan':
    case 'duoChrome':
      return 'Activity One';
    case 'diamond':
      return 'Activity Two';
    case 'astigPower':
    case 'astigAxis':
      return 'Activity Three';
    case 'spokeCircle':
    case 'presbyopia':
      return 'Activity Four';
    default:
      return 'Help';
  }
}

/**
 * The Part B method as people see it (SPEC.md §1: 'Spoke Targets Method' is shown as 'Spoke Targets',
 * 'Grating Method' as 'Grating'); '' for a test without one.
 */
export function methodLabel(method: TestBMethod): string {
  switch (method) {
    case 'Spoke Targets Method':
      return 'Spoke Targets';
    case 'Grating Method':
      return 'Grating';
    default:
      return '';
  }
}

/**
 * Where a person sees which part of the battery they are in (SPEC.md §1): the activity name and the Part B
 * method label, e.g. { activity: 'Activity Three', method: 'Grating' }; method '' for tests without one.
 * Shown for a single test too: SPEC.md §1 maps each test to its activity with no condition on how the test
 * was started, and the phone (which is not told whether a session is a single test) shows the same line as
 * the display. null for the spec's 'anything else = Help' tests (Landolt C, Tumbling E, Spoke Ellipse): a
 * heading 'Help' over a chart would read as an offer of help, not as a part of the battery.
 */
export function batteryPlace(id: TestId): { activity: string; method: string } | null {
  const activity = activityName(id);
  if (activity === 'Help') return null;
  return { activity, method: methodLabel(testDefinition(id).testBMethod) };
}

/** 'Activity Three · Grating', or the activity alone for a test without a method (SPEC.md §1). */
export function placeText(place: { activity: string; method: string }): string {
  return place.method ? `${place.activity} · ${place.method}` : place.activity;
}

/** Tests answered with directions (SPEC.md §2 "Direction answers"): the rotated optotypes and the axis. */
export const DIRECTION_ANSWER_TESTS: readonly TestId[] = ['landoltC', 'tumblingE', 'astigAxis'];

/**
 * Whether the fraction readout (answers done / total, e.g. '7/30') shows fixed at top right (SPEC.md §2
 * "Direction answers … a fraction readout fixed at top right"): for direction answers, and only where the
 * progress indicator shows (SPEC.md §2: not in infinite mode, so not for the infinite Astigmatism Axis).
 */
export function showsFraction(id: TestId, infinite: boolean): boolean {
  return DIRECTION_ANSWER_TESTS.includes(id) && showsProgress(id, infinite);
}
