import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { GammaPage } from './gamma-page';

const DEFAULTS: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };

describe('GammaPage', () => {
  beforeEach(() => {
    // jsdom has no canvas; the stripes are checked in the browser journey.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  it('starts at the stored gamma, follows the slider and saves the gamma', async () => {
    const seen = mockApi({
      'GET /tests': json(200, {
        success: true,
        data: { opticalHistory: null, settings: { ...DEFAULTS, gamma: 2.2 } },
      }),
      'PUT /tests/gammasettings': json(200, {
        success: true,
        data: { settings: { ...DEFAULTS, gamma: 1.95 } },
      }),
    });
    const { user } = renderPage(<GammaPage />, '/user/gamma', '/user/gamma', {
      store: signedInStore('user'),
    });
    expect(await screen.findByTestId('gamma-readout')).toHaveTextContent('Grey level 186 → gamma 2.20');
    expect(screen.getByText(/Saved gamma: 2.20/)).toBeInTheDocument();
    const slider = screen.getByRole('slider', { name: 'Grey level' });
    fireEvent.change(slider, { target: { value: 178 } });
    expect(screen.getByTestId('gamma-readout')).toHaveTextContent('Grey level 178 → gamma 1.93');
    expect(screen.getByRole('img', { name: 'Solid grey patch' })).toHaveStyle({
      backgroundColor: 'rgb(178, 178, 178)',
    });
    await user.click(screen.getByRole('button', { name: 'Save gamma' }));
    expect(await screen.findByText('Gamma 1.93 saved')).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ gamma: 1.928 });
  });

  it('shows a failed save', async () => {
    mockApi({
      'GET /tests': json(200, { success: true, data: { opticalHistory: null, settings: DEFAULTS } }),
      'PUT /tests/gammasettings': json(400, { success: false, error: 'gamma must be between 0.5 and 4 ' }),
    });
    const { user } = renderPage(<GammaPage />, '/user/gamma', '/user/gamma', {
      store: signedInStore('user'),
    });
    expect(await screen.findByText(/Not calibrated yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: 'Grey level' }), { target: { value: 180 } });
    await user.click(screen.getByRole('button', { name: 'Save gamma' }));
    expect(await screen.findByText(/gamma must be between 0.5 and 4/)).toBeInTheDocument();
  });

  it('will not save a first calibration nobody matched: Save waits for the slider', async () => {
    const seen = mockApi({
      'GET /tests': json(200, { success: true, data: { opticalHistory: null, settings: DEFAULTS } }),
      'PUT /tests/gammasettings': json(200, {
        success: true,
        data: { settings: { ...DEFAULTS, gamma: 2.2 } },
      }),
    });
    renderPage(<GammaPage />, '/user/gamma', '/user/gamma', { store: signedInStore('user') });
    expect(await screen.findByText(/Not calibrated yet/)).toBeInTheDocument();
    const saveButton = screen.getByRole('button', { name: 'Save gamma' });
    expect(saveButton).toBeDisabled();
    expect(saveButton).toHaveAccessibleDescription('Move the slider until the two squares match, then save.');
    fireEvent.change(screen.getByRole('slider', { name: 'Grey level' }), { target: { value: 186 } });
    expect(saveButton).toBeEnabled();
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });
});
