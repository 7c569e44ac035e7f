import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  CoreInputError,
  diamondTheme,
  INITIAL_FLOW_STATE,
  transition,
  type FlowEvent,
  type ControllerStep,
  type FlowState,
  type PanelTrials,
  type TestId,
} from '@visus/core';
import { injectIntoStore } from '@/lib/store/root-reducer';
import { testRunnerApi } from './test-runner-api';

/**
 * The `test` slice (SPEC.md §3 "Test state"): core's FlowState. Every change goes through core
 * `transition(state, event)`; this slice only forwards events and keeps the error of an event core
 * refused (the state is then left as it was). After a reload it also holds the running eye's answered
 * trials from the display's copy, for its panel to resume after them.
 */
export interface TestState {
  flow: FlowState;
  /**
   * True while the test screen waits for what its flow is loaded from (the session, SPEC.md §3 "Test
   * state … loading"): set by `testLoading` (and the session request), cleared when the flow is loaded or
   * restored, or the session request failed.
   */
  loading: boolean;
  /** Why the last event was refused, or null. */
  error: string | null;
  /** The running eye's trials restored with the flow (flow snapshot), or null. */
  resumeTrials: PanelTrials | null;
  /**
   * The step the running panel is in when its pad changes within a run (Astigmatism Axis: the rotating
   * letter, then the image pair; docs/adr/0017), tagged with its run (core panelKey) so that a step of a
   * panel run that has ended is never told to the phone. Null otherwise.
   */
  panelStep: { run: string; step: ControllerStep } | null;
}

const initialState: TestState = {
  flow: INITIAL_FLOW_STATE,
  loading: false,
  error: null,
  resumeTrials: null,
  panelStep: null,
};

const { getSession } = testRunnerApi.endpoints;

function apply(state: TestState, event: FlowEvent): TestState {
  try {
    return { ...state, flow: transition(state.flow, event), error: null };
  } catch (error) {
    if (error instanceof CoreInputError) return { ...state, error: error.message };
    throw error;
  }
}

export const testSlice = createSlice({
  name: 'test',
  initialState,
  reducers: {
    /** Loading (SPEC.md §4 "Test actions include … loading"): the flow is on its way; errors are cleared. */
    testLoading: (state) => ({ ...state, loading: true, error: null }),
    /** The running panel's step (see `panelStep`). */
    panelStepChanged: (state, action: PayloadAction<TestState['panelStep']>) => ({
      ...state,
      panelStep: action.payload,
    }),
    /** Any flow event, forwarded to core `transition`. */
    flowEvent: (state, action: PayloadAction<FlowEvent>) => apply(state, action.payload),
    /** Start: loads a test flow (SPEC.md §4: status Ready, the first test current). */
    flowLoaded: (state, action: PayloadAction<{ flowA: readonly TestId[]; testMode: boolean }>) => ({
      ...apply(state, { type: 'loadFlow', flowA: action.payload.flowA, testMode: action.payload.testMode }),
      loading: false,
    }),
    /** Key pressed (keyboard or phone); core drops it before the check and within the debounce window. */
    keyPressed: (state, action: PayloadAction<{ key: string; now: number }>) =>
      apply(state, { type: 'key', ...action.payload }),
    keyConsumed: (state) => apply(state, { type: 'consumeKey' }),
    /** Increment (progress) with the next-step rule's flags. */
    progressed: (state, action: PayloadAction<{ now: number; skip?: boolean; finish?: boolean }>) =>
      apply(state, { type: 'progress', ...action.payload }),
    /** Decrement: Diamond goes back one round. */
    steppedBack: (state) => apply(state, { type: 'stepBack' }),
    /** Correction: the controller (or the keyboard path) answered the check. */
    controllerReady: (state, action: PayloadAction<string>) =>
      apply(state, { type: 'controllerReady', correction: action.payload }),
    /**
     * Reconnect: a reloaded display restores the flow it had (its sessionStorage copy). Restoring is
     * not a transition, so it is only checked for shape here.
     */
    flowRestored: (_state, action: PayloadAction<{ flow: FlowState; trials?: PanelTrials }>) => ({
      flow: action.payload.flow,
      loading: false,
      error: null,
      resumeTrials: action.payload.trials ?? null,
      panelStep: null,
    }),
    /** Leaving the test screen resets the slice (SPEC.md §4). */
    testReset: () => initialState,
  },
  extraReducers: (builder) => {
    // The session the flow is loaded from: its request is the test's loading too.
    builder
      .addMatcher(getSession.matchPending, (state) => ({ ...state, loading: true, error: null }))
      .addMatcher(getSession.matchRejected, (state, action) =>
        action.meta.condition ? state : { ...state, loading: false },
      );
  },
});

// Joins the store with the test screen's code, not at startup (issue 9 part 6).
injectIntoStore(testSlice);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof testSlice> {}
}

export const {
  testLoading,
  panelStepChanged,
  flowEvent,
  flowLoaded,
  keyPressed,
  keyConsumed,
  progressed,
  steppedBack,
  controllerReady,
  flowRestored,
  testReset,
} = testSlice.actions;

/** The statuses of an idle screen: no test under way. */
export function isTestIdle(flow: FlowState): boolean {
  return flow.status === '' || flow.status === 'Idle';
}

/**
 * The background during a test (SPEC.md §2): light, except while a test runs (InTest), where it follows
 * the test's theme; Diamond is light for its first two rounds and medium after (core diamondTheme).
 */
export function testBackground(flow: FlowState): 'light' | 'dark' | 'medium' {
  if (flow.status !== 'InTest' || !flow.currentTest) return 'light';
  if (flow.currentTest === 'diamond') return diamondTheme(flow.currentLoop);
  return flow.theme;
}

/** Page colours of the three test themes (medium is the mid grey of the Diamond test's later rounds). */
export const BACKGROUND_COLOURS = { light: '#ffffff', medium: '#808080', dark: '#000000' } as const;

/** The state slice as the layout reads it (app/ composes features; this keeps the shape in one place). */
export const selectFlow = (state: { test: TestState }): FlowState => state.test.flow;
