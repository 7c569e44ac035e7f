import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { INITIAL_SPOKE_CIRCLE } from './spoke-circle';
import { controlSpokeCircle, type SpokeCircleControl } from './spoke-circle-control';

describe('controlSpokeCircle', () => {
  it('changes the size by 10 and keeps it an integer within 10 … 400', () => {
    expect(controlSpokeCircle(INITIAL_SPOKE_CIRCLE, 'increase').size).toBe(210);
    expect(controlSpokeCircle(INITIAL_SPOKE_CIRCLE, 'decrease').size).toBe(190);
    let s = INITIAL_SPOKE_CIRCLE;
    for (let i = 0; i < 30; i++) s = controlSpokeCircle(s, 'increase');
    expect(s.size).toBe(400);
    for (let i = 0; i < 50; i++) s = controlSpokeCircle(s, 'decrease');
    expect(s.size).toBe(10);
  });
  it('keeps the recorded results and rejects unknown controls', () => {
    const s = { size: 200, results: [150] };
    expect(controlSpokeCircle(s, 'increase').results).toEqual([150]);
    expect(() => controlSpokeCircle(s, 'clockwise' as SpokeCircleControl)).toThrow(CoreInputError);
    expect(() => controlSpokeCircle({ size: 12.5, results: [] }, 'increase')).toThrow(CoreInputError);
  });
});
