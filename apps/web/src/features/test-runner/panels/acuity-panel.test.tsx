import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resultRecordSchema } from '@visus/contracts';
import { createSeededRng, logMar, optotypeSize } from '@visus/core';
import { AcuityPanel } from './acuity-panel';
import { renderPanel, TEST_VIEWING } from './panel-test-harness';

afterEach(() => {
  delete document.body.dataset.testMode;
});

/** A whole PUT /tests/results body around one test's data. */
function recordWith(tests: Record<string, unknown>) {
  const start = Date.UTC(2026, 10, 20, 10);
  return {
    setup: {
      date: '2026-11-20T10:00:00.000Z',
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'sloan',
    },
    data: { start, end: start + 60_000, ...tests },
  };
}

function shownAnswer(): string {
  const answer = screen.getByTestId('acuity-stimulus').getAttribute('data-answer');
  if (answer === null) throw new Error('no answer exposed');
  return answer;
}

describe('AcuityPanel', () => {
  it('draws a Sloan letter at the size of its logMAR and never repeats the previous letter', () => {
    document.body.dataset.testMode = 'true';
    const panel = renderPanel(AcuityPanel, { test: 'sloan', loopLength: 30, seed: 7 });
    let previous = '';
    for (let i = 0; i < 6; i += 1) {
      const letter = shownAnswer();
      expect(letter).not.toBe(previous);
      // The accessible name is the same for every letter: a screen reader never reads the answer out.
      expect(screen.getByRole('img', { name: 'Test letter' })).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: new RegExp(`\\b${letter}\\b`) })).toBeNull();
      previous = letter;
      panel.press(letter);
    }
    expect(panel.progress).toHaveBeenCalledTimes(6);
    expect(panel.record).not.toHaveBeenCalled();
  });

  it('shows only the levels of core’s range rule and draws Tumbling E with whole-pixel strokes', () => {
    // 3.78 px/mm at 0.6 m, dpr 1: the 10-device-px floor is logMAR 0.48, so no level below 0.5 is shown.
    const panel = renderPanel(AcuityPanel, { test: 'tumblingE', loopLength: 30, seed: 3 });
    for (let i = 0; i < 12; i += 1) {
      const stimulus = screen.getByTestId('acuity-stimulus');
      expect(Number(stimulus.getAttribute('data-logmar'))).toBeGreaterThanOrEqual(0.5 - 1e-9);
      const svg = screen.getByRole('img', { name: 'Test symbol' });
      expect(Number(svg.getAttribute('height')) % 5).toBe(0); // dpr 1: device px = CSS px
      expect(svg.getAttribute('shape-rendering')).toBe('crispEdges');
      panel.press('0'); // always 'right': wrong for three of four, so the levels move around
    }
  });

  it.each(['sloan', 'landoltC', 'tumblingE'] as const)(
    '%s takes "I can\'t see it" as an answer, scored wrong',
    (test) => {
      const panel = renderPanel(AcuityPanel, { test, loopLength: 30, seed: 5 });
      panel.press('cannot-see');
      expect(panel.progress).toHaveBeenCalledTimes(1);
      expect(panel.saveTrials).toHaveBeenLastCalledWith([expect.objectContaining({ correct: false })]);
    },
  );

  it('does not expose the answer outside test mode', () => {
    renderPanel(AcuityPanel, { test: 'landoltC', loopLength: 30 });
    expect(screen.getByTestId('acuity-stimulus')).not.toHaveAttribute('data-answer');
  });

  it('consumes keys of other tests and commands without counting them as answers', () => {
    const panel = renderPanel(AcuityPanel, { test: 'tumblingE', loopLength: 30 });
    panel.press('continue', 'submit', '45', 'K', 'red');
    expect(panel.consumed).toEqual(['continue', 'submit', '45', 'K', 'red']);
    expect(panel.progress).not.toHaveBeenCalled();
  });

  it('stores the eye result in the SPEC.md §3 shape at the last round, then moves on', () => {
    const panel = renderPanel(AcuityPanel, { test: 'landoltC', loopLength: 3 });
    panel.press('0', '90', '180');
    expect(panel.record).toHaveBeenCalledTimes(1);
    const patch = panel.record.mock.calls[0]![0] as unknown as {
      landoltC: { right: Record<string, unknown> };
    };
    expect(patch.landoltC.right).toMatchObject({ rounds: 3, loopLength: 3 });
    expect(typeof patch.landoltC.right.va).toBe('number');
    expect(patch.landoltC.right.ci95).toHaveLength(2);
    expect(panel.progress).toHaveBeenLastCalledWith(undefined);
    expect(panel.flow.eye).toBe('left');
  });

  it('stores a bound when every line this screen can draw is read: "0.5 or better" at 0.6 m (ADR 0010)', () => {
    document.body.dataset.testMode = 'true';
    // A sharp eye (better than 6/6) at 60 cm from a 96-dpi screen: the smallest line drawn within 5 % is
    // 0.5 logMAR (0.48 rounded up to a level), and every letter is read.
    const panel = renderPanel(AcuityPanel, { test: 'sloan', loopLength: 30, seed: 11 });
    const shown: number[] = [];
    for (let i = 0; i < 30 && panel.record.mock.calls.length === 0; i += 1) {
      shown.push(Number(screen.getByTestId('acuity-stimulus').getAttribute('data-logmar')));
      panel.press(shownAnswer());
    }
    expect(panel.record).toHaveBeenCalledTimes(1);
    const stored = (
      panel.record.mock.calls[0]![0] as unknown as { sloan: { right: Record<string, unknown> } }
    ).sloan.right;
    expect(Math.min(...shown)).toBe(0.5);
    // The bound is the size the 0.5 line is really drawn at (its height snapped to whole device px).
    const drawn = Math.round(optotypeSize(logMar(0.5), TEST_VIEWING, 'sloan').logMarShown * 1e4) / 1e4;
    expect(Math.abs(drawn - 0.5)).toBeLessThan(0.03);
    expect(stored).toMatchObject({
      censored: 'better-than',
      bound: drawn,
      va: drawn,
      logMAR: drawn,
      ci95: [-1, drawn],
      distanceMm: 600,
      loopLength: 30,
    });
    // The record is one the server accepts (the contract's own check, both-or-neither and va = bound).
    expect(resultRecordSchema.safeParse(recordWith({ sloan: { right: stored } })).success).toBe(true);
  });

  it('stores a measured result with no bound keys when the threshold is within the levels drawn', () => {
    document.body.dataset.testMode = 'true';
    const panel = renderPanel(AcuityPanel, { test: 'tumblingE', loopLength: 30, seed: 3 });
    for (let i = 0; i < 30 && panel.record.mock.calls.length === 0; i += 1) {
      const logMAR = Number(screen.getByTestId('acuity-stimulus').getAttribute('data-logmar'));
      const answer = shownAnswer();
      panel.press(logMAR > 0.75 ? answer : String((Number(answer) + 90) % 360));
    }
    const stored = (
      panel.record.mock.calls[0]![0] as unknown as { tumblingE: { right: Record<string, unknown> } }
    ).tumblingE.right;
    expect(stored).not.toHaveProperty('censored');
    expect(stored).not.toHaveProperty('bound');
    expect(stored.distanceMm).toBe(600);
    expect(Math.abs((stored.logMAR as number) - 0.75)).toBeLessThan(0.15);
  });

  it('skips the remaining rounds when the procedure finishes early', () => {
    document.body.dataset.testMode = 'true';
    const panel = renderPanel(AcuityPanel, { test: 'tumblingE', loopLength: 30, seed: 3 });
    // A deterministic observer whose threshold is 1.05 logMAR (well above the smallest level this screen
    // draws, 0.5 at 3.78 px/mm and 60 cm): right above it, wrong below it. Where the E is large its drawn
    // sizes (multiples of 5 device px) are as fine as the levels, so the stop rule can pin it down; near
    // 10–20 px two levels 0.1 apart may draw 0.125 apart and a perfectly consistent observer is then
    // bracketed no closer than that.
    for (let i = 0; i < 30 && panel.record.mock.calls.length === 0; i += 1) {
      const logMAR = Number(screen.getByTestId('acuity-stimulus').getAttribute('data-logmar'));
      const answer = shownAnswer();
      panel.press(logMAR > 1.05 ? answer : String((Number(answer) + 90) % 360));
    }
    expect(panel.record).toHaveBeenCalledTimes(1);
    const rounds = (panel.record.mock.calls[0]![0] as { tumblingE: { right: { rounds: number } } }).tumblingE
      .right.rounds;
    // A consistent observer is pinned down before the 30th trial.
    expect(rounds).toBeGreaterThanOrEqual(8);
    expect(rounds).toBeLessThan(30);
    expect(panel.progress).toHaveBeenLastCalledWith({ skip: true });
    expect(panel.flow.eye).toBe('left');
  });

  it('after a reload, goes on from the trials answered so far and ends as it would have', () => {
    document.body.dataset.testMode = 'true';
    const logMARs = (panel: ReturnType<typeof renderPanel>, answers: number) => {
      const shown: number[] = [];
      for (let i = 0; i < answers; i += 1) {
        shown.push(Number(screen.getByTestId('acuity-stimulus').getAttribute('data-logmar')));
        panel.press(shownAnswer());
      }
      return shown;
    };
    const whole = renderPanel(AcuityPanel, { test: 'sloan', loopLength: 8, seed: 5 });
    const wholeLevels = logMARs(whole, 8);
    const wholeResult = whole.record.mock.calls[0]![0];
    // After each answer the panel reports every trial so far (the screen keeps them in its snapshot).
    expect(whole.saveTrials).toHaveBeenCalledTimes(8);
    const afterFive = whole.saveTrials.mock.calls[4]![0];
    expect(afterFive).toHaveLength(5);
    whole.unmount();

    // The reloaded page: round 6, another random sequence, the five trials handed back.
    const resumed = renderPanel(AcuityPanel, {
      test: 'sloan',
      loopLength: 8,
      round: 6,
      seed: 99,
      resumeTrials: afterFive,
    });
    expect(logMARs(resumed, 3)).toEqual(wholeLevels.slice(5));
    expect(resumed.record).toHaveBeenCalledTimes(1);
    expect(resumed.record.mock.calls[0]![0]).toEqual(wholeResult);
    expect(resumed.saveTrials.mock.calls[2]![0]).toEqual(whole.saveTrials.mock.calls[7]![0]);
  });

  it('stores the result at once when the trials handed back had already ended the run', () => {
    document.body.dataset.testMode = 'true';
    const whole = renderPanel(AcuityPanel, { test: 'tumblingE', loopLength: 30, seed: 3 });
    for (let i = 0; i < 30 && whole.record.mock.calls.length === 0; i += 1) {
      const logMAR = Number(screen.getByTestId('acuity-stimulus').getAttribute('data-logmar'));
      const answer = shownAnswer();
      whole.press(logMAR > 1.05 ? answer : String((Number(answer) + 90) % 360));
    }
    const trials = whole.saveTrials.mock.lastCall![0];
    expect(trials.length).toBeLessThan(30); // ended by the stop rule
    const result = whole.record.mock.calls[0]![0];
    whole.unmount();

    const resumed = renderPanel(AcuityPanel, {
      test: 'tumblingE',
      loopLength: 30,
      round: trials.length + 1,
      resumeTrials: trials,
    });
    expect(resumed.record).toHaveBeenCalledTimes(1);
    expect(resumed.record.mock.calls[0]![0]).toEqual(result);
    expect(resumed.progress).toHaveBeenCalledWith({ skip: true });
    expect(resumed.flow.eye).toBe('left');
  });

  it('shows the procedure state to the tester in test mode only', () => {
    const props = {
      test: 'sloan',
      eye: 'right',
      round: 4,
      loopLength: 30,
      pendingKey: null,
      consumeKey: vi.fn(),
      progress: vi.fn(),
      stepBack: vi.fn(),
      record: vi.fn(),
      viewing: TEST_VIEWING,
      age: 40,
      rng: createSeededRng(1),
      now: () => 0,
    } as const;
    const { rerender } = render(<AcuityPanel {...props} />);
    expect(screen.queryByRole('region', { name: 'Procedure state' })).not.toBeInTheDocument();
    rerender(<AcuityPanel {...props} testMode />);
    const state = screen.getByRole('region', { name: 'Procedure state' });
    expect(state).toHaveTextContent(/Level \d+ · logMAR -?\d\.\d · 6\/[\d.]+ · trial 4 of 30 · right eye/);
  });
});
