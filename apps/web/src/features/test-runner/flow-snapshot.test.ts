import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowState } from '@visus/core';
import { clearSnapshot, loadSnapshot, saveSnapshot } from './flow-snapshot';

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

  it('ignores what is not a flow', () => {
    window.sessionStorage.setItem('visus.test.ABCDEFGH', '{"flow":{"status":"Dancing"},"results":{}}');
    expect(loadSnapshot('ABCDEFGH')).toBeNull();
    window.sessionStorage.setItem('visus.test.ABCDEFGH', 'not json');
    expect(loadSnapshot('ABCDEFGH')).toBeNull();
  });
});
