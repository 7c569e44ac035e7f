import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGratingProcedure,
  createSeededRng,
  drawnMeanLuminance,
  GRATING_ANSWER_DELAY_MS,
} from '@visus/core';
import { mockCanvas } from '@/features/test-runner/stimuli/canvas-mock';
import { AstigPowerPanel } from './astig-power-panel';
import { renderPanel, TEST_VIEWING } from './panel-test-harness';

describe('AstigPowerPanel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.dataset.testMode = 'true';
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.body.dataset.testMode;
  });
  const stimulus = () => screen.getByTestId('astig-power-stimulus');
  const answer = () => stimulus().getAttribute('data-answer');

  it('shows one grating among three targets and blanks them for 400 ms after an answer', () => {
    const view = renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 20 });
    expect(screen.getAllByTestId('grating-target')).toHaveLength(1);
    expect(screen.getAllByTestId('blank-target')).toHaveLength(2);
    const position = answer()!;
    expect(['1', '2', '3']).toContain(position);
    view.press(position);
    expect(view.progress).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('grating-target')).toBeNull();
    expect(answer()).toBeNull();
    // an answer during the gap is consumed and ignored
    view.press('1');
    expect(view.progress).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(GRATING_ANSWER_DELAY_MS - 1));
    expect(screen.queryByTestId('grating-target')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getAllByTestId('grating-target')).toHaveLength(1);
    expect(view.consumed).toEqual([position, '1']);
  });

  it("draws the blanks at the grating's drawn mean luminance, each target times its trial's jitter", () => {
    const painted = mockCanvas();
    renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 20, seed: 1, paint: true });
    // The same seeded draws the panel's procedure makes: its first trial and the targets' factors.
    const trial = createGratingProcedure({ rng: createSeededRng(1) }).next()!;
    expect(answer()).toBe(String(trial.position));
    const emitted = [1, 2, 3].map((position) => {
      const target = screen.getAllByRole('img', { name: 'grating' })[position - 1]!;
      const image = painted.filter((p) => p.canvas === target).at(-1)!;
      return drawnMeanLuminance(image.data, image.width, image.height, TEST_VIEWING.gamma, 'circle');
    });
    const grating = emitted[trial.position - 1]! / trial.luminanceFactors[trial.position - 1]!;
    emitted.forEach((luminance, i) =>
      expect(Math.abs(luminance / trial.luminanceFactors[i]! / grating - 1)).toBeLessThan(0.003),
    );
    expect(new Set(emitted).size).toBe(3);
  });

  it('records an acuity-style result { va, rounds, loopLength } when the loop ends', () => {
    const view = renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 5 });
    for (let i = 0; i < 5; i++) {
      view.press(answer()!);
      act(() => vi.advanceTimersByTime(GRATING_ANSWER_DELAY_MS));
    }
    expect(view.record).toHaveBeenCalledTimes(1);
    const patch = view.record.mock.calls[0]![0];
    expect(patch.astigPower?.right).toEqual({ va: expect.any(Number), rounds: 5, loopLength: 5 });
    expect(view.progress).toHaveBeenCalledTimes(5);
    expect(view.progress).toHaveBeenLastCalledWith(undefined);
  });

  it('wrong answers push the estimate to coarser gratings than right ones', () => {
    const run = (correct: boolean) => {
      const view = renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 6, seed: 9 });
      for (let i = 0; i < 6; i++) {
        const shown = Number(answer());
        view.press(String(correct ? shown : (shown % 3) + 1));
        act(() => vi.advanceTimersByTime(GRATING_ANSWER_DELAY_MS));
      }
      const va = view.record.mock.calls[0]![0].astigPower!.right as { va: number };
      view.unmount();
      return va.va;
    };
    expect(run(false)).toBeGreaterThan(run(true) + 0.5);
  });

  it('after a reload, goes on from the trials answered so far and ends as it would have', () => {
    const answers = [true, false, true, true, false, true, true, true];
    const play = (view: ReturnType<typeof renderPanel>, outcomes: boolean[]) => {
      const shown: string[] = [];
      for (const correct of outcomes) {
        shown.push(screen.getByTestId('astig-power-state').textContent ?? '');
        const position = Number(answer());
        view.press(String(correct ? position : (position % 3) + 1));
        act(() => vi.advanceTimersByTime(GRATING_ANSWER_DELAY_MS));
      }
      return shown;
    };
    const whole = renderPanel(AstigPowerPanel, {
      test: 'astigPower',
      loopLength: 8,
      seed: 4,
      testMode: true,
    });
    play(whole, answers.slice(0, 5));
    const afterFive = whole.saveTrials.mock.lastCall![0];
    const wholeRest = play(whole, answers.slice(5));
    const wholeResult = whole.record.mock.calls[0]![0];
    whole.unmount();

    const resumed = renderPanel(AstigPowerPanel, {
      test: 'astigPower',
      loopLength: 8,
      round: 6,
      seed: 40,
      resumeTrials: afterFive,
      testMode: true,
    });
    // The same grating frequencies from round 6 on (positions are random and may differ).
    const strip = (state: string) => state.replace(/grating at \d/, '');
    expect(play(resumed, answers.slice(5)).map(strip)).toEqual(wholeRest.map(strip));
    expect(resumed.record.mock.calls[0]![0]).toEqual(wholeResult);
  });

  it('buttons answer; keys of other tests are ignored', () => {
    const view = renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 20 });
    view.press('4', 'red', 'submit', 'same');
    expect(view.progress).not.toHaveBeenCalled();
    expect(view.consumed).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: `Circle ${answer()!} has the lines` }));
    expect(view.progress).toHaveBeenCalledTimes(1);
  });
});

describe('AstigPowerPanel on a screen that cannot draw any grating', () => {
  it('says why and lets the person skip the eye', () => {
    // an 8 px wide window: 2 px targets at 39.6 px/deg hold two periods only below logMAR −0.12, while the
    // finest drawable grating (3 device px) is logMAR 0.36
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(8);
    const view = renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 20 });
    expect(screen.getByRole('alert')).toHaveTextContent('cannot show the gratings');
    fireEvent.click(screen.getByRole('button', { name: 'Skip this eye' }));
    expect(view.progress).toHaveBeenCalledWith({ skip: true });
    expect(view.record).not.toHaveBeenCalled();
  });
});
