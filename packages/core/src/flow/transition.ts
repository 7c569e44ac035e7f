import { CoreInputError, requireFinite } from '../errors/core-input-error';
import { acceptKey, type KeyPress } from './key-handling';
import {
  DEFAULT_FLOW_A,
  FLOW_B,
  FLOW_C,
  testDefinition,
  type TestId,
  type TestPart,
  type TestTheme,
} from './test-definitions';

/** Test status values (SPEC.md §4 "Test status values"); '' is the status after a reset. */
export const TEST_STATUSES = [
  '',
  'Idle',
  'Syncing',
  'Check',
  'Checked',
  'Ready',
  'InTest',
  'Repeat',
  'Continue',
  'Complete',
  'Finished',
  'Stopped',
  'PartBReady',
  'PartCReady',
] as const;
/** One of {@link TEST_STATUSES}. */
export type TestStatus = (typeof TEST_STATUSES)[number];

/** What one progress step does (SPEC.md §4 "Progress"). */
export type ProgressEvent =
  'INC' | 'Repeat' | 'Continue' | 'Complete' | 'PartBReady' | 'PartCReady' | 'Finished';

/** The eye under test. */
export type Eye = 'right' | 'left';

/** Loop count that stands for "skip the rest of this test" (SPEC.md §9 "Skip-loop flag acts as loop count 99"). */
export const SKIP_LOOP_COUNT = 99;

/** The test flow's state (SPEC.md §3 "Test state"), plus the timestamps of the results (ms). */
export interface FlowState {
  readonly status: TestStatus;
  readonly flowA: readonly TestId[];
  readonly flowB: readonly TestId[];
  readonly flowC: readonly TestId[];
  readonly section: TestPart;
  readonly flowIndex: number;
  readonly currentTest: TestId | null;
  readonly loopLength: number;
  readonly currentLoop: number;
  readonly eye: Eye;
  readonly theme: TestTheme;
  readonly infinite: boolean;
  /** Test mode skips the part switches (SPEC.md §4). */
  readonly testMode: boolean;
  readonly correction: string | null;
  /** Whether the controller check completed; key presses before it are ignored. */
  readonly controllerChecked: boolean;
  /** The key waiting to be consumed, with its time. */
  readonly keyPressed: KeyPress | null;
  /** Last accepted key (for the 100 ms debounce), kept after consumption. */
  readonly lastKey: KeyPress | null;
  /** First move to InTest, ms; recorded once. */
  readonly startedAt: number | null;
  /** Finish time, ms; recorded once with the Finished progress event. */
  readonly finishedAt: number | null;
  /** True from the Finished progress event until the results are saved: save exactly once. */
  readonly saveRequested: boolean;
}

/** Events the flow accepts; Redux actions and socket messages are forwarded as these. */
export type FlowEvent =
  | { type: 'loadFlow'; flowA: readonly TestId[]; testMode?: boolean }
  | { type: 'check' }
  | { type: 'controllerReady'; correction: string }
  | { type: 'start'; now: number }
  | { type: 'progress'; now: number; skip?: boolean; finish?: boolean }
  | { type: 'stepBack' }
  | { type: 'key'; key: string; now: number }
  | { type: 'consumeKey' }
  | { type: 'resultsSaved' }
  | { type: 'stop' }
  | { type: 'reset' };

/** The state after a reset (SPEC.md §9 defaults: loop length 2, loop 1, right eye, Part A). */
export const INITIAL_FLOW_STATE: FlowState = {
  status: '',
  flowA: DEFAULT_FLOW_A,
  flowB: FLOW_B,
  flowC: FLOW_C,
  section: 'Part A',
  flowIndex: 0,
  currentTest: null,
  loopLength: 2,
  currentLoop: 1,
  eye: 'right',
  theme: 'light',
  infinite: false,
  testMode: false,
  correction: null,
  controllerChecked: false,
  keyPressed: null,
  lastKey: null,
  startedAt: null,
  finishedAt: null,
  saveRequested: false,
};

function flowOf(state: FlowState, section: TestPart): readonly TestId[] {
  return section === 'Part A' ? state.flowA : section === 'Part B' ? state.flowB : state.flowC;
}

/**
 * The next-step rule (SPEC.md §4 "Next-step rule"), as a pure decision:
 * 4. Presbyopia with the finish flag is Finished immediately;
 * 1. the loop count (99 with the skip flag) below the loop length → INC;
 * 2. else on the right eye, except Presbyopia: infinite → Repeat, otherwise Continue (left eye next);
 * 3. else advance in the section's flow: Complete while tests remain; at the end of Part A Finished with
 *    the finish flag (or in test mode, where part switches are skipped), else PartBReady; at the end of
 *    Part B PartCReady (Finished in test mode); at the end of Part C Finished.
 */
export function nextStep(state: FlowState, flags: { skip?: boolean; finish?: boolean } = {}): ProgressEvent {
  if (!state.currentTest) throw new CoreInputError('no current test: load a flow first');
  if (state.currentTest === 'presbyopia' && flags.finish) return 'Finished';
  const loop = flags.skip ? SKIP_LOOP_COUNT : state.currentLoop;
  if (loop < state.loopLength) return 'INC';
  if (state.eye === 'right' && state.currentTest !== 'presbyopia')
    return state.infinite ? 'Repeat' : 'Continue';
  if (state.flowIndex + 1 < flowOf(state, state.section).length) return 'Complete';
  if (state.section === 'Part A') return flags.finish || state.testMode ? 'Finished' : 'PartBReady';
  if (state.section === 'Part B') return state.testMode ? 'Finished' : 'PartCReady';
  return 'Finished';
}

/** Applies a test's starting state: its loop length, theme and infinite flag, loop 1, right eye. */
function startTest(state: FlowState, section: TestPart, index: number, status: TestStatus): FlowState {
  const id = flowOf(state, section)[index];
  if (!id) throw new CoreInputError(`flow ${section} has no test at index ${index}`);
  const def = testDefinition(id);
  return {
    ...state,
    status,
    section,
    flowIndex: index,
    currentTest: id,
    loopLength: def.loopLength,
    currentLoop: 1,
    eye: 'right',
    theme: def.theme,
    infinite: def.infinite,
  };
}

/**
 * The progress reducer (SPEC.md §4 "Progress"): INC increments the loop; Repeat or Continue reset the loop
 * to 1 on the left eye; Complete, PartBReady, PartCReady reset the loop and move to the next test on the
 * right eye; Finished records the finish time once and asks for the results to be saved once.
 */
export function applyProgress(state: FlowState, event: ProgressEvent, now: number): FlowState {
  requireFinite(now, 'now (ms)');
  switch (event) {
    case 'INC':
      return { ...state, currentLoop: state.currentLoop + 1 };
    case 'Repeat':
    case 'Continue':
      return { ...state, status: event, currentLoop: 1, eye: 'left' };
    case 'Complete':
      return startTest(state, state.section, state.flowIndex + 1, 'Complete');
    case 'PartBReady':
      return startTest(state, 'Part B', 0, 'PartBReady');
    case 'PartCReady':
      return startTest(state, 'Part C', 0, 'PartCReady');
    case 'Finished':
      if (state.finishedAt !== null) return state;
      return { ...state, finishedAt: now, saveRequested: true };
    default:
      throw new CoreInputError(`unknown progress event ${JSON.stringify(event)}`);
  }
}

function checkTests(ids: readonly TestId[]): readonly TestId[] {
  if (!Array.isArray(ids) || ids.length === 0)
    throw new CoreInputError('a test flow needs at least one test');
  ids.forEach((id) => testDefinition(id));
  return [...ids];
}

/**
 * The test flow as a state machine: `transition(state, event) → state` (DESIGN.md §8). Events that do not
 * apply in the current status are ignored (the same state comes back), because socket messages can arrive
 * late or twice; malformed events throw {@link CoreInputError}.
 */
export function transition(state: FlowState, event: FlowEvent): FlowState {
  if (typeof event !== 'object' || event === null) throw new CoreInputError('event must be an object');
  switch (event.type) {
    case 'reset':
      return INITIAL_FLOW_STATE;
    case 'loadFlow': {
      // SPEC.md §4: "Loading a test flow sets status Ready and the first test as current."
      const loaded: FlowState = {
        ...INITIAL_FLOW_STATE,
        flowA: checkTests(event.flowA),
        testMode: event.testMode ?? false,
      };
      return startTest(loaded, 'Part A', 0, 'Ready');
    }
    case 'check':
      // Handshake step 1: Ready (with a socket) becomes Check and the display asks the controller to sync.
      return state.status === 'Ready' ? { ...state, status: 'Check' } : state;
    case 'controllerReady':
      // Step 2: the controller answers ready with a correction → Checked; key presses count from now on.
      if (typeof event.correction !== 'string') throw new CoreInputError('correction must be a string');
      return state.status === 'Check'
        ? { ...state, status: 'Checked', correction: event.correction, controllerChecked: true }
        : state;
    case 'start': {
      // Status mapping (SPEC.md §4): Ready → InTest; Continue/Repeat → InTest, left eye, loop 1;
      // Complete/PartBReady/PartCReady → Ready, right eye, loop 1.
      requireFinite(event.now, 'now (ms)');
      const startedAt = state.startedAt ?? event.now;
      switch (state.status) {
        case 'Ready':
        case 'Checked':
          return { ...state, status: 'InTest', startedAt };
        case 'Continue':
        case 'Repeat':
          return { ...state, status: 'InTest', eye: 'left', currentLoop: 1, startedAt };
        case 'Complete':
        case 'PartBReady':
        case 'PartCReady':
          return { ...state, status: 'Ready', eye: 'right', currentLoop: 1 };
        default:
          return state;
      }
    }
    case 'progress': {
      requireFinite(event.now, 'now (ms)');
      if (state.status !== 'InTest' || !state.currentTest) return state;
      return applyProgress(state, nextStep(state, event), event.now);
    }
    case 'stepBack':
      // Diamond can step back by one round (SPEC.md §4 "Diamond").
      return state.status === 'InTest' && state.currentLoop > 1
        ? { ...state, currentLoop: state.currentLoop - 1 }
        : state;
    case 'key': {
      if (!acceptKey(state.lastKey, event.key, event.now, state.controllerChecked)) return state;
      const press = { key: event.key, at: event.now };
      return { ...state, keyPressed: press, lastKey: press };
    }
    case 'consumeKey':
      return state.keyPressed ? { ...state, keyPressed: null } : state;
    case 'resultsSaved':
      // SPEC.md §4: "When results saving succeeds, status becomes Finished."
      return state.saveRequested ? { ...state, status: 'Finished', saveRequested: false } : state;
    case 'stop':
      return state.status === '' || state.status === 'Finished' ? state : { ...state, status: 'Stopped' };
    default:
      throw new CoreInputError(`unknown flow event ${JSON.stringify((event as { type?: unknown }).type)}`);
  }
}
