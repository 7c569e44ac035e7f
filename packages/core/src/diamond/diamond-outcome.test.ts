import { describe, expect, it } from 'vitest';
import { CoreInputError } from '../errors/core-input-error';
import { createSeededRng } from '../random/rng';
import {
  DIAMOND_ANGLE_OFFSET,
  DIAMOND_ARRANGEMENTS,
  DIAMOND_TILE_ROTATIONS,
  diamondFirstState,
  diamondGratingTile,
  diamondRotateSubmit,
  diamondRoundOutcome,
  diamondScore,
  recordDiamondRound,
  selectDiamondTile,
  type DiamondRound,
} from './diamond';
import {
  binomialTail,
  DIAMOND_STORED_ROTATIONS,
  diamondOutcome,
  diamondRoundProblem,
} from './diamond-outcome';

/** A round with tile `selected` chosen and the grating on `gratingTile` (rotation by SPEC.md §4). */
const round = (selected: number, gratingTile: number): DiamondRound => ({
  selected,
  rotation: [135, 0, 90, 45][selected - 1]! - 45,
  contrast: 8,
  gratingTile,
  correct: selected === gratingTile,
});

describe('Diamond outcome (issue 17)', () => {
  it('finds the grating tile of an arrangement: tile i + 1 shows arrangement[i]', () => {
    DIAMOND_ARRANGEMENTS.forEach((boxes, a) => {
      const tile = diamondGratingTile(a);
      expect(boxes[tile - 1]).toBe('grating');
    });
    // The first arrangement is light, medium, medium, grating: the grating is tile 4.
    expect(diamondGratingTile(0)).toBe(4);
    expect(() => diamondGratingTile(24)).toThrow(CoreInputError);
  });

  it('a round is correct when the tile confirmed at contrast 8 is the grating tile', () => {
    const first = diamondFirstState(createSeededRng(7));
    const grating = diamondGratingTile(first.arrangement);
    const other = (grating % 4) + 1;
    const right = diamondRoundOutcome(diamondRotateSubmit(selectDiamondTile(first, grating)));
    expect(right).toMatchObject({ selected: grating, gratingTile: grating, correct: true, contrast: 8 });
    const wrong = diamondRoundOutcome(diamondRotateSubmit(selectDiamondTile(first, other)));
    expect(wrong).toMatchObject({ selected: other, gratingTile: grating, correct: false });
    expect(diamondRoundProblem(right)).toBeNull();
    expect(diamondRoundProblem(wrong)).toBeNull();
  });

  it('keeps every round, the last at the top level, and replaces a round done again after a step back', () => {
    let eye = recordDiamondRound(undefined, 1, round(4, 4));
    eye = recordDiamondRound(eye, 2, round(2, 3));
    expect(eye).toEqual({
      selected: 2,
      rotation: -45,
      contrast: 8,
      rounds: [round(4, 4), round(2, 3)],
      score: { correct: 1, of: 2 },
    });
    eye = recordDiamondRound(eye, 3, round(1, 1));
    expect(eye.score).toEqual({ correct: 2, of: 3 });
    // Stepped back to round 2 and answered again: round 2 is replaced and round 3 dropped.
    eye = recordDiamondRound(eye, 2, round(3, 3));
    expect(eye.rounds).toEqual([round(4, 4), round(3, 3)]);
    expect(eye.score).toEqual({ correct: 2, of: 2 });
    // An older record (no rounds) before this round: only this round is known.
    expect(recordDiamondRound({ selected: 1, rotation: 90, contrast: 8 }, 2, round(1, 2)).rounds).toEqual([
      round(1, 2),
    ]);
    expect(() => recordDiamondRound(undefined, 0, round(1, 1))).toThrow(CoreInputError);
  });

  it('the results know the stored rotation of each tile: the tile rotation minus 45 (SPEC.md §3)', () => {
    expect(DIAMOND_STORED_ROTATIONS).toEqual(DIAMOND_TILE_ROTATIONS.map((r) => r - DIAMOND_ANGLE_OFFSET));
  });

  it('scores rounds and flags inconsistent ones', () => {
    expect(diamondScore([round(1, 1), round(2, 1), round(3, 3)])).toEqual({ correct: 2, of: 3 });
    expect(diamondRoundProblem({ ...round(1, 2), correct: true })).toMatch(/correct must be false/);
    expect(diamondRoundProblem({ ...round(3, 3), rotation: 0 })).toMatch(/rotation must be 45 for tile 3/);
  });

  it('binomial tail: how often guessing (1 in 4) scores at least k of n', () => {
    expect(binomialTail(3, 3, 0.25)).toBeCloseTo(1 / 64, 12);
    expect(binomialTail(2, 3, 0.25)).toBeCloseTo(10 / 64, 12);
    expect(binomialTail(1, 3, 0.25)).toBeCloseTo(37 / 64, 12);
    expect(binomialTail(0, 3, 0.25)).toBe(1);
    expect(() => binomialTail(4, 3, 0.25)).toThrow(CoreInputError);
  });

  it('3 of 3: seen at 8 % (guessing does it 1 time in 64)', () => {
    const o = diamondOutcome(
      recordDiamondRound(
        recordDiamondRound(recordDiamondRound(undefined, 1, round(1, 1)), 2, round(2, 2)),
        3,
        round(3, 3),
      ),
    );
    expect(o.verdict).toBe('seen');
    expect(o.score).toEqual({ correct: 3, of: 3 });
    expect(o.text).toBe(
      'Found the grating in 3 of 3 rounds: the grating at 8 % contrast was seen (guessing scores this well 1 time in 64; chance is 1 in 4 per round).',
    );
    expect(o.short).toBe('grating found 3 of 3: seen at 8 % contrast');
    expect(o.facts).toEqual({ contrasts: [8], oneIn: 64, exact: true });
  });

  it('2 of 3: better than guessing but not conclusive (about 1 time in 6)', () => {
    const o = diamondOutcome({ ...round(3, 3), rounds: [round(1, 1), round(2, 4), round(3, 3)] });
    expect(o.verdict).toBe('unclear');
    expect(o.guessProbability).toBeCloseTo(10 / 64, 12);
    expect(o.text).toBe(
      'Found the grating in 2 of 3 rounds: better than guessing, but not conclusive (guessing scores this well about 1 time in 6; chance is 1 in 4 per round).',
    );
    expect(o.facts).toEqual({ contrasts: [8], oneIn: 6, exact: false });
    // Rounds at different contrasts: each named once, in the order they came.
    const mixed = [round(1, 1), { ...round(2, 2), contrast: 12.5 }, round(3, 3)];
    expect(diamondOutcome({ ...round(3, 3), rounds: mixed }).facts?.contrasts).toEqual([8, 12.5]);
  });

  it('1 of 3 and 0 of 3: not better than guessing; chance stated', () => {
    for (const rounds of [
      [round(1, 1), round(2, 4), round(3, 4)],
      [round(1, 2), round(2, 4), round(3, 4)],
    ]) {
      const o = diamondOutcome({ ...rounds[2]!, rounds });
      expect(o.verdict).toBe('chance');
      expect(o.text).toContain('not better than guessing (chance is 1 in 4 per round)');
      expect(o.short).toMatch(/^grating found [01] of 3: not better than guessing$/);
    }
    // One round found is no more than a guess either.
    expect(diamondOutcome({ ...round(1, 1), rounds: [round(1, 1)] }).verdict).toBe('unclear');
  });

  it('an older record (no rounds): not recorded, and no claim about the tile', () => {
    const o = diamondOutcome({ selected: 3, rotation: 45, contrast: 8 });
    expect(o).toMatchObject({ verdict: 'not-recorded', score: null, guessProbability: null, facts: null });
    expect(o.text).toMatch(/^Rounds not recorded/);
    expect(o.text).toContain('whether the selected tile was the grating is not known');
    expect(diamondOutcome({ selected: 3, rotation: 45, contrast: 8, rounds: [] }).verdict).toBe(
      'not-recorded',
    );
  });
});
