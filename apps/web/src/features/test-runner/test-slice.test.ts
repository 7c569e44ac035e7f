import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowState } from '@visus/core';
import { makeStore } from '@/app/store';
import {
  controllerReady,
  flowEvent,
  flowLoaded,
  keyConsumed,
  keyPressed,
  progressed,
  testBackground,
  testLoading,
  testReset,
} from './test-slice';

function checkedStore() {
  const store = makeStore();
  store.dispatch(flowLoaded({ flowA: ['sloan', 'duoChrome'], testMode: false }));
  store.dispatch(flowEvent({ type: 'check' }));
  store.dispatch(controllerReady('Glasses'));
  return store;
}

describe('test slice', () => {
  it('forwards every event to core transition and holds exactly its state', () => {
    const store = makeStore();
    store.dispatch(flowLoaded({ flowA: ['landoltC', 'duoChrome'], testMode: false }));
    const expected = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['landoltC', 'duoChrome'] });
    expect(store.getState().test.flow).toEqual(expected);
    expect(store.getState().test.flow).toMatchObject({
      status: 'Ready',
      currentTest: 'landoltC',
      loopLength: 30,
    });
  });

  it('is loading from the loading action until the flow is loaded (SPEC.md §3, §4), which clears an old error', () => {
    const store = makeStore();
    expect(store.getState().test.loading).toBe(false);
    store.dispatch(flowLoaded({ flowA: [], testMode: false }));
    expect(store.getState().test.error).not.toBeNull();
    store.dispatch(testLoading());
    expect(store.getState().test).toMatchObject({ loading: true, error: null });
    store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    expect(store.getState().test).toMatchObject({ loading: false, error: null });
    store.dispatch(testLoading());
    store.dispatch(testReset());
    expect(store.getState().test.loading).toBe(false);
  });

  it('keeps the state and records the error when core refuses an event', () => {
    const store = makeStore();
    store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    const before = store.getState().test.flow;
    store.dispatch(flowLoaded({ flowA: [], testMode: false }));
    expect(store.getState().test.flow).toBe(before);
    expect(store.getState().test.error).toBe('a test flow needs at least one test');
  });

  it('ignores keys before the controller check, then takes them', () => {
    const store = makeStore();
    store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    store.dispatch(keyPressed({ key: 'continue', now: 1000 }));
    expect(store.getState().test.flow.keyPressed).toBeNull();
    store.dispatch(flowEvent({ type: 'check' }));
    store.dispatch(controllerReady('None'));
    store.dispatch(keyPressed({ key: 'continue', now: 2000 }));
    expect(store.getState().test.flow.keyPressed).toEqual({ key: 'continue', at: 2000 });
  });

  it('drops an identical key within 100 ms but takes a different one, and clears consumed keys', () => {
    const store = checkedStore();
    store.dispatch(keyPressed({ key: 'C', now: 5000 }));
    store.dispatch(keyConsumed());
    store.dispatch(keyPressed({ key: 'C', now: 5099 }));
    expect(store.getState().test.flow.keyPressed).toBeNull();
    store.dispatch(keyPressed({ key: 'C', now: 5100 }));
    expect(store.getState().test.flow.keyPressed).toEqual({ key: 'C', at: 5100 });
    store.dispatch(keyConsumed());
    store.dispatch(keyPressed({ key: 'D', now: 5101 }));
    expect(store.getState().test.flow.keyPressed?.key).toBe('D');
  });

  it('moves through the progress rule and resets when the screen is left', () => {
    const store = checkedStore();
    store.dispatch(flowEvent({ type: 'start', now: 10 }));
    expect(store.getState().test.flow).toMatchObject({ status: 'InTest', startedAt: 10 });
    store.dispatch(progressed({ now: 11, skip: true }));
    expect(store.getState().test.flow).toMatchObject({ status: 'Continue', eye: 'left', currentLoop: 1 });
    store.dispatch(testReset());
    expect(store.getState().test).toEqual({
      flow: INITIAL_FLOW_STATE,
      loading: false,
      error: null,
      resumeTrials: null,
      panelStep: null,
    });
  });

  it('paints the test theme only during a test, Diamond light for two rounds then medium', () => {
    const inTest = (patch: Partial<FlowState>): FlowState => ({
      ...INITIAL_FLOW_STATE,
      status: 'InTest',
      currentTest: 'sloan',
      ...patch,
    });
    expect(
      testBackground({ ...INITIAL_FLOW_STATE, status: 'Ready', currentTest: 'astigAxis', theme: 'dark' }),
    ).toBe('light');
    expect(testBackground(inTest({ currentTest: 'astigAxis', theme: 'dark' }))).toBe('dark');
    expect(testBackground(inTest({ currentTest: 'diamond', currentLoop: 2 }))).toBe('light');
    expect(testBackground(inTest({ currentTest: 'diamond', currentLoop: 3 }))).toBe('medium');
  });
});
