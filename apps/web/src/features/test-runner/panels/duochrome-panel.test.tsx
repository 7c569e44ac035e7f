import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DuochromePanel } from './duochrome-panel';
import { renderPanel } from './panel-test-harness';

describe('DuochromePanel', () => {
  afterEach(() => delete document.body.dataset.testMode);

  it('records the answer per eye as a list (SPEC.md §3) and moves the flow on', () => {
    const view = renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 1 });
    view.press('red');
    expect(view.record).toHaveBeenCalledWith({ duoChrome: { right: ['red'] } });
    expect(view.progress).toHaveBeenCalledTimes(1);
    // the flow is now on the left eye: a fresh list
    view.press('green');
    expect(view.record).toHaveBeenLastCalledWith({ duoChrome: { left: ['green'] } });
    expect(view.consumed).toEqual(['red', 'green']);
  });

  it("records 'same' when both sides look equally sharp (key and button)", () => {
    const view = renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 2 });
    view.press('same');
    expect(view.record).toHaveBeenCalledWith({ duoChrome: { right: ['same'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Both the same' }));
    expect(view.record).toHaveBeenLastCalledWith({ duoChrome: { right: ['same', 'same'] } });
    expect(view.progress).toHaveBeenCalledTimes(2);
  });

  it('consumes keys that mean nothing here without any effect', () => {
    const view = renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 1 });
    view.press('1', 'submit', 'left', 'rx_0_1');
    expect(view.consumed).toEqual(['1', 'submit', 'left', 'rx_0_1']);
    expect(view.record).not.toHaveBeenCalled();
    expect(view.progress).not.toHaveBeenCalled();
  });

  it('answers from the on-screen buttons, once per round', () => {
    const view = renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Green is clearer' }));
    expect(view.record).toHaveBeenCalledWith({ duoChrome: { right: ['green'] } });
    fireEvent.click(screen.getByRole('button', { name: 'Red is clearer' }));
    expect(view.record).toHaveBeenLastCalledWith({ duoChrome: { right: ['green', 'red'] } });
    expect(view.progress).toHaveBeenCalledTimes(2);
  });

  it('exposes an answer for journeys only in test mode', () => {
    const view = renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 1 });
    expect(screen.getByTestId('duochrome-stimulus')).not.toHaveAttribute('data-answer');
    view.unmount();
    document.body.dataset.testMode = 'true';
    renderPanel(DuochromePanel, { test: 'duoChrome', loopLength: 1 });
    expect(screen.getByTestId('duochrome-stimulus')).toHaveAttribute('data-answer', 'green');
  });
});
