import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from './panel-test-harness';
import { SpokeCirclePanel } from './spoke-circle-panel';

describe('SpokeCirclePanel', () => {
  it('changes the size in integer steps, resets it on submit and records the 6 sizes', () => {
    const view = renderPanel(SpokeCirclePanel, { test: 'spokeCircle', loopLength: 6 });
    const stimulus = () => screen.getByTestId('spoke-circle-stimulus');
    expect(stimulus()).toHaveAttribute('data-size', '200');
    view.press('decrease', 'decrease', 'decrease');
    expect(stimulus()).toHaveAttribute('data-size', '170');
    view.press('submit');
    expect(stimulus()).toHaveAttribute('data-size', '200');
    expect(view.progress).toHaveBeenCalledTimes(1);
    expect(view.record).not.toHaveBeenCalled();
    // rounds 2 … 6: 180, 190, 200, 210, 220
    view.press('decrease', 'submit', 'submit', 'submit');
    view.press('increase', 'submit');
    view.press('increase', 'increase', 'submit');
    expect(view.progress).toHaveBeenCalledTimes(6);
    expect(view.record).toHaveBeenCalledTimes(1);
    // Each size as the visual angle it subtended: the 400 px box (jsdom's wide window) at 3.78 px/mm is
    // 0.2646 mm per unit; at 600 mm 200 units = 52.91 mm = 2·atan(52.91 / 1200) = 5.049°.
    expect(view.record).toHaveBeenCalledWith({
      spokeCircle: {
        right: {
          diff: expect.any(Number),
          average: 198.333,
          acuityResults: [170, 190, 200, 200, 210, 220],
          visualAngle: {
            distanceMm: 600,
            sizes: [4.293, 4.797, 5.049, 5.049, 5.301, 5.553],
            average: 5.007,
            diff: expect.any(Number),
          },
        },
      },
    });
  });

  it('clamps the size to the box and ignores keys of other tests', () => {
    const view = renderPanel(SpokeCirclePanel, { test: 'spokeCircle', loopLength: 6 });
    view.press(...Array.from({ length: 25 }, () => 'increase'));
    expect(screen.getByTestId('spoke-circle-stimulus')).toHaveAttribute('data-size', '400');
    expect(screen.getByRole('button', { name: 'Larger' })).toBeDisabled();
    view.press('clockwise', 'red', '1', 'back');
    expect(screen.getByTestId('spoke-circle-stimulus')).toHaveAttribute('data-size', '400');
    expect(view.progress).not.toHaveBeenCalled();
    expect(view.consumed).toHaveLength(29);
  });

  it('on-screen buttons send the same controls', () => {
    const view = renderPanel(SpokeCirclePanel, { test: 'spokeCircle', loopLength: 6 });
    fireEvent.click(screen.getByRole('button', { name: 'Smaller' }));
    expect(screen.getByTestId('spoke-circle-stimulus')).toHaveAttribute('data-size', '190');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(view.progress).toHaveBeenCalledTimes(1);
  });
});
