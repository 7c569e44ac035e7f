import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { acceptKey, KEY_DEBOUNCE_MS } from './key-handling';
import {
  activityName,
  batteryPlace,
  methodLabel,
  placeText,
  showsProgress,
  showsFraction,
  TEST_DEFINITIONS,
  TEST_IDS,
  testDefinition,
  type TestId,
} from './test-definitions';
import {
  applyProgress,
  INITIAL_FLOW_STATE,
  nextStep,
  TEST_STATUSES,
  transition,
  type FlowEvent,
  type FlowState,
} from './transition';

const load = (flowA: TestId[], testMode = false) =>
  transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA, testMode });
const inTest = (s: FlowState) => transition(s, { type: 'start', now: 1000 });
const at = (s: Partial<FlowState>): FlowState => ({
  ...load(['sloan', 'duoChrome']),
  status: 'InTest',
  ...s,
});

describe('test definitions (SPEC.md §4 "Test definitions", §9 loop lengths)', () => {
  it('loop lengths: Sloan 30, Tumbling E 30, Landolt C 30, Astigmatism Power 20, Spoke 6, Diamond 3, others 1', () => {
    const loops = Object.fromEntries(TEST_IDS.map((id) => [id, TEST_DEFINITIONS[id].loopLength]));
    expect(loops).toEqual({
      sloan: 30,
      tumblingE: 30,
      landoltC: 30,
      astigPower: 20,
      spokeCircle: 6,
      spokeEllipse: 6,
      diamond: 3,
      astigAxis: 1,
      duoChrome: 1,
      presbyopia: 1,
    });
  });
  it('Astigmatism Axis: Part B, Grating method, dark, infinite, loop 1', () => {
    expect(TEST_DEFINITIONS.astigAxis).toMatchObject({
      part: 'Part B',
      testBMethod: 'Grating Method',
      theme: 'dark',
      infinite: true,
    });
  });
  it('guess rates: Sloan 0.038462 with 26 options, Landolt C 0.125 with 8, Tumbling E 0.25, Power 0.25 with 3', () => {
    expect(TEST_DEFINITIONS.sloan).toMatchObject({
      guess: 0.038462,
      options: 26,
      theme: 'light',
      infinite: false,
    });
    expect(TEST_DEFINITIONS.landoltC).toMatchObject({ guess: 0.125, options: 8, part: 'Part A' });
    expect(TEST_DEFINITIONS.tumblingE).toMatchObject({ guess: 0.25, options: 4 });
    expect(TEST_DEFINITIONS.astigPower).toMatchObject({
      guess: 0.25,
      options: 3,
      theme: 'dark',
      part: 'Part B',
    });
  });
  it('progress counter hidden for Astigmatism Power, Diamond, DuoChrome, Presbyopia and in infinite mode (SPEC.md §2)', () => {
    expect(showsProgress('sloan', false)).toBe(true);
    expect(showsProgress('diamond', false)).toBe(false);
    expect(showsProgress('sloan', true)).toBe(false);
  });
  it('activity names (SPEC.md §1)', () => {
    expect(activityName('duoChrome')).toBe('Activity One');
    expect(activityName('astigAxis')).toBe('Activity Three');
    expect(activityName('landoltC')).toBe('Help');
  });
  it('rejects unknown tests', () => expect(() => testDefinition('snellen')).toThrow(CoreInputError));
});

describe('next-step rule (SPEC.md §4 "Next-step rule")', () => {
  it('1. loop below loop length → INC', () =>
    expect(nextStep(at({ currentLoop: 3, loopLength: 30 }))).toBe('INC'));
  it('1. skip flag acts as loop count 99 (SPEC.md §9)', () =>
    expect(nextStep(at({ currentLoop: 3, loopLength: 30 }), { skip: true })).toBe('Continue'));
  it('2. right eye, not infinite → Continue; infinite → Repeat', () => {
    expect(nextStep(at({ currentLoop: 30, loopLength: 30 }))).toBe('Continue');
    expect(nextStep(at({ currentLoop: 1, loopLength: 1, infinite: true }))).toBe('Repeat');
  });
  it('3. left eye with tests left in the section → Complete', () =>
    expect(nextStep(at({ currentLoop: 30, loopLength: 30, eye: 'left' }))).toBe('Complete'));
  it('3. end of Part A → PartBReady, or Finished with the finish flag or in test mode', () => {
    const end = at({ flowIndex: 1, currentTest: 'duoChrome', loopLength: 1, eye: 'left' });
    expect(nextStep(end)).toBe('PartBReady');
    expect(nextStep(end, { finish: true })).toBe('Finished');
    expect(nextStep({ ...end, testMode: true })).toBe('Finished');
  });
  it('3. end of Part B → PartCReady (Finished in test mode); end of Part C → Finished', () => {
    const endB = at({
      section: 'Part B',
      flowIndex: 1,
      currentTest: 'astigAxis',
      loopLength: 1,
      eye: 'left',
    });
    expect(nextStep(endB)).toBe('PartCReady');
    expect(nextStep({ ...endB, testMode: true })).toBe('Finished');
    const endC = at({ section: 'Part C', flowIndex: 1, currentTest: 'presbyopia', loopLength: 1 });
    expect(nextStep(endC)).toBe('Finished');
  });
  it('2. Presbyopia does not go to the left eye', () => {
    const p = at({ section: 'Part C', flowIndex: 1, currentTest: 'presbyopia', loopLength: 1, eye: 'right' });
    expect(nextStep(p)).toBe('Finished');
  });
  it('4. Presbyopia with the finish flag is Finished immediately', () => {
    const p = at({
      section: 'Part C',
      flowIndex: 1,
      currentTest: 'presbyopia',
      loopLength: 5,
      currentLoop: 1,
    });
    expect(nextStep(p, { finish: true })).toBe('Finished');
  });
});

describe('progress and status mapping (SPEC.md §4 "Progress")', () => {
  it('loading a flow sets Ready and the first test with its starting state', () => {
    const s = load(['landoltC', 'duoChrome']);
    expect(s).toMatchObject({
      status: 'Ready',
      currentTest: 'landoltC',
      loopLength: 30,
      currentLoop: 1,
      eye: 'right',
      section: 'Part A',
    });
  });
  it('INC increments the loop; Continue resets it to 1 on the left eye', () => {
    let s = inTest(load(['sloan']));
    s = transition(s, { type: 'progress', now: 2000 });
    expect(s.currentLoop).toBe(2);
    s = transition(s, { type: 'progress', now: 2000, skip: true });
    expect(s).toMatchObject({ status: 'Continue', currentLoop: 1, eye: 'left' });
    s = transition(s, { type: 'start', now: 3000 });
    expect(s).toMatchObject({ status: 'InTest', currentLoop: 1, eye: 'left' });
  });
  it('Complete moves to the next test on the right eye; start then leads to Ready', () => {
    let s: FlowState = { ...inTest(load(['sloan', 'duoChrome'])), eye: 'left', currentLoop: 30 };
    s = transition(s, { type: 'progress', now: 1 });
    expect(s).toMatchObject({
      status: 'Complete',
      currentTest: 'duoChrome',
      eye: 'right',
      currentLoop: 1,
      loopLength: 1,
    });
    expect(transition(s, { type: 'start', now: 2 })).toMatchObject({ status: 'Ready', eye: 'right' });
  });
  it('PartBReady starts flow B (Diamond, then Astigmatism Axis); PartCReady flow C (Spoke Circle, then Presbyopia)', () => {
    const endA = { ...inTest(load(['duoChrome'])), eye: 'left' as const };
    const b = transition(endA, { type: 'progress', now: 1 });
    expect(b).toMatchObject({
      status: 'PartBReady',
      section: 'Part B',
      flowIndex: 0,
      currentTest: 'diamond',
      eye: 'right',
    });
    const endB = {
      ...b,
      status: 'InTest' as const,
      flowIndex: 1,
      currentTest: 'astigAxis' as const,
      loopLength: 1,
      eye: 'left' as const,
    };
    expect(transition(endB, { type: 'progress', now: 2 })).toMatchObject({
      status: 'PartCReady',
      currentTest: 'spokeCircle',
    });
  });
  it('moving to InTest records the start time once', () => {
    let s = inTest(load(['sloan']));
    expect(s.startedAt).toBe(1000);
    s = transition({ ...s, status: 'Continue' }, { type: 'start', now: 5000 });
    expect(s.startedAt).toBe(1000);
  });
  it('Finished records the finish time and asks to save once; saving success gives Finished', () => {
    let s: FlowState = { ...inTest(load(['duoChrome'], true)), eye: 'left' };
    s = transition(s, { type: 'progress', now: 7000 });
    expect(s).toMatchObject({ finishedAt: 7000, saveRequested: true });
    expect(applyProgress(s, 'Finished', 9000).finishedAt).toBe(7000);
    s = transition(s, { type: 'resultsSaved' });
    expect(s).toMatchObject({ status: 'Finished', saveRequested: false });
  });
  it('Diamond can step back by one round', () => {
    const s = { ...inTest(load(['sloan'])), currentLoop: 3 };
    expect(transition(s, { type: 'stepBack' }).currentLoop).toBe(2);
  });
});

describe('handshake and key handling (SPEC.md §4 "Display and controller handshake", "Key handling")', () => {
  it('Ready → Check → Checked with the correction', () => {
    let s = transition(load(['sloan']), { type: 'check' });
    expect(s.status).toBe('Check');
    s = transition(s, { type: 'controllerReady', correction: 'glasses' });
    expect(s).toMatchObject({ status: 'Checked', correction: 'glasses', controllerChecked: true });
  });
  it('presses before the controller check are ignored', () => {
    const s = transition(load(['sloan']), { type: 'key', key: 'C', now: 0 });
    expect(s.keyPressed).toBeNull();
    expect(acceptKey(null, 'C', 0, false)).toBe(false);
  });
  it('identical key presses within 100 ms are ignored; a different key or a later press is taken', () => {
    let s = transition(transition(load(['sloan']), { type: 'check' }), {
      type: 'controllerReady',
      correction: '',
    });
    s = transition(s, { type: 'key', key: 'C', now: 1000 });
    expect(s.keyPressed).toEqual({ key: 'C', at: 1000 });
    s = transition(s, { type: 'consumeKey' });
    expect(s.keyPressed).toBeNull();
    expect(transition(s, { type: 'key', key: 'C', now: 1000 + KEY_DEBOUNCE_MS - 1 }).keyPressed).toBeNull();
    expect(transition(s, { type: 'key', key: 'D', now: 1050 }).keyPressed?.key).toBe('D');
    expect(transition(s, { type: 'key', key: 'C', now: 1000 + KEY_DEBOUNCE_MS }).keyPressed?.key).toBe('C');
  });
  it('rejects malformed events', () => {
    expect(() => transition(INITIAL_FLOW_STATE, { type: 'nope' } as unknown as FlowEvent)).toThrow(
      CoreInputError,
    );
    expect(() => transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: [] })).toThrow(CoreInputError);
    expect(() => transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['x' as TestId] })).toThrow(
      CoreInputError,
    );
    expect(() => transition(INITIAL_FLOW_STATE, { type: 'start', now: Number.NaN })).toThrow(CoreInputError);
    expect(() => nextStep(INITIAL_FLOW_STATE)).toThrow(CoreInputError);
    expect(() => applyProgress(INITIAL_FLOW_STATE, 'Skip' as 'INC', 0)).toThrow(CoreInputError);
  });
});

describe('property: the flow never reaches an undefined state', () => {
  const testId = fc.constantFrom(...TEST_IDS);
  const event: fc.Arbitrary<FlowEvent> = fc.oneof(
    fc.record({
      type: fc.constant('loadFlow' as const),
      flowA: fc.array(testId, { minLength: 1, maxLength: 4 }),
      testMode: fc.boolean(),
    }),
    fc.constant({ type: 'check' as const }),
    fc.record({ type: fc.constant('controllerReady' as const), correction: fc.string() }),
    fc.record({ type: fc.constant('start' as const), now: fc.integer({ min: 0, max: 1e9 }) }),
    fc.record({
      type: fc.constant('progress' as const),
      now: fc.integer({ min: 0, max: 1e9 }),
      skip: fc.boolean(),
      finish: fc.boolean(),
    }),
    fc.constant({ type: 'stepBack' as const }),
    fc.record({
      type: fc.constant('key' as const),
      key: fc.constantFrom('C', 'D', 'ArrowUp'),
      now: fc.integer({ min: 0, max: 1e9 }),
    }),
    fc.constant({ type: 'consumeKey' as const }),
    fc.constant({ type: 'resultsSaved' as const }),
    fc.constant({ type: 'stop' as const }),
    fc.constant({ type: 'reset' as const }),
  );
  it('every reachable state has a known status, a defined test once loaded, loop ≥ 1 and an eye', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 80 }), (events) => {
        let s = INITIAL_FLOW_STATE;
        for (const e of events) {
          s = transition(s, e);
          expect(TEST_STATUSES).toContain(s.status);
          expect(['right', 'left']).toContain(s.eye);
          expect(s.currentLoop).toBeGreaterThanOrEqual(1);
          expect(['Part A', 'Part B', 'Part C']).toContain(s.section);
          if (s.status !== '' && s.currentTest === null) throw new Error(`status ${s.status} without a test`);
          if (s.currentTest) {
            expect(TEST_IDS).toContain(s.currentTest);
            expect(s.loopLength).toBe(testDefinition(s.currentTest).loopLength);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('methodLabel (SPEC.md §1)', () => {
  it('shows the Part B methods without "Method"', () => {
    expect(methodLabel('Spoke Targets Method')).toBe('Spoke Targets');
    expect(methodLabel('Grating Method')).toBe('Grating');
    expect(methodLabel('')).toBe('');
  });
});

describe('batteryPlace (SPEC.md §1)', () => {
  it('names the activity and the method', () => {
    expect(batteryPlace('sloan')).toEqual({ activity: 'Activity One', method: '' });
    expect(batteryPlace('diamond')).toEqual({ activity: 'Activity Two', method: 'Grating' });
    expect(batteryPlace('astigAxis')).toEqual({ activity: 'Activity Three', method: 'Grating' });
    expect(batteryPlace('spokeCircle')).toEqual({ activity: 'Activity Four', method: 'Spoke Targets' });
    expect(batteryPlace('presbyopia')).toEqual({ activity: 'Activity Four', method: '' });
  });

  it('reads as one line', () => {
    expect(placeText({ activity: 'Activity Three', method: 'Grating' })).toBe('Activity Three · Grating');
    expect(placeText({ activity: 'Activity One', method: '' })).toBe('Activity One');
  });

  it('shows nothing for the Help tests', () => {
    expect(batteryPlace('landoltC')).toBeNull();
    expect(batteryPlace('spokeEllipse')).toBeNull();
  });
});

describe('showsFraction (SPEC.md §2)', () => {
  it('shows for direction answers only, not in infinite mode', () => {
    expect(showsFraction('landoltC', false)).toBe(true);
    expect(showsFraction('tumblingE', false)).toBe(true);
    expect(showsFraction('astigAxis', false)).toBe(true);
    expect(showsFraction('astigAxis', true)).toBe(false);
    expect(showsFraction('tumblingE', true)).toBe(false);
    expect(showsFraction('sloan', false)).toBe(false);
    expect(showsFraction('diamond', false)).toBe(false);
  });
});
