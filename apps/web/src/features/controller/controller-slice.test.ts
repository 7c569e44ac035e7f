import { describe, expect, it } from 'vitest';
import {
  controllerSlice,
  controllerStarted,
  correctionAccepted,
  correctionFailed,
  correctionRequested,
  displayKeyReceived,
  displayReconnected,
  displayStatusReceived,
  handshakeDone,
  sessionStateReceived,
  syncRequested,
} from './controller-slice';

const reduce = controllerSlice.reducer;
const start = reduce(undefined, controllerStarted({ correction: null }));

describe('controller slice', () => {
  it('waits for the display, then asks for the correction at Check', () => {
    expect(start).toMatchObject({ waiting: true, asking: false, correction: null, testStatus: null });
    const asked = reduce(start, syncRequested({ testStatus: 'Check', currentTest: 'sloan' }));
    expect(asked).toMatchObject({ asking: true, waiting: false, testStatus: 'Check', currentTest: 'sloan' });
    expect(handshakeDone(asked)).toBe(false);
  });

  it('completes the handshake when the display has the correction, and follows the display', () => {
    let state = reduce(start, syncRequested({ testStatus: 'Check', currentTest: 'sloan' }));
    state = reduce(state, correctionRequested());
    expect(state.loading).toBe(true);
    state = reduce(state, correctionAccepted('Contact lenses'));
    expect(state).toMatchObject({
      correction: 'Contact lenses',
      asking: false,
      testStatus: 'Checked',
      waiting: true,
    });
    expect(handshakeDone(state)).toBe(true);
    state = reduce(state, displayKeyReceived({ currentTest: 'sloan', testStatus: 'Ready' }));
    expect(state).toMatchObject({ waiting: false, testStatus: 'Ready' });
    // between tests the phone offers CONTINUE (the next test starts by itself after 10 s otherwise)
    state = reduce(state, displayStatusReceived('Complete'));
    expect(state.waiting).toBe(false);
    state = reduce(state, displayStatusReceived('Stopped'));
    expect(state.waiting).toBe(true);
    state = reduce(
      state,
      displayKeyReceived({ currentTest: 'astigAxis', testStatus: 'InTest', partBMethod: 'Grating Method' }),
    );
    expect(state).toMatchObject({ currentTest: 'astigAxis', partBMethod: 'Grating Method', waiting: false });
  });

  it('keeps the question open with the error when sending the correction failed', () => {
    let state = reduce(start, syncRequested({ testStatus: 'Check', currentTest: null }));
    state = reduce(state, correctionRequested());
    state = reduce(state, correctionFailed('operation has timed out'));
    expect(state).toMatchObject({ asking: true, loading: false, error: 'operation has timed out' });
    expect(reduce(state, correctionRequested()).error).toBeNull();
  });

  it('resumes from the server state and the display reconnect answer, ignoring junk', () => {
    let state = reduce(
      reduce(undefined, controllerStarted({ correction: 'Glasses' })),
      sessionStateReceived({
        pin: 'ABCD2345',
        testStatus: 'InTest',
        currentTest: 'diamond',
        partBMethod: 'Grating Method',
        displayConnected: true,
        controllerConnected: true,
      }),
    );
    expect(state).toMatchObject({ testStatus: 'InTest', currentTest: 'diamond', correction: 'Glasses' });
    expect(handshakeDone(state)).toBe(true);
    state = reduce(
      state,
      displayReconnected({ testStatus: 'Bogus', currentTest: 'nope', correction: 'Monocle', partBMethod: 7 }),
    );
    expect(state).toMatchObject({ testStatus: 'InTest', currentTest: 'diamond', correction: 'Glasses' });
    state = reduce(
      state,
      displayReconnected({ testStatus: 'Repeat', currentTest: 'diamond', correction: 'None' }),
    );
    expect(state).toMatchObject({ testStatus: 'Repeat', correction: 'None' });
  });

  it('asks again when the display checks again (e.g. after it reloaded)', () => {
    const state = reduce(
      reduce(undefined, controllerStarted({ correction: 'Glasses' })),
      displayStatusReceived('Check'),
    );
    expect(state.asking).toBe(true);
    expect(handshakeDone(state)).toBe(false);
  });
});
