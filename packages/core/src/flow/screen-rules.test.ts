import { describe, expect, it } from 'vitest';
import {
  advancesByItself,
  continueStarts,
  countdownKey,
  eyeToCover,
  isBeforeCheck,
  partBMethodOf,
  phoneAnswers,
  phoneKey,
  phoneStatus,
  reconnectState,
  runUnderWay,
  SELF_ADVANCE_MS,
  takesKeys,
} from './screen-rules';
import { TEST_IDS } from './test-definitions';
import { INITIAL_FLOW_STATE, TEST_STATUSES, transition, type FlowState, type TestStatus } from './transition';

const loaded = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['sloan', 'astigAxis'] });
const checked = transition(transition(loaded, { type: 'check' }), {
  type: 'controllerReady',
  correction: 'None',
});
const at = (status: TestStatus, more: Partial<FlowState> = {}): FlowState => ({
  ...checked,
  status,
  ...more,
});

describe('screen rules (SPEC.md §2 "Test display screens", §4 "Status mapping")', () => {
  it("'continue' starts Ready (and Checked), Repeat, Continue, Complete and the part switches, nothing else", () => {
    const starts = TEST_STATUSES.filter(continueStarts);
    expect(starts).toEqual([
      'Checked',
      'Ready',
      'Repeat',
      'Continue',
      'Complete',
      'PartBReady',
      'PartCReady',
    ]);
    // Each of them is a status core's 'start' moves on from; every other status stays as it is.
    for (const status of TEST_STATUSES) {
      const next = transition(at(status), { type: 'start', now: 1 });
      expect(next.status !== status).toBe(continueStarts(status));
    }
  });

  it('§2/§9: Repeat, Continue, Complete and the part switches go on by themselves after 10 s', () => {
    expect(SELF_ADVANCE_MS).toBe(10_000);
    expect(TEST_STATUSES.filter(advancesByItself)).toEqual([
      'Repeat',
      'Continue',
      'Complete',
      'PartBReady',
      'PartCReady',
    ]);
  });

  it('a countdown is one per screen: a new test or eye on the same status starts it again', () => {
    expect(countdownKey(at('Ready'))).toBeNull();
    expect(countdownKey(at('InTest'))).toBeNull();
    const a = countdownKey(at('Complete', { flowIndex: 1 }));
    expect(a).not.toBeNull();
    expect(countdownKey(at('Complete', { flowIndex: 2 }))).not.toBe(a);
    expect(countdownKey(at('Complete', { flowIndex: 1, section: 'Part B' }))).not.toBe(a);
    expect(countdownKey(at('Repeat', { eye: 'left' }))).not.toBe(countdownKey(at('Repeat')));
  });

  it('§4: keys count only after the check, and not once the run has ended or is being saved', () => {
    expect(takesKeys(loaded)).toBe(false); // Ready before the check: Space belongs to the page's buttons
    expect(takesKeys({ ...loaded, status: 'Check' })).toBe(false);
    expect(takesKeys(checked)).toBe(true);
    expect(takesKeys(at('InTest'))).toBe(true);
    expect(takesKeys(at('Repeat'))).toBe(true);
    expect(takesKeys(at('InTest', { saveRequested: true }))).toBe(false);
    expect(takesKeys(at('Stopped'))).toBe(false);
    expect(takesKeys(at('Finished'))).toBe(false);
  });

  it('§4 handshake step 3: the phone is told Ready after the check; other statuses as they are', () => {
    expect(phoneStatus('Checked')).toBe('Ready');
    for (const status of TEST_STATUSES.filter((s) => s !== 'Checked'))
      expect(phoneStatus(status)).toBe(status);
  });

  it('§4: the check is still to come at the empty status, Idle, Syncing and Check', () => {
    expect(TEST_STATUSES.filter(isBeforeCheck)).toEqual(['', 'Idle', 'Syncing', 'Check']);
  });

  it('the phone has something to press while a test runs and on every screen CONTINUE moves on from', () => {
    expect(TEST_STATUSES.filter(phoneAnswers)).toEqual([
      'Ready',
      'InTest',
      'Repeat',
      'Continue',
      'Complete',
      'PartBReady',
      'PartCReady',
    ]);
  });

  it('§2: every screen before an eye says which eye to cover; Presbyopia uses both eyes', () => {
    expect(eyeToCover('Ready', 'sloan')).toBe('left'); // right eye first
    expect(eyeToCover('Checked', 'sloan')).toBe('left');
    expect(eyeToCover('Continue', 'sloan')).toBe('right'); // left eye next
    // Astigmatism Axis is infinite: after its right eye comes Repeat, which also leads to the left eye.
    expect(eyeToCover('Repeat', 'astigAxis')).toBe('right');
    expect(eyeToCover('Ready', 'presbyopia')).toBe('none');
    for (const status of ['InTest', 'Complete', 'PartBReady', 'Finished', 'Stopped'] as const)
      expect(eyeToCover(status, 'sloan')).toBeNull();
  });

  it('the eye the screen names is the eye covered while the next run goes on', () => {
    // Follow the flow: the eye not covered is the eye under test once the screen starts the run.
    const right = transition(checked, { type: 'start', now: 1 });
    expect(right.eye).toBe('right');
    expect(eyeToCover(checked.status, 'sloan')).toBe('left');
    const toAxis = { ...right, currentLoop: 30 };
    const cont = transition(toAxis, { type: 'progress', now: 2 });
    expect(cont.status).toBe('Continue');
    expect(transition(cont, { type: 'start', now: 3 }).eye).toBe('left');
    const axis = transition(at('InTest', { currentTest: 'astigAxis', infinite: true, loopLength: 1 }), {
      type: 'progress',
      now: 4,
    });
    expect(axis.status).toBe('Repeat');
    expect(eyeToCover(axis.status, 'astigAxis')).toBe('right');
    expect(transition(axis, { type: 'start', now: 5 }).eye).toBe('left');
  });

  it('§4 "A reconnecting display restores state": the phone gets status, test, method, correction and place', () => {
    const state = reconnectState(at('Checked', { currentTest: 'astigAxis', currentLoop: 1 }));
    expect(state).toEqual({
      testStatus: 'Ready',
      currentTest: 'astigAxis',
      partBMethod: 'Grating Method',
      correction: 'None',
      controllerChecked: true,
      eye: 'right',
      section: 'Part A',
      round: 1,
      loopLength: 30,
    });
    expect(partBMethodOf(null)).toBe('');
    expect(partBMethodOf('sloan')).toBe('');
  });

  it('§7 controller-key: a phone key becomes the key the current test takes, or null', () => {
    expect(phoneKey('sloan', 'k')).toBe('K');
    expect(phoneKey('sloan', 'K')).toBe('K');
    expect(phoneKey('landoltC', 45)).toBe('45');
    expect(phoneKey('landoltC', -90)).toBe('270');
    expect(phoneKey('tumblingE', 45)).toBeNull();
    expect(phoneKey('duoChrome', 'red')).toBe('red');
    expect(phoneKey('duoChrome', 'K')).toBeNull();
    expect(phoneKey(null, 'continue')).toBeNull();
    expect(phoneKey('sloan', { key: 'K' })).toBeNull();
    expect(phoneKey('sloan', 'a b')).toBeNull();
    for (const test of TEST_IDS) expect(phoneKey(test, 'continue')).toBe('continue');
  });
});

describe('a run under way (leaving asks first; the Tests page offers to go on with it)', () => {
  it('is one that has started and has neither ended nor is being saved', () => {
    expect(runUnderWay(checked)).toBe(false); // not started yet
    const started = transition(checked, { type: 'start', now: 1 });
    expect(runUnderWay(started)).toBe(true);
    expect(runUnderWay({ ...started, status: 'Continue' })).toBe(true);
    expect(runUnderWay({ ...started, status: 'Ready' })).toBe(true); // the next test's Ready screen
    expect(runUnderWay({ ...started, saveRequested: true })).toBe(false);
    expect(runUnderWay(transition(started, { type: 'stop' }))).toBe(false);
    expect(runUnderWay({ ...started, status: 'Finished' })).toBe(false);
  });
});
