import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AstigAxisPanel } from './astig-axis-panel';
import { renderPanel } from './panel-test-harness';

describe('AstigAxisPanel', () => {
  it('moves the axis with left/right and records the endpoint after two confirmations', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('left', 'left', 'same');
    expect(view.record).not.toHaveBeenCalled();
    view.press('same');
    expect(view.record).toHaveBeenCalledWith({
      astigAxis: {
        right: { endpoint: 70, firstResponseKey: 'left', secondResponseKey: 'left', finding: 'axis' },
      },
    });
    expect(view.progress).toHaveBeenCalledTimes(1);
    expect(view.record.mock.invocationCallOrder[0]!).toBeLessThan(view.progress.mock.invocationCallOrder[0]!);
  });

  it('ends on a left/right oscillation and starts the next eye afresh', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('left', 'right', 'left', 'right');
    expect(view.record).toHaveBeenLastCalledWith({
      astigAxis: {
        right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: 'right', finding: 'axis' },
      },
    });
    view.press('right', 'same', 'same');
    expect(view.record).toHaveBeenLastCalledWith({
      astigAxis: {
        left: { endpoint: 100, firstResponseKey: 'right', secondResponseKey: 'same', finding: 'axis' },
      },
    });
  });

  it('ignores other keys and answers from the buttons', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
    view.press('red', '3', 'submit', 'increase');
    expect(view.consumed).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'Both the same' }));
    expect(view.record).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Both the same' }));
    expect(view.record).toHaveBeenCalledWith({
      astigAxis: {
        right: { endpoint: 90, firstResponseKey: 'same', secondResponseKey: 'same', finding: 'none-found' },
      },
    });
  });
});

describe('AstigAxisPanel with fast clicks', () => {
  it('records and progresses once even when the ending answer is clicked twice in one tick', () => {
    const view = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1 });
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
