import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ControllerHelp } from './controller-help';

describe('ControllerHelp (SPEC.md §2: a help/info button on the controller)', () => {
  it('opens the help of the step the phone is on and closes it again', async () => {
    const user = userEvent.setup({ delay: null });
    const { rerender } = render(<ControllerHelp test="astigAxis" status="InTest" step="axis-letter" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const help = screen.getByRole('dialog', { name: 'Help: Astigmatism Axis' });
    expect(help).toHaveTextContent('Activity Three · Grating');
    expect(help).toHaveTextContent('This turn is the sharpest');
    expect(help).toHaveTextContent('Stopping');
    // The next step's words follow the phone's step.
    rerender(<ControllerHelp test="astigAxis" status="InTest" step="axis-pair" />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Press the left or the right image');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
