import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TimerView } from '@visus/core';
import { renderRoutes } from '@/testing/render';
import { ScreenTools } from './screen-tools';

const RUNNING: TimerView = {
  mode: 'running',
  remainingMs: 6000,
  remainingSeconds: 6,
  elapsed: 0.4,
  due: false,
};

function tools(countdown: TimerView | null) {
  const requestTimer = vi.fn();
  const { user } = renderRoutes(
    [
      {
        path: '/user/test/x',
        element: (
          <ScreenTools
            test="landoltC"
            status={countdown ? 'Continue' : 'InTest'}
            countdown={countdown}
            requestTimer={requestTimer}
            autoAdvance
            distanceMm={3000}
            setupPath="/user/setup"
          />
        ),
      },
      { path: '/user/setup', element: <p>Setup page</p> },
    ],
    '/user/test/x',
  );
  return { requestTimer, user };
}

describe('ScreenTools (SPEC.md §2: help/info, settings)', () => {
  it('F1 opens the step’s help and pauses the countdown; closing it lets the countdown go on', async () => {
    const { requestTimer } = tools(RUNNING);
    fireEvent.keyDown(window, { key: 'F1' });
    const help = await screen.findByRole('dialog', { name: 'Help: Landolt C' });
    expect(help).toHaveTextContent('Cover your RIGHT eye');
    expect(help).toHaveTextContent('P pauses the countdown');
    expect(requestTimer).toHaveBeenCalledWith('pause');
    fireEvent.keyDown(help, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestTimer).toHaveBeenLastCalledWith('resume');
  });

  it('gives the keys of a running test and asks nothing of a countdown there', async () => {
    const { requestTimer, user } = tools(null);
    await user.click(screen.getByRole('button', { name: 'Help (F1)' }));
    const help = screen.getByRole('dialog', { name: 'Help: Landolt C' });
    expect(help).toHaveTextContent('Arrow keys for right, up, left, down');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(requestTimer).not.toHaveBeenCalled();
  });

  it('settings lead to Setup', async () => {
    const { user } = tools(null);
    await user.click(screen.getByRole('button', { name: 'Test settings' }));
    const settings = screen.getByRole('dialog', { name: 'Test settings' });
    expect(settings).toHaveTextContent('3.00 m');
    await user.click(screen.getByRole('button', { name: 'Change the screen setup…' }));
    expect(await screen.findByText('Setup page')).toBeInTheDocument();
  });
});
