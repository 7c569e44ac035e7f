import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSeededRng, DIAMOND_ARRANGEMENTS, diamondFirstState, type DiamondEyeResult } from '@visus/core';
import { DiamondPanel } from './diamond-panel';
import { renderPanel } from './panel-test-harness';
import type { ResultPatch } from './panel-types';

/** The right eye's record of the last `record` call. */
const lastDiamond = (record: { mock: { lastCall?: [ResultPatch] } }) =>
  record.mock.lastCall![0].diamond!.right as DiamondEyeResult;

describe('DiamondPanel', () => {
  afterEach(() => delete document.body.dataset.testMode);
  const stimulus = () => screen.getByTestId('diamond-stimulus');

  it('select → submit lowers the contrast to 8 → submit records the round (SPEC.md §3 shape)', () => {
    const view = renderPanel(DiamondPanel, { test: 'diamond', loopLength: 3 });
    expect(stimulus()).toHaveAttribute('data-stage', '1');
    expect(stimulus()).toHaveAttribute('data-contrast', '20');
    view.press('submit'); // nothing selected: ignored
    expect(stimulus()).toHaveAttribute('data-stage', '1');
    view.press('3', 'submit');
    expect(stimulus()).toHaveAttribute('data-stage', '2');
    expect(stimulus()).toHaveAttribute('data-contrast', '8');
    expect(view.record).not.toHaveBeenCalled();
    view.press('submit');
    // tile 3 has rotation 90 → stored 90 − 45
    expect(view.record).toHaveBeenCalledWith({
      diamond: { right: expect.objectContaining({ selected: 3, rotation: 45, contrast: 8 }) },
    });
    expect(view.progress).toHaveBeenCalledTimes(1);
    expect(view.flow.round).toBe(2);
    expect(stimulus()).toHaveAttribute('data-stage', '1');
  });

  it('back returns from stage 2 to stage 1, then steps the flow back a round', () => {
    const view = renderPanel(DiamondPanel, { test: 'diamond', loopLength: 3 });
    view.press('back'); // round 1, stage 1: nothing to go back to
    expect(view.stepBack).not.toHaveBeenCalled();
    view.press('1', 'submit', 'submit'); // round 1 done
    expect(view.flow.round).toBe(2);
    view.press('2', 'submit');
    expect(stimulus()).toHaveAttribute('data-stage', '2');
    view.press('back');
    expect(stimulus()).toHaveAttribute('data-stage', '1');
    expect(stimulus()).toHaveAttribute('data-contrast', '20');
    expect(view.stepBack).not.toHaveBeenCalled();
    view.press('back');
    expect(view.stepBack).toHaveBeenCalledTimes(1);
    expect(view.flow.round).toBe(1);
    view.press('4', 'submit', 'submit');
    expect(view.record).toHaveBeenLastCalledWith({
      diamond: { right: expect.objectContaining({ selected: 4, rotation: 0, contrast: 8 }) },
    });
    // Round 1 was done again after stepping back: it replaced the old answer.
    expect(lastDiamond(view.record).rounds).toHaveLength(1);
  });

  it('draws the arrangement of core diamondFirstState(rng) and exposes the grating tile in test mode', () => {
    document.body.dataset.testMode = 'true';
    renderPanel(DiamondPanel, { test: 'diamond', loopLength: 3, seed: 42 });
    const expected = DIAMOND_ARRANGEMENTS[diamondFirstState(createSeededRng(42)).arrangement]!;
    expect(stimulus()).toHaveAttribute('data-answer', String(expected.indexOf('grating') + 1));
  });

  it('buttons select and submit; keys of other tests do nothing', () => {
    const view = renderPanel(DiamondPanel, { test: 'diamond', loopLength: 3 });
    view.press('5', 'red', 'increase', 'rx_0_1');
    expect(view.consumed).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Tile 2' }));
    expect(screen.getByRole('button', { name: 'Tile 2' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(view.record).toHaveBeenCalledWith({
      diamond: { right: expect.objectContaining({ selected: 2, rotation: -45, contrast: 8 }) },
    });
  });

  it('keeps every round of each eye with the grating tile, whether it was found, and the score', () => {
    document.body.dataset.testMode = 'true'; // the stimulus then tells the grating's tile
    const view = renderPanel(DiamondPanel, { test: 'diamond', loopLength: 3, seed: 9 });
    // Each round draws its own arrangement (seeded): answer the grating in rounds 1 and 3, miss round 2.
    const grating = () => Number(stimulus().dataset.answer);
    const answers: number[] = [];
    for (const hit of [true, false, true]) {
      const tile = hit ? grating() : (grating() % 4) + 1;
      answers.push(tile);
      view.press(String(tile), 'submit', 'submit');
    }
    const right = lastDiamond(view.record);
    expect(right.score).toEqual({ correct: 2, of: 3 });
    expect(right.rounds!.map((r) => [r.selected, r.correct, r.contrast])).toEqual([
      [answers[0], true, 8],
      [answers[1], false, 8],
      [answers[2], true, 8],
    ]);
    for (const r of right.rounds!) expect(r.correct).toBe(r.selected === r.gratingTile);
    // The top level is the last round (what older readers read).
    expect(right).toMatchObject({ selected: answers[2], contrast: 8 });
    // The left eye starts its own rounds.
    expect(view.flow.eye).toBe('left');
    view.press(String(grating()), 'submit', 'submit');
    const left = view.record.mock.lastCall![0].diamond!.left as DiamondEyeResult;
    expect(left.score).toEqual({ correct: 1, of: 1 });
  });
});
