import {
  CORRECTIONS,
  isBeforeCheck,
  phoneAnswers,
  type ControllerStep,
  type Correction,
  type TestBMethod,
  type TestId,
  type TestStatus,
} from '@visus/core';
import type { SessionState } from '@visus/contracts';
import { isControllerStep, isPartBMethod, isTestId, isTestStatus } from '@visus/contracts/realtime-guards';

/**
 * SPEC.md §3 Controller state: what the phone knows about the test it drives. `testStatus`,
 * `currentTest` and `partBMethod` follow the display (display-key, display-status, sync-controller,
 * display-reconnect, and the server's session-state); `correction` is the phone's answer to the
 * handshake question; `asking` is true while that question is open; `waiting` is true when nothing on
 * the display needs an answer from the phone.
 *
 * A plain reducer (React's useReducer, no store): the phone's page is a light entry of its own without
 * Redux (docs/adr/0005), and this state lives as long as that page.
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
  /** The step of a test whose pad changes within a run (Astigmatism Axis, docs/adr/0017), else null. */
  step: ControllerStep | null;
  /** True while the correction is on its way to the display. */
  loading: boolean;
  error: string | null;
}

export const initialControllerState: ControllerState = {
  waiting: true,
  correction: null,
  asking: false,
  currentTest: null,
  testStatus: null,
  partBMethod: null,
  step: null,
  loading: false,
  error: null,
};

/** True once the handshake is done and the display's status takes keys. */
export function handshakeDone(state: Pick<ControllerState, 'correction' | 'testStatus'>): boolean {
  return state.correction !== null && state.testStatus !== null && !isBeforeCheck(state.testStatus);
}

export function isCorrection(value: unknown): value is Correction {
  return typeof value === 'string' && (CORRECTIONS as readonly string[]).includes(value);
}

/** Follows the display's status; Check means the display waits for the correction (handshake step 1). */
function withStatus(state: ControllerState, status: TestStatus): ControllerState {
  const asking = status === 'Check';
  return { ...state, testStatus: status, asking, waiting: !phoneAnswers(status) && !asking };
}

/** What happens to the phone's state (the names say what happened, as Redux actions do). */
export type ControllerAction =
  /** A new controller page: nothing known yet, except a correction this phone already gave. */
  | { type: 'controllerStarted'; correction: Correction | null }
  /** The server's view of the session (on every join and leave). */
  | { type: 'sessionStateReceived'; state: SessionState }
  /** Handshake step 1: the display asks for the correction (sync-controller). */
  | { type: 'syncRequested'; currentTest: TestId | null }
  /** display-key: where the test is now. */
  | {
      type: 'displayKeyReceived';
      currentTest: TestId | null;
      testStatus: TestStatus;
      partBMethod?: TestBMethod | undefined;
      step?: ControllerStep | undefined;
    }
  /** display-status: the display's status changed. */
  | { type: 'displayStatusReceived'; testStatus: TestStatus }
  /**
   * display-reconnect: the display's answer to sync-display. Its state is opaque to the protocol;
   * the phone reads `testStatus`, `currentTest`, `partBMethod` and `correction` when they are valid.
   */
  | { type: 'displayReconnected'; state: Record<string, unknown> }
  /** The correction is on its way (controller-ready). */
  | { type: 'correctionRequested' }
  /** The display has the correction: the check is complete (handshake step 2, Checked). */
  | { type: 'correctionAccepted'; correction: Correction }
  /** Sending the correction failed; the question stays open. */
  | { type: 'correctionFailed'; error: string };

export function controllerReducer(state: ControllerState, action: ControllerAction): ControllerState {
  switch (action.type) {
    case 'controllerStarted':
      return { ...initialControllerState, correction: action.correction };
    case 'sessionStateReceived': {
      const { testStatus, currentTest, partBMethod } = action.state;
      let next = state;
      if (currentTest !== null) next = { ...next, currentTest };
      if (partBMethod !== null) next = { ...next, partBMethod };
      return testStatus !== null ? withStatus(next, testStatus) : next;
    }
    case 'syncRequested':
      return withStatus({ ...state, currentTest: action.currentTest, step: null }, 'Check');
    case 'displayKeyReceived': {
      // Every display-key says the step anew: absent means the test has one pad.
      const next = { ...state, currentTest: action.currentTest, step: action.step ?? null };
      if (action.partBMethod !== undefined) next.partBMethod = action.partBMethod;
      return withStatus(next, action.testStatus);
    }
    case 'displayStatusReceived':
      return withStatus(state, action.testStatus);
    case 'displayReconnected': {
      const s = action.state;
      const next = { ...state };
      if (isTestId(s.currentTest) || s.currentTest === null) next.currentTest = s.currentTest;
      if (isPartBMethod(s.partBMethod)) next.partBMethod = s.partBMethod;
      if (isCorrection(s.correction)) next.correction = s.correction;
      next.step = isControllerStep(s.step) ? s.step : null;
      return isTestStatus(s.testStatus) ? withStatus(next, s.testStatus) : next;
    }
    case 'correctionRequested':
      return { ...state, loading: true, error: null };
    case 'correctionAccepted':
      return withStatus({ ...state, loading: false, correction: action.correction }, 'Checked');
    case 'correctionFailed':
      return { ...state, loading: false, error: action.error };
  }
}
