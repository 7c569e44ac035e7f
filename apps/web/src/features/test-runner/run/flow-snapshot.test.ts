import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, panelKey, transition, type FlowState } from '@visus/core';
import { clearSnapshot, loadSnapshot, saveSnapshot, unfinishedRuns } from './flow-snapshot';

const loaded = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['sloan', 'duoChrome'] });

afterEach(() => window.sessionStorage.clear());

describe('flow snapshot', () => {
  it('keeps the flow and results of a display across a reload, without a pending key', () => {
    const flow: FlowState = { ...loaded, status: 'Continue', eye: 'left', keyPressed: { key: 'C', at: 5 } };
    saveSnapshot('ABCDEFGH', { flow, results: { sloan: { right: 0.1 } } });
    expect(loadSnapshot('ABCDEFGH')).toEqual({
      flow: { ...flow, keyPressed: null },
      results: { sloan: { right: 0.1 } },
    });
    expect(loadSnapshot('HGFEDCBA')).toBeNull();
    clearSnapshot('ABCDEFGH');
    expect(loadSnapshot('ABCDEFGH')).toBeNull();
  });

  it('restarts a running eye from its first round, but keeps a pending save as it was', () => {
    saveSnapshot('ABCDEFGH', { flow: { ...loaded, status: 'InTest', currentLoop: 9 }, results: {} });
    expect(loadSnapshot('ABCDEFGH')?.flow.currentLoop).toBe(1);
    saveSnapshot('ABCDEFGH', {
      flow: { ...loaded, status: 'InTest', currentLoop: 9, saveRequested: true, finishedAt: 10 },
      results: {},
    });
    expect(loadSnapshot('ABCDEFGH')?.flow).toMatchObject({ currentLoop: 9, saveRequested: true });
  });

  it("goes on from the running eye's round when the copy holds exactly its answered trials", () => {
    const flow: FlowState = { ...loaded, status: 'InTest', currentLoop: 4 };
    // The drawn logMAR is kept when the trial has one (issue 16), absent for trials saved before.
    const trials = [
      { level: 0, correct: true },
      { level: 4, correct: true, drawnLogMAR: 0.2087 },
      { level: 6, correct: false, drawnLogMAR: 0.3942 },
    ];
    saveSnapshot('ABCDEFGH', { flow, results: {}, trials: { panel: panelKey(flow), trials } });
    expect(panelKey(flow)).toBe('Part A-0-right');
    expect(loadSnapshot('ABCDEFGH')).toEqual({
      flow: { ...flow, keyPressed: null },
      results: {},
      trials: { panel: 'Part A-0-right', trials },
    });
  });

  it.each([
    ['of another eye', { panel: 'Part A-0-left' }],
    ['one short of the rounds so far', { trials: [{ level: 0, correct: true }] }],
    ['with a level off the scale', { trials: [0, 4, 21].map((level) => ({ level, correct: true })) }],
    [
      'with an answer that is not true or false',
      { trials: [0, 4, 6].map((level) => ({ level, correct: 1 })) },
    ],
    ['not a list', { trials: 'many' }],
    [
      'with a drawn logMAR that is not a number',
      { trials: [0, 4, 6].map((level) => ({ level, correct: true, drawnLogMAR: 'big' })) },
    ],
  ])('restarts the eye from round 1 when the trials kept are %s', (_, change) => {
    const flow: FlowState = { ...loaded, status: 'InTest', currentLoop: 4 };
    const trials = {
      panel: panelKey(flow),
      trials: [0, 4, 6].map((level) => ({ level, correct: true })),
      ...change,
    };
    window.sessionStorage.setItem('visus.test.ABCDEFGH', JSON.stringify({ flow, results: {}, trials }));
    const restored = loadSnapshot('ABCDEFGH');
    expect(restored?.flow.currentLoop).toBe(1);
    expect(restored).not.toHaveProperty('trials');
  });

  it('ignores what is not a flow', () => {
    window.sessionStorage.setItem('visus.test.ABCDEFGH', '{"flow":{"status":"Dancing"},"results":{}}');
    expect(loadSnapshot('ABCDEFGH')).toBeNull();
    window.sessionStorage.setItem('visus.test.ABCDEFGH', 'not json');
    expect(loadSnapshot('ABCDEFGH')).toBeNull();
  });
});

describe('unfinished runs (the Tests page offers to go on with them)', () => {
  it('lists the runs this tab left under way, newest first, and nothing else', () => {
    const started = (at: number): FlowState => ({
      ...loaded,
      status: 'InTest',
      startedAt: at,
      currentLoop: 1,
    });
    saveSnapshot('AAAAAAAA', { flow: started(100), results: {} });
    saveSnapshot('BBBBBBBB', { flow: started(200), results: {} });
    saveSnapshot('CCCCCCCC', { flow: { ...started(300), status: 'Stopped' }, results: {} });
    saveSnapshot('DDDDDDDD', { flow: loaded, results: {} }); // never started
    saveSnapshot('EEEEEEEE', { flow: { ...started(400), saveRequested: true }, results: {} });
    window.sessionStorage.setItem('visus.test.FFFFFFFF', 'not json');
    window.sessionStorage.setItem('other.key', '{}');
    expect(unfinishedRuns().map((run) => run.pin)).toEqual(['BBBBBBBB', 'AAAAAAAA']);
    clearSnapshot('BBBBBBBB');
    expect(unfinishedRuns().map((run) => run.pin)).toEqual(['AAAAAAAA']);
  });
});
