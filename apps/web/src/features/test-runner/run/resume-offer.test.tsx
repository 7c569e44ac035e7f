import { describe, expect, it } from 'vitest';
import { INITIAL_FLOW_STATE, transition, type FlowState } from '@visus/core';
import { runPlace } from './resume-offer';

const loaded = transition(INITIAL_FLOW_STATE, {
  type: 'loadFlow',
  flowA: ['sloan', 'astigPower', 'presbyopia'],
});

describe('runPlace (where a left run stands, as a person reads it)', () => {
  it('names the test and eye, and the round while a chart with a counter runs', () => {
    const running: FlowState = { ...loaded, status: 'InTest', currentLoop: 7 };
    expect(runPlace(running)).toBe('Sloan, right eye, round 7 of 30');
    expect(runPlace({ ...running, status: 'Continue', eye: 'left' })).toBe('Sloan, left eye');
    // Astigmatism Power shows no counter (SPEC.md §2), so no round is named either.
    expect(runPlace({ ...running, currentTest: 'astigPower', loopLength: 20 })).toBe(
      'Astigmatism Power, right eye',
    );
    expect(runPlace({ ...running, currentTest: 'presbyopia' })).toBe('Presbyopia');
  });
});
