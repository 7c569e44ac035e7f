import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { DIAMOND_CONTRASTS } from './diamond';
import { DIAMOND_MEAN_LUMINANCE, diamondUniformLuminance } from './diamond-tiles';

describe('Diamond tile luminances', () => {
  it('puts medium tiles at the grating mean and the light tile at its peak', () => {
    expect(diamondUniformLuminance('medium', 20)).toBe(DIAMOND_MEAN_LUMINANCE);
    expect(diamondUniformLuminance('light', DIAMOND_CONTRASTS[0])).toBeCloseTo(0.6, 12);
    expect(diamondUniformLuminance('light', DIAMOND_CONTRASTS[1])).toBeCloseTo(0.54, 12);
  });

  it('rejects the grating tile and bad contrasts', () => {
    expect(() => diamondUniformLuminance('grating', 20)).toThrow(CoreInputError);
    expect(() => diamondUniformLuminance('light', 120)).toThrow(CoreInputError);
    expect(() => diamondUniformLuminance('light', Number.NaN)).toThrow(CoreInputError);
  });
});
