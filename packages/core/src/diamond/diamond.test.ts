import { describe, expect, it } from 'vitest';
import { GRATING_LUMINANCE_JITTER } from '../calibration/grating-luminance';
import { CoreInputError } from '../errors/core-input-error';
import { createSeededRng } from '../random/rng';
import {
  DIAMOND_ARRANGEMENTS,
  diamondContrastSubmit,
  diamondFirstState,
  diamondRotateSubmit,
  diamondSecondState,
  diamondTheme,
  selectDiamondTile,
} from './diamond';

describe('Diamond (SPEC.md §4 "Diamond", §9)', () => {
  it('has 24 arrangements of light, two medium and grating', () => {
    expect(DIAMOND_ARRANGEMENTS).toHaveLength(24);
    for (const a of DIAMOND_ARRANGEMENTS)
      expect([...a].sort()).toEqual(['grating', 'light', 'medium', 'medium']);
  });
  it('stage 1 at contrast 20; rotateSubmit → stage 2 at contrast 8; result rotation = angle − 45', () => {
    let s = diamondFirstState(createSeededRng(1));
    expect(s).toMatchObject({ stage: 1, contrast: 20, selected: null });
    s = selectDiamondTile(s, 1);
    s = diamondRotateSubmit(s);
    expect(s).toMatchObject({ stage: 2, contrast: 8 });
    expect(diamondContrastSubmit(s)).toEqual({ selected: 1, rotation: 90, contrast: 8 });
    expect(diamondContrastSubmit(selectDiamondTile(s, 2)).rotation).toBe(-45);
  });
  it('draws each tile a luminance jitter factor per round and keeps it through both stages', () => {
    const rng = createSeededRng(9);
    const s = diamondFirstState(rng);
    expect(s.luminanceFactors).toHaveLength(4);
    for (const k of s.luminanceFactors) {
      expect(k).toBeGreaterThanOrEqual(1 - GRATING_LUMINANCE_JITTER);
      expect(k).toBeLessThan(1 + GRATING_LUMINANCE_JITTER);
    }
    expect(diamondRotateSubmit(selectDiamondTile(s, 2)).luminanceFactors).toEqual(s.luminanceFactors);
    expect(diamondFirstState(rng).luminanceFactors).not.toEqual(s.luminanceFactors);
  });
  it('secondState steps back to stage 1', () => {
    const s = diamondRotateSubmit(
      selectDiamondTile(
        diamondFirstState(() => 0),
        3,
      ),
    );
    expect(diamondSecondState(s)).toMatchObject({ stage: 1, contrast: 20, selected: 3 });
  });
  it('light for the first 2 rounds, medium after', () =>
    expect([1, 2, 3].map(diamondTheme)).toEqual(['light', 'light', 'medium']));
  it('rejects bad input', () => {
    const s = diamondFirstState(() => 0);
    expect(() => selectDiamondTile(s, 5)).toThrow(CoreInputError);
    expect(() => diamondRotateSubmit(s)).toThrow(CoreInputError);
    expect(() => diamondContrastSubmit(s)).toThrow(CoreInputError);
    expect(() => diamondFirstState(() => 2)).toThrow(CoreInputError);
  });
});
