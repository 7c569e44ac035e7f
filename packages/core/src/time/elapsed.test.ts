import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { formatElapsed } from './elapsed';

describe('elapsed time (SPEC.md §9 "Elapsed-time format HH:MM:SS")', () => {
  it('formats whole seconds', () => {
    expect(formatElapsed(0, 0)).toBe('00:00:00');
    expect(formatElapsed(1000, 1000 + 3_723_999)).toBe('01:02:03');
    expect(formatElapsed(0, 25 * 3600 * 1000)).toBe('25:00:00');
  });
  it('rejects reversed or NaN instants', () => {
    expect(() => formatElapsed(10, 5)).toThrow(CoreInputError);
    expect(() => formatElapsed(Number.NaN, 5)).toThrow(CoreInputError);
  });
});
