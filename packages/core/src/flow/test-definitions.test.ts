import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { drawsCrowded, offersCrowding, TEST_DEFINITIONS, TEST_IDS } from './test-definitions';

describe('crowding in the test configurations (SPEC.md §3)', () => {
  it('is carried by Sloan and Tumbling E only, off by default', () => {
    expect(TEST_DEFINITIONS.sloan.crowding).toBe(false);
    expect(TEST_DEFINITIONS.tumblingE.crowding).toBe(false);
    expect(TEST_IDS.filter(offersCrowding)).toEqual(['sloan', 'tumblingE']);
  });

  it('draws bars when the session asks, on the charts that offer them', () => {
    expect(drawsCrowded('sloan', true)).toBe(true);
    expect(drawsCrowded('tumblingE', true)).toBe(true);
    expect(drawsCrowded('sloan', false)).toBe(false);
    // A session that says nothing gets the chart's default (uncrowded).
    expect(drawsCrowded('sloan', undefined)).toBe(false);
    // Landolt C and every other test are never crowded, whatever the session says.
    expect(drawsCrowded('landoltC', true)).toBe(false);
    expect(drawsCrowded('duoChrome', true)).toBe(false);
  });

  it('refuses an unknown test', () => {
    expect(() => drawsCrowded('snellen' as never, true)).toThrow(CoreInputError);
  });
});
