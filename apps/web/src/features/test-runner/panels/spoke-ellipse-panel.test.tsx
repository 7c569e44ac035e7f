import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from './panel-test-harness';
import { SpokeEllipsePanel } from './spoke-ellipse-panel';

describe('SpokeEllipsePanel', () => {
  const stimulus = () => screen.getByTestId('spoke-ellipse-stimulus');

  it('clamps the width to 35 … 200 and wraps the rotation', () => {
    const view = renderPanel(SpokeEllipsePanel, { test: 'spokeEllipse', loopLength: 6 });
    view.press('decrease', 'decrease', 'decrease', 'decrease');
    expect(stimulus()).toHaveAttribute('data-width', '35');
    expect(screen.getByRole('button', { name: 'Narrower' })).toBeDisabled();
    view.press(...Array.from({ length: 20 }, () => 'increase'));
    expect(stimulus()).toHaveAttribute('data-width', '200');
    // 90 + 9 × 10 = 180, then 190 wraps to 10
    view.press(...Array.from({ length: 10 }, () => 'clockwise'));
    expect(stimulus()).toHaveAttribute('data-rotation', '10');
    view.press('counter-clockwise', 'counter-clockwise');
    expect(stimulus()).toHaveAttribute('data-rotation', '170');
    expect(view.progress).not.toHaveBeenCalled();
  });

  it('submits each round and records averages after the 6th', () => {
    const view = renderPanel(SpokeEllipsePanel, { test: 'spokeEllipse', loopLength: 6 });
    for (let i = 0; i < 6; i++) {
      view.press(i % 2 ? 'clockwise' : 'increase', 'submit');
      expect(stimulus()).toHaveAttribute('data-rotation', '90');
    }
    expect(view.progress).toHaveBeenCalledTimes(6);
    expect(view.record).toHaveBeenCalledTimes(1);
    expect(view.record).toHaveBeenCalledWith({
      spokeEllipse: {
        right: expect.objectContaining({
          averageWidth: 71.667,
          averageRotation: 95,
          diffRotation: 5.477,
          // Widths 76.667 and 66.667 units of the 400 px box at 3.78 px/mm, seen from 600 mm.
          visualAngle: expect.objectContaining({
            distanceMm: 600,
            sizes: [1.937, 1.684, 1.937, 1.684, 1.937, 1.684],
          }),
        }),
      },
    });
  });

  it('buttons work; unrelated keys are consumed without effect', () => {
    const view = renderPanel(SpokeEllipsePanel, { test: 'spokeEllipse', loopLength: 6 });
    fireEvent.click(screen.getByRole('button', { name: 'Turn counter-clockwise' }));
    expect(stimulus()).toHaveAttribute('data-rotation', '80');
    view.press('green', '2', 'same');
    expect(stimulus()).toHaveAttribute('data-rotation', '80');
    expect(view.consumed).toEqual(['green', '2', 'same']);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(view.progress).toHaveBeenCalledTimes(1);
  });
});

describe('SpokeEllipsePanel with fast clicks', () => {
  it('two clicks before React re-renders both count', () => {
    renderPanel(SpokeEllipsePanel, { test: 'spokeEllipse', loopLength: 6 });
    const clockwise = screen.getByRole('button', { name: 'Turn clockwise' });
    // both clicks in one act(): no render between them
    act(() => {
      clockwise.click();
      clockwise.click();
    });
    expect(screen.getByTestId('spoke-ellipse-stimulus')).toHaveAttribute('data-rotation', '110');
  });
});
