import { canonicalKey, isKeyForTest } from './controller-keys';
import { TEST_DEFINITIONS, type TestBMethod, type TestId } from './test-definitions';
import type { Eye, FlowState, TestStatus } from './transition';

/*
 * The flow rules both ends of a test follow around core `transition`: which screens a 'continue' key
 * starts, which move on by themselves, what the phone is told and shown, and which eye a screen asks to
 * cover. The display (test runner) and the phone (controller) import these; neither keeps a copy.
 */

/** SPEC.md §9 "progress bar countdown 10 s; next test starts in 10 s". */
export const SELF_ADVANCE_MS = 10_000;

/**
 * Statuses a 'continue' key (Space, or START/CONTINUE on the phone) moves on from (SPEC.md §4 "Status
 * mapping": Ready → InTest; Continue or Repeat → InTest on the left eye; Complete, PartBReady or
 * PartCReady → Ready). Checked is Ready as the phone sees it (handshake step 3).
 */
const CONTINUE_STARTS: ReadonlySet<TestStatus> = new Set([
  'Ready',
  'Checked',
  'Repeat',
  'Continue',
  'Complete',
  'PartBReady',
  'PartCReady',
]);

/** Whether a 'continue' key moves the flow on from `status` (core `transition` 'start' then applies). */
export function continueStarts(status: TestStatus): boolean {
  return CONTINUE_STARTS.has(status);
}

/**
 * Statuses whose screen moves on by itself after {@link SELF_ADVANCE_MS} (SPEC.md §2: Repeat and Continue
 * show a 10-second progress bar; Complete says "Your next test will start in 10 seconds"; the part
 * switches are Complete screens of their own).
 */
const SELF_ADVANCING: ReadonlySet<TestStatus> = new Set([
  'Repeat',
  'Continue',
  'Complete',
  'PartBReady',
  'PartCReady',
]);

/** Whether the screen of `status` starts the next step by itself after {@link SELF_ADVANCE_MS}. */
export function advancesByItself(status: TestStatus): boolean {
  return SELF_ADVANCING.has(status);
}

/**
 * One countdown per self-advancing screen, as a key that changes when a new such screen comes (the same
 * status for the next test or eye is a new screen), or null when the screen does not advance by itself.
 */
export function countdownKey(
  flow: Pick<FlowState, 'status' | 'section' | 'flowIndex' | 'eye'>,
): string | null {
  return advancesByItself(flow.status)
    ? `${flow.status}-${flow.section}-${flow.flowIndex}-${flow.eye}`
    : null;
}

/**
 * Whether the display takes keys now (its keyboard and the phone's): only once the controller check is
 * done (SPEC.md §4 "Key presses are ignored before the controller check completes"), and not on the
 * screens that end a run (Stopped, Finished) nor while the results are being saved. Outside these times
 * Space and Enter belong to the page (its buttons and links).
 */
export function takesKeys(flow: Pick<FlowState, 'status' | 'controllerChecked' | 'saveRequested'>): boolean {
  return (
    flow.controllerChecked && !flow.saveRequested && (flow.status === 'InTest' || continueStarts(flow.status))
  );
}

/**
 * The status the phone is told: after the check the display "tells the controller Ready" (SPEC.md §4
 * handshake step 3), so Checked goes to the phone as Ready.
 */
export function phoneStatus(status: TestStatus): TestStatus {
  return status === 'Checked' ? 'Ready' : status;
}

/** Statuses before the display's check is complete: the phone's keys would be ignored (SPEC.md §4). */
const BEFORE_CHECK: ReadonlySet<TestStatus> = new Set(['', 'Idle', 'Syncing', 'Check']);

/** Whether the controller check is still to come at `status` (keys are ignored until it is done). */
export function isBeforeCheck(status: TestStatus): boolean {
  return BEFORE_CHECK.has(status);
}

/**
 * Whether the phone shows something to press at `status`: the test's pad while it runs (InTest), the
 * START/CONTINUE button on the screens a 'continue' key moves on from ({@link continueStarts}).
 */
export function phoneAnswers(status: TestStatus): boolean {
  return status === 'InTest' || (continueStarts(status) && status !== 'Checked');
}

/**
 * The eye to cover on a screen before an eye's run, or null when the screen starts no eye. SPEC.md §2:
 * Ready says 'Cover your LEFT eye' (the right eye goes first), Continue 'Cover your RIGHT eye' (left eye
 * next); Repeat also leads to the left eye (next-step rule 2: an infinite test repeats on the left eye),
 * so it asks the same. Presbyopia is done with both eyes ('both': 'Please use both eyes for this test').
 * Complete and the part switches lead to the next test's Ready screen, which says it.
 */
export function eyeToCover(status: TestStatus, test: TestId | null): Eye | 'none' | null {
  if (status === 'Ready' || status === 'Checked') return test === 'presbyopia' ? 'none' : 'left';
  if (status === 'Continue' || status === 'Repeat') return 'right';
  return null;
}

/**
 * What a phone that (re)connects is told (the display's answer to sync-display: display-reconnect). A type,
 * not an interface, so that it is the plain record the event's payload declares.
 */
export type ReconnectState = {
  readonly testStatus: TestStatus;
  readonly currentTest: TestId | null;
  readonly partBMethod: TestBMethod;
  readonly correction: string | null;
  readonly controllerChecked: boolean;
  readonly eye: Eye;
  readonly section: FlowState['section'];
  readonly round: number;
  readonly loopLength: number;
};

/** The display's state as a reconnecting phone needs it (SPEC.md §4 "A reconnecting display restores state"). */
export function reconnectState(flow: FlowState): ReconnectState {
  return {
    testStatus: phoneStatus(flow.status),
    currentTest: flow.currentTest,
    partBMethod: partBMethodOf(flow.currentTest),
    correction: flow.correction,
    controllerChecked: flow.controllerChecked,
    eye: flow.eye,
    section: flow.section,
    round: flow.currentLoop,
    loopLength: flow.loopLength,
  };
}

/** The Part B method the phone is told with a test (SPEC.md §7 display-key), '' without a test. */
export function partBMethodOf(test: TestId | null): TestBMethod {
  return test ? TEST_DEFINITIONS[test].testBMethod : '';
}

/**
 * A key from the phone (controller-key) as the current test takes it, or null when it means nothing to
 * that test: numbers become their rotation string ({@link canonicalKey}), Sloan letters are taken in
 * either case and become upper-case as the keyboard's are ({@link keyboardKey}).
 */
export function phoneKey(test: TestId | null, key: unknown): string | null {
  const canonical = canonicalKey(key);
  if (canonical === null || !test || !isKeyForTest(test, canonical)) return null;
  return test === 'sloan' && /^[a-z]$/.test(canonical) ? canonical.toUpperCase() : canonical;
}

/**
 * Whether a run is under way: it has started (its first move to InTest), has not ended (Finished,
 * Stopped) and is not being saved. Leaving it interrupts a test that can be gone on with later.
 */
export function runUnderWay(flow: Pick<FlowState, 'status' | 'startedAt' | 'saveRequested'>): boolean {
  return (
    flow.startedAt !== null &&
    !flow.saveRequested &&
    flow.status !== '' &&
    flow.status !== 'Finished' &&
    flow.status !== 'Stopped'
  );
}
