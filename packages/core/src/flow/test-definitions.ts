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
