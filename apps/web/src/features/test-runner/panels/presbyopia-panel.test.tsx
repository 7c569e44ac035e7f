import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { encodePresbyopiaAnswer } from '@visus/core';
import { renderPanel } from './panel-test-harness';
import { PresbyopiaPanel } from './presbyopia-panel';

describe('PresbyopiaPanel', () => {
  it('says to look at the phone and finishes with the phone answer', () => {
    const view = renderPanel(PresbyopiaPanel, { test: 'presbyopia', loopLength: 1, age: 52 });
    expect(screen.getByText('Please look at your phone screen.')).toBeInTheDocument();
    // age 52 → 2.00 D; below 1.6 m +0.25; −3.25 D prescription −0.25 → 2.00 D
    view.press(encodePresbyopiaAnswer({ prescription: -3.25, distance: 'Below 1.6m' }));
    expect(view.record).toHaveBeenCalledWith({
      presbyopia: { stereo: { add: 2, answer: -3.25, distance: 'Below 1.6m', age: 52 } },
    });
    expect(view.progress).toHaveBeenCalledWith({ finish: true });
    view.press(encodePresbyopiaAnswer({ prescription: 1, distance: 'Above 1.9m' }));
    expect(view.record).toHaveBeenCalledTimes(1);
  });

  it('the display form gives the same answer by keyboard or mouse', () => {
    const view = renderPanel(PresbyopiaPanel, { test: 'presbyopia', loopLength: 1, age: 47 });
    expect(screen.getByRole('radio', { name: 'Between 1.6m and 1.9m' })).toBeChecked();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Prescription (D)' }), {
      target: { value: '3.5' },
    });
    expect(screen.getByRole('slider')).toHaveValue('3.5');
    fireEvent.click(screen.getByRole('radio', { name: 'Above 1.9m' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    // 47 → 1.25; above 1.9 m −0.25; +3.5 D +0.25 → 1.25
    expect(view.record).toHaveBeenCalledWith({
      presbyopia: { stereo: { add: 1.25, answer: 3.5, distance: 'Above 1.9m', age: 47 } },
    });
    expect(view.progress).toHaveBeenCalledWith({ finish: true });
  });

  it('asks for the age when it is unknown, also after a phone answer', () => {
    const view = renderPanel(PresbyopiaPanel, { test: 'presbyopia', loopLength: 1, age: null });
    view.press(encodePresbyopiaAnswer({ prescription: 0.5, distance: 'Between 1.6m and 1.9m' }));
    expect(view.record).not.toHaveBeenCalled();
    expect(
      screen.getByText('Your answer arrived from the phone. Enter your age to finish.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Prescription (D)' })).toHaveValue(0.5);
    fireEvent.change(screen.getByRole('spinbutton', { name: /Your age/ }), { target: { value: '60' } });
    view.press('submit');
    // The typed age is the one kept with the add.
    expect(view.record).toHaveBeenCalledWith({
      presbyopia: { stereo: { add: 2.5, answer: 0.5, distance: 'Between 1.6m and 1.9m', age: 60 } },
    });
  });

  it('rejects a prescription off the 0.25 D grid or an impossible age with a message, recording nothing', () => {
    const view = renderPanel(PresbyopiaPanel, { test: 'presbyopia', loopLength: 1, age: null });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Your age/ }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Prescription (D)' }), {
      target: { value: '1.1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('0.25 D steps');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Prescription (D)' }), {
      target: { value: '1' },
    });
    fireEvent.change(screen.getByRole('spinbutton', { name: /Your age/ }), { target: { value: '50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/age/);
    view.press('red', '1', 'rx_13_1', 'rx_0_7');
    expect(view.record).not.toHaveBeenCalled();
    expect(view.progress).not.toHaveBeenCalled();
    expect(view.consumed).toHaveLength(4);
  });
});
