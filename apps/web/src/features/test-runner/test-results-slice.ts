import { createSlice, current, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { TestResults } from '@visus/core';
import { injectIntoStore } from '@/lib/store/root-reducer';
import type { ResultPatch } from './panels/panel-types';

/**
 * The `testResults` slice (SPEC.md §3 "Results", §4 results actions start, update, end): the results
 * gathered during one session, keyed by test and eye, with the start and end timestamps (ms).
 */
export interface TestResultsState {
  results: TestResults;
}

const initialState: TestResultsState = { results: {} };

/** The eyes, and since issue 18 the test's `viewing` (how its distance was known, set by the camera notice). */
const EYE_KEYS = new Set(['right', 'left', 'stereo', 'viewing']);

/**
 * Merges a panel's patch: per test, per eye, a new value replaces the old one for that eye only, so the
 * left eye's result never wipes the right eye's. A patch that is not `{ test: { eye: value } }` throws.
 */
export function mergeResultPatch(results: TestResults, patch: ResultPatch): TestResults {
  const next: Record<string, unknown> = { ...results };
  for (const [test, perEye] of Object.entries(patch)) {
    if (test === 'start' || test === 'end') throw new Error('start and end are not set by a patch');
    if (typeof perEye !== 'object' || perEye === null || Array.isArray(perEye)) {
      throw new Error(`result for ${test} must be an object keyed by eye`);
    }
    for (const eye of Object.keys(perEye)) {
      if (!EYE_KEYS.has(eye)) throw new Error(`result for ${test} has an unknown eye "${eye}"`);
    }
    next[test] = { ...((results as Record<string, object | undefined>)[test] ?? {}), ...perEye };
  }
  return next as TestResults;
}

export const testResultsSlice = createSlice({
  name: 'testResults',
  initialState,
  reducers: {
    /** Start: the first move to InTest; recorded once. */
    resultsStarted(state, action: PayloadAction<number>) {
      state.results.start ??= action.payload;
    },
    /** Update: a panel's result for the current test and eye. */
    resultsUpdated: (state, action: PayloadAction<ResultPatch>): TestResultsState => ({
      results: mergeResultPatch(current(state).results, action.payload),
    }),
    /** End: the finish time; recorded once. */
    resultsEnded(state, action: PayloadAction<number>) {
      state.results.end ??= action.payload;
    },
    /** A reloaded display gets back what it had gathered (its sessionStorage copy). */
    resultsRestored: (_state, action: PayloadAction<TestResults>): TestResultsState => ({
      results: action.payload,
    }),
    resultsCleared: () => initialState,
  },
});

// Joins the store with the test screen's code, not at startup (issue 9 part 6).
injectIntoStore(testResultsSlice);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof testResultsSlice> {}
}

export const { resultsStarted, resultsUpdated, resultsEnded, resultsRestored, resultsCleared } =
  testResultsSlice.actions;
