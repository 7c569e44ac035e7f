import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session, Settings } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { setLanguage } from '@/lib/i18n/i18n';
import { TestsPage, testScreenPath } from './tests-page';

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

function created(overrides: Partial<Session>): Session {
  return {
    pin: 'PQRSTUVW',
    user: 'user-1',
    units: 'm',
    pixelSize: 0.28,
    testFlowA: ['landoltC', 'duoChrome'],
    chartTypes: ['Landolt C'],
    crowding: false,
    single: null,
    testMode: false,
    status: 'open',
    createdAt: '2026-01-31T09:00:00.000Z',
    expiresAt: '2026-01-31T15:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

function settingsReply(settings: Settings) {
  return json(200, { success: true, data: { opticalHistory: null, settings } });
}

describe('TestsPage', { timeout: 20_000 }, () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('speaks Spanish: the calibration, the battery, the tests’ names and what Diamond needs', async () => {
    await setLanguage('es', { areas: ['shell', 'tests'] });
    mockApi({ 'GET /tests': settingsReply({ ...CALIBRATED, gamma: 1 }) });
    renderPage(<TestsPage />, '/user/tests', '/user/tests', { store: signedInStore('user') });
    expect(
      await screen.findByText(/^Calibrada con el método de la diagonal; siéntese a 2,50 m de la pantalla\./),
    ).toBeInTheDocument();
    const battery = screen.getByRole('region', { name: 'Batería completa' });
    expect(within(battery).getByRole('radio', { name: 'C de Landolt' })).toBeInTheDocument();
    expect(within(battery).getByText(/^La batería completa incluye Rombo, que le pide/)).toBeInTheDocument();
    expect(within(battery).getByRole('link', { name: 'Calibrar el color' })).toBeInTheDocument();
    const single = screen.getByRole('region', { name: 'Una sola prueba' });
    expect(within(single).getByRole('button', { name: 'Empezar Sloan' })).toBeEnabled();
    expect(
      within(single).getByText(/^Agudeza visual con las \d+ letras Sloan que dibuja el optotipo: [A-Z ]+\.$/),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('switch', { name: 'Avanzar automáticamente entre ojos y pruebas' }),
    ).toBeChecked();
  });

  it('sends an uncalibrated person to Setup and starts nothing', async () => {
    mockApi({ 'GET /tests': settingsReply({ method: 'none', card: null, diagonal: null, gamma: 1 }) });
    renderPage(<TestsPage />, '/user/tests', '/user/tests', { store: signedInStore('user') });
    expect(await screen.findByText(/Your screen is not calibrated yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Setup' })).toHaveAttribute('href', '/user/setup');
    expect(screen.getByRole('button', { name: 'Start full battery' })).toBeDisabled();
  });

  it('says before starting that the battery and Astigmatism Power need Calibrate Colour first', async () => {
    mockApi({ 'GET /tests': settingsReply({ ...CALIBRATED, gamma: 1 }) });
    const { user } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('user'),
    });
    expect(await screen.findByText(/Calibrated with the diagonal method/)).toBeInTheDocument();
    const battery = screen.getByRole('region', { name: 'Full battery' });
    expect(within(battery).getByText(/The full battery includes Diamond/)).toBeInTheDocument();
    expect(within(battery).getByRole('link', { name: 'Calibrate Colour' })).toHaveAttribute(
      'href',
      '/user/gamma',
    );
    expect(within(battery).getByRole('button', { name: 'Start full battery' })).toBeDisabled();
    // A single Sloan test needs no gamma; Astigmatism Power does.
    const single = screen.getByRole('region', { name: 'Single test' });
    expect(within(single).getByRole('button', { name: 'Start Sloan' })).toBeEnabled();
    expect(within(single).queryByTestId('colour-calibration-needed')).toBeNull();
    await user.click(within(single).getByRole('combobox', { name: 'Test' }));
    await user.click(screen.getByRole('option', { name: 'Astigmatism Power' }));
    expect(within(single).getByText(/Astigmatism Power asks you to find fine lines/)).toBeInTheDocument();
    expect(within(single).getByRole('link', { name: 'Calibrate Colour' })).toHaveAttribute(
      'href',
      '/user/gamma',
    );
    expect(within(single).getByRole('button', { name: 'Start Astigmatism Power' })).toBeDisabled();
  });

  it('keeps the person’s “move on by itself” setting: on for an older record, saved when switched off', async () => {
    const seen = mockApi({
      'GET /tests': settingsReply(CALIBRATED),
      'PUT /tests/settings/auto-advance': json(200, {
        success: true,
        data: { settings: { ...CALIBRATED, autoAdvance: false } },
      }),
    });
    const { user } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('user'),
    });
    const toggle = await screen.findByRole('switch', { name: 'Move on by itself between eyes and tests' });
    // CALIBRATED has no autoAdvance (a record from before the setting): on.
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/P or Pause on your phone stops the countdown/);
    await user.click(toggle);
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/tests/settings/auto-advance',
      body: { autoAdvance: false },
    });
    const off = await screen.findByRole('switch', { name: 'Move on by itself between eyes and tests' });
    await screen.findByText(/the screen waits until you press CONTINUE/);
    expect(off).not.toBeChecked();
  });

  it('starts the full battery with the chosen chart and units and opens its screen', async () => {
    const seen = mockApi({
      'GET /tests': settingsReply(CALIBRATED),
      'POST /tests/session': json(201, { success: true, data: created({ units: 'ft' }) }),
    });
    const { user, router } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('user'),
    });
    expect(await screen.findByText(/Calibrated with the diagonal method; sit 2.50 m/)).toBeInTheDocument();
    // What the charts measure from there, by core's one range rule (as Setup says it): 3.6 px/mm at 2.5 m
    // draws 10 device px at logMAR −0.12, so −0.1 is the smallest line; −0.2 needs 3.03 m.
    expect(screen.getByTestId('range-guidance')).toHaveTextContent(
      'At 2.50 m this screen measures −0.1 logMAR (6/4.8) and worse. Stand at 3.1 m or more to measure down to −0.2 logMAR (6/3.8).',
    );
    await user.click(screen.getByRole('radio', { name: 'Landolt C' }));
    await user.click(screen.getByRole('combobox', { name: 'Units' }));
    await user.click(screen.getByRole('option', { name: 'Feet (20/20)' }));
    await user.click(screen.getByRole('button', { name: 'Start full battery' }));
    expect(await screen.findByText('Other screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/test/PQRSTUVW');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      chart: 'Landolt C',
      units: 'ft',
      crowding: false,
    });
  });

  it('offers test mode to testers only, and opens a test-mode session on its own screen', async () => {
    const seen = mockApi({
      'GET /tests': settingsReply(CALIBRATED),
      'POST /tests/session/single': json(201, {
        success: true,
        data: created({ single: 'tumblingE', testMode: true, testFlowA: ['tumblingE'] }),
      }),
    });
    const { user, router } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('tester'),
    });
    await screen.findByText(/Calibrated with the diagonal method/);
    await user.click(screen.getByRole('combobox', { name: 'Test' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Tumbling E' }));
    await user.click(screen.getByRole('switch', { name: /Test mode/ }));
    await user.click(screen.getByRole('button', { name: 'Start Tumbling E' }));
    await screen.findByText('Other screen');
    expect(router.state.location.pathname).toBe('/user/test/PQRSTUVW/test-mode');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      test: 'tumblingE',
      testMode: true,
      units: 'm',
      crowding: false,
    });
  });

  it('offers crowded letters for Sloan and Tumbling E only, says why, and starts a crowded battery', async () => {
    const seen = mockApi({
      'GET /tests': settingsReply(CALIBRATED),
      'POST /tests/session': json(201, { success: true, data: created({ crowding: true }) }),
    });
    const { user } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('user'),
    });
    await screen.findByText(/Calibrated with the diagonal method/);
    const battery = screen.getByRole('region', { name: 'Full battery' });
    const single = screen.getByRole('region', { name: 'Single test' });
    const crowdedIn = (region: HTMLElement) =>
      within(region).queryByRole('switch', { name: /Crowded letters/ });
    // Sloan is the default chart and the default single test: both offer it, with the reason.
    expect(crowdedIn(battery)).toHaveAccessibleDescription(/standard for children and for amblyopia/);
    expect(crowdedIn(single)).not.toBeNull();
    await user.click(within(battery).getByRole('radio', { name: 'Landolt C' }));
    expect(crowdedIn(battery)).toBeNull();
    await user.click(within(single).getByRole('combobox', { name: 'Test' }));
    await user.click(screen.getByRole('option', { name: 'DuoChrome' }));
    expect(crowdedIn(single)).toBeNull();
    await user.click(within(battery).getByRole('radio', { name: 'Tumbling E' }));
    await user.click(crowdedIn(battery)!);
    await user.click(within(battery).getByRole('button', { name: 'Start full battery' }));
    await screen.findByText('Other screen');
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      chart: 'Tumbling E',
      units: 'm',
      crowding: true,
    });
  });

  it('has no test-mode switch for a user, and shows why a start failed', async () => {
    mockApi({
      'GET /tests': settingsReply(CALIBRATED),
      'POST /tests/session/single': json(400, { success: false, error: 'test must be one of sloan, …' }),
    });
    const { user } = renderPage(<TestsPage />, '/user/tests', '/user/tests', {
      store: signedInStore('user'),
    });
    await screen.findByText(/Calibrated with the diagonal method/);
    expect(screen.queryByRole('switch', { name: /Test mode/ })).not.toBeInTheDocument();
    // The text says what the chart draws: the spec's nine Sloan letters, no Z (issue 16).
    expect(
      screen.getByText('Visual acuity with the 9 Sloan letters the chart draws: C D H K N O R S V.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Sloan' }));
    expect(await screen.findByText('test must be one of sloan, …')).toBeInTheDocument();
    expect(testScreenPath('admin', { pin: 'X', testMode: false })).toBe('/admin/test/X');
  });
});
