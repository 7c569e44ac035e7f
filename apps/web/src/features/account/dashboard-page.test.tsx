import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Settings } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';

const CALIBRATED: Settings = {
  method: 'diagonal',
  card: null,
  diagonal: {
    pixelsPerDegree: 3.6 * 2500 * Math.tan(Math.PI / 180),
    resolution: { width: 1920, height: 1080 },
    pixelsPerMm: 3.6,
    distanceMm: 2500,
    diagonalInches: 24,
  },
  gamma: 2.2,
};
const UNCALIBRATED: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };
const HISTORY = { q1: { selected: ['No'], details: '' } };

function renderDashboard(options: { settings: Settings; history: boolean; results: number; name?: string }) {
  mockApi({
    'GET /auth/current': currentUserReply(
      options.name === undefined ? undefined : testUser({ name: options.name }),
    ),
    'GET /tests': json(200, {
      success: true,
      data: { opticalHistory: options.history ? HISTORY : null, settings: options.settings },
    }),
    'GET /tests/results': json(200, { success: true, data: { results: [], total: options.results } }),
  });
  return renderApp('/user/dashboard', { store: signedInStore('user') });
}

const stepTitles = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('DashboardPage', { timeout: 20_000 }, () => {
  it('greets the person by name without a title (issue 20)', async () => {
    renderDashboard({ settings: CALIBRATED, history: true, results: 0, name: 'Dr Olu Adeyemi' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Olu' })).toBeInTheDocument();
  });

  it('lists every step before the first test for a new account, numbered', async () => {
    renderDashboard({ settings: UNCALIBRATED, history: false, results: 0 });
    const first = await screen.findByRole('region', { name: 'Before your first test' });
    expect(stepTitles(first)).toEqual([
      'Set up your screen',
      'Calibrate colour',
      'Optical history',
      'Take the tests',
    ]);
    expect(within(first).getByText('Step 4')).toBeInTheDocument();
    expect(screen.getByText(/Work through the steps below before your first test/)).toBeInTheDocument();
  });

  it('puts the done steps away and numbers what is left', async () => {
    renderDashboard({ settings: { ...CALIBRATED, gamma: 1 }, history: true, results: 0 });
    const first = await screen.findByRole('region', { name: 'Before your first test' });
    expect(stepTitles(first)).toEqual(['Calibrate colour', 'Take the tests']);
    expect(within(first).getByText('Step 2')).toBeInTheDocument();
    const setUp = screen.getByRole('list', { name: 'Your set-up' });
    expect(within(setUp).getByRole('link', { name: 'Screen calibrated: change' })).toHaveAttribute(
      'href',
      '/user/setup',
    );
    expect(within(setUp).getByRole('link', { name: 'Optical history saved: change' })).toBeInTheDocument();
  });

  it('stops showing the first steps once they are all done', async () => {
    renderDashboard({ settings: CALIBRATED, history: true, results: 3 });
    const next = await screen.findByRole('region', { name: 'Next steps' });
    expect(screen.queryByRole('region', { name: /Before your/ })).toBeNull();
    expect(screen.queryByText(/Step \d/)).toBeNull();
    expect(stepTitles(next)).toEqual(['Take a test', 'Results', 'Profile']);
    expect(screen.getByText(/You are set up/)).toBeInTheDocument();
    expect(
      within(next)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Screen calibrated', 'Colour calibrated', 'Optical history saved']);
  });

  it('asks for a calibration of this screen when the stored one no longer holds here', async () => {
    const elsewhere: Settings = {
      ...CALIBRATED,
      diagonal: {
        ...CALIBRATED.diagonal!,
        devicePixelRatio: 2,
        cssResolution: { width: 1920, height: 1080 },
      },
    };
    renderDashboard({ settings: elsewhere, history: true, results: 3 });
    const next = await screen.findByRole('region', { name: 'Before your next test' });
    expect(stepTitles(next)).toEqual(['Calibrate this screen again']);
    expect(screen.getByText(/This screen needs its own calibration/)).toBeInTheDocument();
  });

  it('shows every step when the set-up cannot be loaded', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests': json(500, { success: false, error: 'Server Error' }),
      'GET /tests/results': json(200, { success: true, data: { results: [], total: 2 } }),
    });
    renderApp('/user/dashboard', { store: signedInStore('user') });
    const first = await screen.findByRole('region', { name: 'Before your first test' });
    expect(stepTitles(first)).toHaveLength(4);
  });
});
