import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PAD_KEY_HEIGHTS_PX, TEST_IDS, screenBand, type TestId } from '@visus/core';
import { ContinueButton, ControllerPad } from './controller-pad';
import { LARGE_PAD_BUTTON_MIN_HEIGHT, LargeModeContext } from './controller-large-mode';

function pad(test: TestId, disabled = false, large = false) {
  const onKey = vi.fn();
  render(
    <LargeModeContext value={large}>
      <ControllerPad test={test} disabled={disabled} onKey={onKey} />
    </LargeModeContext>,
  );
  return { onKey, user: userEvent.setup({ delay: null }) };
}
const minHeight = (button: HTMLElement) => parseFloat(getComputedStyle(button).minHeight);
const labels = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);

describe('ControllerPad', () => {
  it.each<[TestId, string[]]>([
    [
      'landoltC',
      ['Up-left', 'Up', 'Up-right', 'Left', 'Right', 'Down-left', 'Down', 'Down-right', "I can't see it"],
    ],
    ['tumblingE', ['Up', 'Left', 'Right', 'Down', "I can't see it"]],
    ['astigAxis', ['Left image is clearer', 'Both look the same', 'Right image is clearer']],
    ['astigPower', ['Target 1 has the lines', 'Target 2 has the lines', 'Target 3 has the lines']],
    ['spokeCircle', ['Smaller', 'Larger', 'Submit']],
    ['spokeEllipse', ['Smaller', 'Larger', 'Rotate counter-clockwise', 'Rotate clockwise', 'Submit']],
    ['diamond', ['Tile 1', 'Tile 2', 'Tile 3', 'Tile 4', 'Back', 'Submit']],
    ['duoChrome', ['Letters on red are clearer', 'Both look the same', 'Letters on green are clearer']],
  ])('%s shows its buttons', (test, expected) => {
    pad(test);
    expect(labels()).toEqual(expected);
  });

  it('shows 26 letters for Sloan, and "I can\'t see it"', () => {
    pad('sloan');
    expect(labels()).toEqual([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''), "I can't see it"]);
  });

  it.each<[TestId, string, string]>([
    ['landoltC', 'Up-left', '135'],
    ['landoltC', 'Down-right', '315'],
    ['tumblingE', 'Left', '180'],
    ['astigAxis', 'Both look the same', 'same'],
    ['astigPower', 'Target 2 has the lines', '2'],
    ['spokeEllipse', 'Rotate clockwise', 'clockwise'],
    ['spokeCircle', 'Submit', 'submit'],
    ['diamond', 'Back', 'back'],
    ['duoChrome', 'Letters on green are clearer', 'green'],
    ['duoChrome', 'Both look the same', 'same'],
    ['sloan', 'Z', 'Z'],
    ['sloan', "I can't see it", 'cannot-see'],
    ['landoltC', "I can't see it", 'cannot-see'],
    ['tumblingE', "I can't see it", 'cannot-see'],
  ])('%s: %s sends %s', async (test, label, key) => {
    const { onKey, user } = pad(test);
    await user.click(screen.getByRole('button', { name: label }));
    expect(onKey).toHaveBeenCalledWith(key);
  });

  it('draws the arrows pointing where they say (degrees counter-clockwise from right)', () => {
    pad('landoltC');
    const upLeft = within(screen.getByRole('button', { name: 'Up-left' })).getByTestId('direction-arrow');
    expect(upLeft.style.transform || getComputedStyle(upLeft).transform).toContain('rotate(-135deg)');
  });

  it('offers "I can\'t see it" on the letter and optotype charts only', () => {
    for (const test of TEST_IDS.filter((id) => id !== 'presbyopia')) {
      pad(test);
      const offered = screen.queryByRole('button', { name: "I can't see it" }) !== null;
      expect(offered, test).toBe(test === 'sloan' || test === 'landoltC' || test === 'tumblingE');
      cleanup();
    }
  });

  it("lays Diamond's tiles out as the display draws them: 1 top, 2 right, 3 bottom, 4 left", () => {
    pad('diamond');
    const tiles = within(screen.getByRole('group', { name: 'Diamond tiles' }));
    const cell = (n: number) => {
      const style = tiles.getByRole('button', { name: `Tile ${n}` }).style;
      return [style.gridRow, style.gridColumn];
    };
    // A 3 × 3 grid with an empty centre, as stimuli/diamond-tiles.tsx places the tiles.
    expect([1, 2, 3, 4].map(cell)).toEqual([
      ['1', '2'],
      ['2', '3'],
      ['3', '2'],
      ['2', '1'],
    ]);
    // Back and Submit sit under the diamond, not inside it.
    expect(tiles.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it.each([360, 414, 560, 768, 1194, 1440])(
    'grows its keys with the window (SPEC.md §9: at 414 and 560 px): %i px wide',
    (width) => {
      const before = window.innerWidth;
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
      try {
        pad('sloan');
        const least = PAD_KEY_HEIGHTS_PX[screenBand(width)];
        for (const key of screen.getAllByRole('button')) expect(minHeight(key)).toBeGreaterThanOrEqual(least);
        expect(minHeight(screen.getByRole('button', { name: 'A' }))).toBe(least);
      } finally {
        Object.defineProperty(window, 'innerWidth', { configurable: true, value: before });
      }
    },
  );

  it('makes every button at least 64 px high, in large mode at least 88, and sends nothing while disabled', () => {
    for (const large of [false, true]) {
      for (const test of TEST_IDS.filter((id) => id !== 'presbyopia')) {
        pad(test, true, large);
        for (const button of screen.getAllByRole('button')) {
          expect(button).toBeDisabled();
          expect(minHeight(button)).toBeGreaterThanOrEqual(large ? LARGE_PAD_BUTTON_MIN_HEIGHT : 64);
        }
        cleanup();
      }
    }
    for (const test of TEST_IDS.filter((id) => id !== 'presbyopia')) {
      const { onKey } = pad(test, true);
      fireEvent.click(screen.getAllByRole('button')[0]!);
      expect(onKey).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('offers START and CONTINUE as the continue command', async () => {
    const onKey = vi.fn();
    render(<ContinueButton label="CONTINUE" disabled={false} onKey={onKey} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(onKey).toHaveBeenCalledWith('continue');
  });
});

describe('PresbyopiaForm on the pad', () => {
  it('sends the encoded answer with the default distance', async () => {
    const { onKey, user } = pad('presbyopia');
    expect(screen.getByRole('radio', { name: 'Between 1.6m and 1.9m' })).toBeChecked();
    const field = screen.getByRole('textbox', { name: 'Prescription in dioptres' });
    await user.clear(field);
    await user.type(field, '-3.25');
    expect(screen.getByRole('slider')).toHaveValue('-3.25');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuetext', '−3.25 D');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onKey).toHaveBeenCalledWith('rx_-325_1');
    await user.click(screen.getByRole('radio', { name: 'Below 1.6m' }));
    await user.clear(field);
    await user.type(field, '+2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onKey).toHaveBeenLastCalledWith('rx_200_0');
  });

  it('refuses a prescription off the 0.25 D grid or out of range, and sends nothing', async () => {
    const { onKey, user } = pad('presbyopia');
    const field = screen.getByRole('textbox', { name: 'Prescription in dioptres' });
    await user.clear(field);
    await user.type(field, '1.3');
    expect(screen.getByText('Use steps of 0.25 (e.g. 1.25 or -2.5)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await user.clear(field);
    await user.type(field, '25');
    expect(screen.getByText('Enter a value from −20 to +20')).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(onKey).not.toHaveBeenCalled();
  });
});
