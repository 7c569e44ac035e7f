import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import {
  mergeResultPatch,
  resultsCleared,
  resultsEnded,
  resultsStarted,
  resultsUpdated,
} from './test-results-slice';

const right = { va: 0.1, rounds: 12, loopLength: 30 };
const left = { va: 0.2, rounds: 14, loopLength: 30 };

describe('test results slice', () => {
  it('merges results per test and eye: the left eye never wipes the right', () => {
    const store = makeStore();
    store.dispatch(resultsUpdated({ sloan: { right } }));
    store.dispatch(resultsUpdated({ sloan: { left } }));
    store.dispatch(resultsUpdated({ duoChrome: { right: ['red'] } }));
    expect(store.getState().testResults.results).toEqual({
      sloan: { right, left },
      duoChrome: { right: ['red'] },
    });
  });

  it('records start and end once', () => {
    const store = makeStore();
    store.dispatch(resultsStarted(100));
    store.dispatch(resultsStarted(200));
    store.dispatch(resultsEnded(900));
    store.dispatch(resultsEnded(950));
    expect(store.getState().testResults.results).toEqual({ start: 100, end: 900 });
    store.dispatch(resultsCleared());
    expect(store.getState().testResults.results).toEqual({});
  });

  it('refuses a patch that is not keyed by eye, and changes nothing', () => {
    const store = makeStore();
    store.dispatch(resultsUpdated({ sloan: { right } }));
    const before = store.getState().testResults;
    expect(() => store.dispatch(resultsUpdated({ sloan: { middle: right } } as never))).toThrow(
      'result for sloan has an unknown eye "middle"',
    );
    expect(() => mergeResultPatch({}, { start: 1 } as never)).toThrow('start and end are not set by a patch');
    expect(store.getState().testResults).toBe(before);
  });
});
