import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusScreen, statusTexts } from './status-screens';

describe('status screens (SPEC.md §2)', () => {
  it.each([
    ['ready', false, 'Sloan Ready', 'Cover your LEFT eye'],
    ['ready', true, 'Presbyopia Ready', 'Please use both eyes for this test'],
    ['stopped', false, 'Sloan Interrupted', 'A Test Error Has Occurred'],
    ['repeat', false, 'Repeat Sloan', 'Press CONTINUE on your controller when you are ready'],
    ['continue', false, 'Continue Sloan', 'Cover your RIGHT eye'],
    ['complete', false, 'Test Completed', 'Your next test will start in 10 seconds'],
    ['finished', false, 'Test Complete', 'You will be redirected to your results shortly'],
  ] as const)('%s (both eyes: %s) says "%s" and "%s"', (kind, bothEyes, heading, line) => {
    const name = bothEyes ? 'Presbyopia' : 'Sloan';
    expect(statusTexts(kind, name, bothEyes)).toEqual([heading, line]);
    render(<StatusScreen kind={kind} testName={name} bothEyes={bothEyes} elapsed={0.5} />);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
  });

  it('shows the 10-second bar only on Repeat, Continue and Complete', () => {
    const { rerender } = render(<StatusScreen kind="continue" testName="Sloan" elapsed={0.25} />);
    expect(screen.getByRole('progressbar', { name: 'Time until the test goes on' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    rerender(<StatusScreen kind="ready" testName="Sloan" elapsed={0.25} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
