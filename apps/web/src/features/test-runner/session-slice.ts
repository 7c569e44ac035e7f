import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { resumedSessionStatus, type ControllerLinkStatus, type DisplayLinkStatus } from '@visus/core';
import type { Session } from '@visus/contracts';
import { injectIntoStore } from '@/lib/store/root-reducer';
import { errorMessage } from '@/lib/api/api-error';
import { testRunnerApi } from './test-runner-api';

/**
 * The display side of SPEC.md §3 "Session": the loaded session (pin = token) and the client state
 * displayStatus / controllerStatus, with loading and error. Session loading is GET /tests/session/:pin
 * through RTK Query; its pending / fulfilled / rejected are this slice's request / success / error
 * (errors are the server's message or 'Server Error', SPEC.md §8; cleared when loading starts).
 */
export interface SessionState {
  session: Session | null;
  /** 'Ready' once the display has its flow; '' otherwise (SPEC.md §4). */
  displayStatus: DisplayLinkStatus;
  /**
   * 'Sync' while the display waits for the controller's check (or, resumed, for the phone to sync again);
   * 'Ready' once checked, and as the phone's `controller-status` says (core controllerLinkStatus).
   */
  controllerStatus: ControllerLinkStatus;
  /** The session's pin, from the route. */
  token: string | null;
  loading: boolean;
  error: string | null;
  /** True once the session was completed (PATCH) at the end of the test. */
  completed: boolean;
}

const initialState: SessionState = {
  session: null,
  displayStatus: '',
  controllerStatus: '',
  token: null,
  loading: false,
  error: null,
  completed: false,
};

const { getSession, completeSession } = testRunnerApi.endpoints;

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The test screen holds this session (again after a remount, whose cleanup reset the slice). */
    sessionOpened(state, action: PayloadAction<Session>) {
      state.session = action.payload;
      state.token = action.payload.pin;
      state.loading = false;
      state.error = null;
    },
    displayStatusChanged(state, action: PayloadAction<SessionState['displayStatus']>) {
      state.displayStatus = action.payload;
    },
    controllerStatusChanged(state, action: PayloadAction<SessionState['controllerStatus']>) {
      state.controllerStatus = action.payload;
    },
    /**
     * The display resumed this session's run from its own copy (a reload): SPEC.md §4, core
     * resumedSessionStatus — Ready and Sync with the sync flag (the run had a checked controller), else both
     * empty.
     */
    sessionResumed(state, action: PayloadAction<{ sync: boolean }>) {
      Object.assign(state, resumedSessionStatus(action.payload.sync));
    },
    sessionCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(getSession.matchPending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.token = action.meta.arg.originalArgs;
      })
      .addMatcher(getSession.matchFulfilled, (state, action) => {
        state.loading = false;
        state.session = action.payload;
      })
      .addMatcher(getSession.matchRejected, (state, action) => {
        if (action.meta.condition) return; // a duplicate request skipped by the cache, not a failure
        state.loading = false;
        state.error = errorMessage(action.payload ?? action.error);
      })
      .addMatcher(completeSession.matchFulfilled, (state, action) => {
        state.completed = true;
        if (state.session?.pin === action.payload.pin) state.session = action.payload;
      });
  },
});

// Joins the store with the test screen, not at startup: it needs RTK Query (issue 9 part 6).
injectIntoStore(sessionSlice);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof sessionSlice> {}
}

export const {
  sessionOpened,
  displayStatusChanged,
  controllerStatusChanged,
  sessionResumed,
  sessionCleared,
} = sessionSlice.actions;
