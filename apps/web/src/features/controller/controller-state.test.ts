import { describe, expect, it } from 'vitest';
import { controllerReducer as reduce, handshakeDone, initialControllerState } from './controller-state';

const start = reduce(initialControllerState, { type: 'controllerStarted', correction: null });

describe('controller state', () => {
  it('waits for the display, then asks for the correction at Check', () => {
    expect(start).toMatchObject({ waiting: true, asking: false, correction: null, testStatus: null });
    const asked = reduce(start, { type: 'syncRequested', currentTest: 'sloan' });
    expect(asked).toMatchObject({ asking: true, waiting: false, testStatus: 'Check', currentTest: 'sloan' });
    expect(handshakeDone(asked)).toBe(false);
  });

  it('completes the handshake when the display has the correction, and follows the display', () => {
    let state = reduce(start, { type: 'syncRequested', currentTest: 'sloan' });
    state = reduce(state, { type: 'correctionRequested' });
    expect(state.loading).toBe(true);
    state = reduce(state, { type: 'correctionAccepted', correction: 'Contact lenses' });
    expect(state).toMatchObject({
      correction: 'Contact lenses',
      asking: false,
      testStatus: 'Checked',
      waiting: true,
    });
    expect(handshakeDone(state)).toBe(true);
    state = reduce(state, { type: 'displayKeyReceived', currentTest: 'sloan', testStatus: 'Ready' });
    expect(state).toMatchObject({ waiting: false, testStatus: 'Ready' });
    // between tests the phone offers CONTINUE (the next test starts by itself after 10 s otherwise)
    state = reduce(state, { type: 'displayStatusReceived', testStatus: 'Complete' });
    expect(state.waiting).toBe(false);
    state = reduce(state, { type: 'displayStatusReceived', testStatus: 'Stopped' });
    expect(state.waiting).toBe(true);
    state = reduce(state, {
      type: 'displayKeyReceived',
      currentTest: 'astigAxis',
      testStatus: 'InTest',
      partBMethod: 'Grating Method',
    });
    expect(state).toMatchObject({ currentTest: 'astigAxis', partBMethod: 'Grating Method', waiting: false });
  });

  it('keeps the question open with the error when sending the correction failed', () => {
    let state = reduce(start, { type: 'syncRequested', currentTest: null });
    state = reduce(state, { type: 'correctionRequested' });
    state = reduce(state, { type: 'correctionFailed', error: 'operation has timed out' });
    expect(state).toMatchObject({ asking: true, loading: false, error: 'operation has timed out' });
    expect(reduce(state, { type: 'correctionRequested' }).error).toBeNull();
  });

  it('resumes from the server state and the display reconnect answer, ignoring junk', () => {
    let state = reduce(reduce(initialControllerState, { type: 'controllerStarted', correction: 'Glasses' }), {
      type: 'sessionStateReceived',
      state: {
        pin: 'ABCD2345',
        testStatus: 'InTest',
        currentTest: 'diamond',
        partBMethod: 'Grating Method',
        displayConnected: true,
        controllerConnected: true,
      },
    });
    expect(state).toMatchObject({ testStatus: 'InTest', currentTest: 'diamond', correction: 'Glasses' });
    expect(handshakeDone(state)).toBe(true);
    state = reduce(state, {
      type: 'displayReconnected',
      state: { testStatus: 'Bogus', currentTest: 'nope', correction: 'Monocle', partBMethod: 7 },
    });
    expect(state).toMatchObject({ testStatus: 'InTest', currentTest: 'diamond', correction: 'Glasses' });
    state = reduce(state, {
      type: 'displayReconnected',
      state: { testStatus: 'Repeat', currentTest: 'diamond', correction: 'None' },
    });
    expect(state).toMatchObject({ testStatus: 'Repeat', correction: 'None' });
  });

  it("follows the Axis test's step from display-key and the reconnect answer; absent means one pad", () => {
    const started = reduce(initialControllerState, { type: 'controllerStarted', correction: 'Glasses' });
    const letter = reduce(started, {
      type: 'displayKeyReceived',
      currentTest: 'astigAxis',
      testStatus: 'InTest',
      step: 'axis-letter',
    });
    expect(letter.step).toBe('axis-letter');
    const next = reduce(letter, { type: 'displayKeyReceived', currentTest: 'sloan', testStatus: 'Ready' });
    expect(next.step).toBeNull();
    const resumed = reduce(started, {
      type: 'displayReconnected',
      state: { testStatus: 'InTest', currentTest: 'astigAxis', step: 'axis-pair' },
    });
    expect(resumed.step).toBe('axis-pair');
    expect(reduce(resumed, { type: 'displayReconnected', state: { step: 'bogus' } }).step).toBeNull();
  });

  it('asks again when the display checks again (e.g. after it reloaded)', () => {
    const state = reduce(
      reduce(initialControllerState, { type: 'controllerStarted', correction: 'Glasses' }),
      { type: 'displayStatusReceived', testStatus: 'Check' },
    );
    expect(state.asking).toBe(true);
    expect(handshakeDone(state)).toBe(false);
  });
});
