import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  CORRECTIONS,
  TEST_IDS,
  TEST_STATUSES,
  type Correction,
  type TestBMethod,
  type TestId,
  type TestStatus,
} from '@visus/core';
import type { SessionState } from '@visus/contracts';

/**
 * SPEC.md §3 Controller state: what the phone knows about the test it drives. `testStatus`,
 * `currentTest` and `partBMethod` follow the display (display-key, display-status, sync-controller,
 * display-reconnect, and the server's session-state); `correction` is the phone's answer to the
 * handshake question; `asking` is true while that question is open; `waiting` is true when nothing on
 * the display needs an answer from the phone.
 */
export interface ControllerState {
  /** True when the phone has nothing to send (waiting for the display, or a screen that runs itself). */
  waiting: boolean;
  /** The correction the person wears, once the display has received it (handshake step 2). */
  correction: Correction | null;
  /** True while the display waits for the correction (handshake step 1, status Check). */
  asking: boolean;
  currentTest: TestId | null;
  testStatus: TestStatus | null;
  partBMethod: TestBMethod | null;
  /** True while the correction is on its way to the display. */
  loading: boolean;
  error: string | null;
}

const initialState: ControllerState = {
  waiting: true,
  correction: null,
  asking: false,
  currentTest: null,
  testStatus: null,
  partBMethod: null,
  loading: false,
  error: null,
};

/** Statuses in which the phone shows something to press (CONTINUE, or the test's pad). */
const ANSWERING: ReadonlySet<TestStatus> = new Set([
  'Ready',
  'InTest',
  'Repeat',
  'Continue',
  // the next test or part starts by itself after 10 s, or at once with CONTINUE
  'Complete',
  'PartBReady',
  'PartCReady',
]);
/** Statuses before the display's check is complete: keys would be ignored (SPEC.md §4). */
const BEFORE_CHECK: ReadonlySet<TestStatus> = new Set(['', 'Idle', 'Syncing', 'Check']);

/** True once the handshake is done and the display's status takes keys. */
export function handshakeDone(state: Pick<ControllerState, 'correction' | 'testStatus'>): boolean {
  return state.correction !== null && state.testStatus !== null && !BEFORE_CHECK.has(state.testStatus);
}

function isTestStatus(value: unknown): value is TestStatus {
  return typeof value === 'string' && (TEST_STATUSES as readonly string[]).includes(value);
}
function isTestId(value: unknown): value is TestId {
  return typeof value === 'string' && (TEST_IDS as readonly string[]).includes(value);
}
function isPartBMethod(value: unknown): value is TestBMethod {
  return value === 'Grating Method' || value === 'Spoke Targets Method' || value === '';
}
export function isCorrection(value: unknown): value is Correction {
  return typeof value === 'string' && (CORRECTIONS as readonly string[]).includes(value);
}

/** Follows the display's status; Check means the display waits for the correction (handshake step 1). */
function setStatus(state: ControllerState, status: TestStatus) {
  state.testStatus = status;
  state.asking = status === 'Check';
  state.waiting = !ANSWERING.has(status) && !state.asking;
}

export const controllerSlice = createSlice({
  name: 'controller',
  initialState,
  reducers: {
    /** A new controller page: nothing known yet, except a correction this phone already gave. */
    controllerStarted(_state, action: PayloadAction<{ correction: Correction | null }>) {
      return { ...initialState, correction: action.payload.correction };
    },
    /** The server's view of the session (on every join and leave). */
    sessionStateReceived(state, action: PayloadAction<SessionState>) {
      const { testStatus, currentTest, partBMethod } = action.payload;
      if (currentTest !== null) state.currentTest = currentTest;
      if (partBMethod !== null) state.partBMethod = partBMethod;
      if (testStatus !== null) setStatus(state, testStatus);
    },
    /** Handshake step 1: the display asks for the correction (sync-controller). */
    syncRequested(state, action: PayloadAction<{ testStatus: TestStatus; currentTest: TestId | null }>) {
      state.currentTest = action.payload.currentTest;
      setStatus(state, 'Check');
    },
    /** display-key: where the test is now. */
    displayKeyReceived(
      state,
      action: PayloadAction<{
        currentTest: TestId | null;
        testStatus: TestStatus;
        partBMethod?: TestBMethod;
      }>,
    ) {
      state.currentTest = action.payload.currentTest;
      if (action.payload.partBMethod !== undefined) state.partBMethod = action.payload.partBMethod;
      setStatus(state, action.payload.testStatus);
    },
    /** display-status: the display's status changed. */
    displayStatusReceived(state, action: PayloadAction<TestStatus>) {
      setStatus(state, action.payload);
    },
    /**
     * display-reconnect: the display's answer to sync-display. Its state is opaque to the protocol;
     * the phone reads `testStatus`, `currentTest`, `partBMethod` and `correction` when they are valid.
     */
    displayReconnected(state, action: PayloadAction<Record<string, unknown>>) {
      const s = action.payload;
      if (isTestId(s.currentTest) || s.currentTest === null) state.currentTest = s.currentTest;
      if (isPartBMethod(s.partBMethod)) state.partBMethod = s.partBMethod;
      if (isCorrection(s.correction)) state.correction = s.correction;
      if (isTestStatus(s.testStatus)) setStatus(state, s.testStatus);
    },
    /** The correction is on its way (controller-ready). */
    correctionRequested(state) {
      state.loading = true;
      state.error = null;
    },
    /** The display has the correction: the check is complete (handshake step 2, Checked). */
    correctionAccepted(state, action: PayloadAction<Correction>) {
      state.loading = false;
      state.correction = action.payload;
      setStatus(state, 'Checked');
    },
    /** Sending the correction failed; the question stays open. */
    correctionFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.error = action.payload;
    },
    controllerErrorCleared(state) {
      state.error = null;
    },
  },
  selectors: {
    selectController: (state) => state,
  },
});

export const {
  controllerStarted,
  sessionStateReceived,
  syncRequested,
  displayKeyReceived,
  displayStatusReceived,
  displayReconnected,
  correctionRequested,
  correctionAccepted,
  correctionFailed,
  controllerErrorCleared,
} = controllerSlice.actions;
export const { selectController } = controllerSlice.selectors;
