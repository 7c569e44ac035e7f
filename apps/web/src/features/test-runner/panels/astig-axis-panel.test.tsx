import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewingFrom } from '@visus/core';
import { AstigAxisPanel } from './astig-axis-panel';
import { renderPanel } from './panel-test-harness';

describe('AstigAxisPanel', () => {
  it('moves the axis with left/right and records the endpoint after two confirmations', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('same'); // the letter: every turn looks the same
    view.press('left', 'left', 'same');
    expect(view.record).not.toHaveBeenCalled();
    view.press('same');
    expect(view.record).toHaveBeenCalledWith({
      astigAxis: {
        right: {
          endpoint: 70,
          firstResponseKey: 'left',
          secondResponseKey: 'left',
          finding: 'axis',
          letter: 'none',
        },
      },
    });
    expect(view.progress).toHaveBeenCalledTimes(1);
    expect(view.record.mock.invocationCallOrder[0]!).toBeLessThan(view.progress.mock.invocationCallOrder[0]!);
  });

  it('ends on a left/right oscillation and starts the next eye afresh', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('same', 'left', 'right', 'left', 'right');
    expect(view.record).toHaveBeenLastCalledWith({
      astigAxis: {
        right: {
          endpoint: 90,
          firstResponseKey: 'left',
          secondResponseKey: 'right',
          finding: 'axis',
          letter: 'none',
        },
      },
    });
    // The left eye starts again with the letter.
    expect(screen.getByTestId('axis-letter-step')).toBeInTheDocument();
    view.press('same', 'right', 'same', 'same');
    expect(view.record).toHaveBeenLastCalledWith({
      astigAxis: {
        left: {
          endpoint: 100,
          firstResponseKey: 'right',
          secondResponseKey: 'same',
          finding: 'axis',
          letter: 'none',
        },
      },
    });
  });

  it('ignores other keys and answers from the buttons', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Every turn looks the same' }));
    view.press('red', '3', 'submit', 'increase', '90');
    expect(view.consumed).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Both the same' }));
    expect(view.record).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Both the same' }));
    expect(view.record).toHaveBeenCalledWith({
      astigAxis: {
        right: {
          endpoint: 90,
          firstResponseKey: 'same',
          secondResponseKey: 'same',
          finding: 'none-found',
          letter: 'none',
        },
      },
    });
  });
});

describe('AstigAxisPanel with fast clicks', () => {
  it('records and progresses once even when the ending answer is clicked twice in one tick', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('same');
    const same = screen.getByRole('button', { name: 'Both the same' });
    act(() => {
      same.click();
      same.click();
      same.click();
    });
    expect(view.record).toHaveBeenCalledTimes(1);
    expect(view.progress).toHaveBeenCalledTimes(1);
  });
});

/** 3 m from a 96-dpi screen: every line from 6/3.8 up is drawable, so the letter is not clamped. */
const AT_3M = viewingFrom({ pixelsPerMm: 3.78, distanceMm: 3000 }, 1, 2.2);

describe('AstigAxisPanel: the rotating letter first (SPEC.md §2, docs/adr/0017)', () => {
  it('shows the letter at 6/9.5 when no acuity is known (SPEC.md §9 fallback), the fraction at top right', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1, viewing: AT_3M });
    const letter = screen.getByTestId('axis-letter');
    expect(letter).toHaveAttribute('data-fraction', '6/9.5');
    expect(screen.getByTestId('rotating-letter-fraction')).toHaveTextContent('6/9.5');
    expect(view.reportStep).toHaveBeenLastCalledWith('axis-letter');
    // logMAR 0.2 at 3 m: 3000 × tan(5′ × 10^0.2) = 6.91 mm = 26.1 px, drawn in whole 5-device-px steps (25).
    expect(within(letter).getByRole('img')).toHaveAttribute('height', '25');
  });

  it("sizes the letter from this battery's acuity for the eye when there is one", () => {
    renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1, viewing: AT_3M, knownLogMar: 0.5 });
    expect(screen.getByTestId('axis-letter')).toHaveAttribute('data-fraction', '6/19');
  });

  it('turns with the four buttons; the sharpest turn counts only after both meridians were shown', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1, viewing: AT_3M });
    const letter = () => screen.getByTestId('axis-letter');
    view.press('180');
    expect(letter()).toHaveAttribute('data-rotation', '180');
    expect(screen.getByRole('img', { name: 'Letter turned 180°' })).toBeInTheDocument();
    view.press('submit');
    expect(screen.getByTestId('axis-letter-compare-first')).toBeInTheDocument();
    expect(screen.queryByTestId('axis-pair-step')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '270°' }));
    expect(letter()).toHaveAttribute('data-rotation', '270');
    fireEvent.click(screen.getByRole('button', { name: '0°' }));
    // Sharpest with the bars horizontal: the image pair starts at 180° (images at 160° and 20°).
    view.press('submit');
    expect(screen.getByTestId('axis-pair-step')).toBeInTheDocument();
    expect(view.reportStep).toHaveBeenLastCalledWith('axis-pair');
    expect(screen.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '160');
    expect(screen.getByTestId('axis-image-right')).toHaveAttribute('data-orientation', '20');
    // Both images equally clear around it: the letter's meridian is confirmed as the axis.
    view.press('same', 'same');
    expect(view.record).toHaveBeenCalledWith({
      astigAxis: {
        right: {
          endpoint: 180,
          firstResponseKey: 'same',
          secondResponseKey: 'same',
          finding: 'axis',
          letter: 'horizontal',
        },
      },
    });
  });

  it('starts the images at 90° when the bars looked sharpest upright', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1, viewing: AT_3M });
    view.press('90', 'submit');
    expect(screen.getByTestId('axis-image-left')).toHaveAttribute('data-orientation', '70');
    expect(screen.getByTestId('axis-image-right')).toHaveAttribute('data-orientation', '110');
  });
});
