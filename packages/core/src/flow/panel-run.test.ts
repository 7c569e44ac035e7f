import { describe, expect, it } from 'vitest';
import { panelKey, trialsFitRun } from './panel-run';
import { INITIAL_FLOW_STATE, transition } from './transition';

const flow = transition(INITIAL_FLOW_STATE, { type: 'loadFlow', flowA: ['sloan', 'duoChrome'] });
const trial = { level: 0.5, correct: true };

describe('panel runs (one panel mount per test, place in the flow and eye)', () => {
  it('keys a run by section, place and eye', () => {
    expect(panelKey(flow)).toBe('Part A-0-right');
    expect(panelKey({ ...flow, eye: 'left' })).toBe('Part A-0-left');
    expect(panelKey({ ...flow, section: 'Part B', flowIndex: 1 })).toBe('Part B-1-right');
  });

  it('hands trials back only to their own run, and only when they count exactly its rounds so far', () => {
    const running = { ...flow, currentLoop: 3 };
    expect(trialsFitRun({ panel: panelKey(running), trials: [trial, trial] }, running)).toBe(true);
    expect(trialsFitRun({ panel: panelKey(running), trials: [trial] }, running)).toBe(false);
    expect(trialsFitRun({ panel: panelKey(running), trials: [trial, trial, trial] }, running)).toBe(false);
    expect(trialsFitRun({ panel: 'Part A-0-left', trials: [trial, trial] }, running)).toBe(false);
    expect(trialsFitRun({ panel: panelKey(flow), trials: [] }, flow)).toBe(true);
  });
});
