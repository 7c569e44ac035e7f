import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESBYOPIA_DISTANCES } from '@visus/core';
import type { Settings } from '@visus/contracts';
import { setLanguage, t } from '@/lib/i18n/i18n';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { DISTANCE_WORDS, SetupPage } from './setup-page';

const DEFAULTS: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };

function testsReply(settings: Settings = DEFAULTS) {
  return json(200, { success: true, data: { opticalHistory: null, settings } });
}

function stubScreen(devicePixelRatio: number, width = 1920, height = 1080) {
  vi.stubGlobal('devicePixelRatio', devicePixelRatio);
  vi.spyOn(window.screen, 'width', 'get').mockReturnValue(width);
  vi.spyOn(window.screen, 'height', 'get').mockReturnValue(height);
}

/** A card calibration made on a `width × height` CSS px screen at devicePixelRatio 1, 3.779 px/mm at 3 m. */
function cardOn(width: number, height: number) {
  return {
    pixelsPerDegree: 3.779 * 3000 * Math.tan(Math.PI / 180),
    resolution: { width, height },
    pixelsPerMm: 3.779,
    distanceMm: 3000,
    devicePixelRatio: 1,
    cssResolution: { width, height },
  };
}

function profile(id: string, name: string, settings: Settings, lastUsedAt = '2026-11-20T10:00:00.000Z') {
  return { id, name, settings, cameraScale: null, createdAt: lastUsedAt, lastUsedAt };
}

const profilesReply = (profiles: unknown[]) => json(200, { success: true, data: { profiles } });

function renderSetup() {
  return renderPage(<SetupPage />, '/user/setup', '/user/setup', { store: signedInStore('user') });
}

describe('SetupPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws the card at the slider width and saves the card calibration with its window', async () => {
    stubScreen(1);
    const seen = mockApi({
      'GET /tests': testsReply(),
      'PUT /tests/settings': (request) =>
        request.json().then((body: { card: Settings['card'] }) =>
          json(200, {
            success: true,
            data: { settings: { ...DEFAULTS, method: 'card', card: body.card } },
          }),
        ),
    });
    const { user } = renderSetup();
    const card = await screen.findByTestId('calibration-card');
    expect(card).toHaveStyle({ width: '323.5px' });
    const slider = screen.getByRole('slider', { name: 'Card width' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(card).toHaveStyle({ width: '324.5px' });
    await user.click(screen.getByRole('button', { name: 'Make the card smaller' }));
    expect(card).toHaveStyle({ width: '324px' });
    expect(screen.getByTestId('card-readout')).toHaveTextContent('Card width 324.0 px → 3.785 pixels per mm');

    const summary = screen.getByRole('region', { name: 'Calibration summary' });
    expect(within(summary).getByText('3.785')).toBeInTheDocument();
    expect(within(summary).getByText('198.2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save calibration' }));
    expect(await screen.findByText('Calibration saved')).toBeInTheDocument();
    const put = seen.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      method: 'card',
      card: {
        pixelsPerMm: 324 / 85.6,
        distanceMm: 3000,
        pixelsPerDegree: (324 / 85.6) * 3000 * Math.tan(Math.PI / 180),
        devicePixelRatio: 1,
        cssResolution: { width: 1920, height: 1080 },
        resolution: { width: 1920, height: 1080 },
        cardWidthPx: 324,
      },
    });
  });

  it('uses the diagonal and the screen resolution, and says what to fix', async () => {
    stubScreen(1);
    const seen = mockApi({
      'GET /tests': testsReply(),
      'PUT /tests/settings': json(200, { success: true, data: { settings: DEFAULTS } }),
    });
    const { user } = renderSetup();
    await user.click(await screen.findByRole('button', { name: 'Screen diagonal' }));
    expect(screen.getByLabelText('Resolution width (pixels)')).toHaveValue('1920');
    await user.click(screen.getByRole('button', { name: 'Save calibration' }));
    expect(screen.getByText('Enter the screen diagonal in inches, for example 24')).toBeInTheDocument();
    const distance = screen.getByLabelText('Viewing distance (metres)');
    await user.clear(distance);
    await user.type(distance, '0');
    expect(screen.getByText('Enter a distance between 0.25 and 10 metres')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.type(screen.getByLabelText('Screen diagonal (inches)'), '24');
    await user.clear(distance);
    await user.type(distance, '1.5');
    const summary = screen.getByRole('region', { name: 'Calibration summary' });
    expect(within(summary).getByText('3.614')).toBeInTheDocument();
    // Core's one range rule: a 10-device-px letter at 1.5 m is logMAR 0.10, so the smallest line the test
    // shows is 0.2 (6/9.5); 0.0 needs 1.90 m, −0.2 3.02 m (rounded up).
    expect(within(summary).getByText('6/9.5')).toBeInTheDocument();
    expect(within(summary).getByTestId('range-guidance')).toHaveTextContent(
      'At 1.50 m this screen measures 0.2 logMAR (6/9.5) and worse. Stand at 2.0 m or more to measure down to 0.0 logMAR (6/6), or at 3.1 m or more for the chart’s finest line, −0.2 logMAR (6/3.8).',
    );
    await user.click(screen.getByRole('button', { name: 'Save calibration' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
      method: 'diagonal',
      diagonal: { diagonalInches: 24, distanceMm: 1500, resolution: { width: 1920, height: 1080 } },
    });
  });

  it('warns when the zoom changed since calibration', async () => {
    stubScreen(1.25, 1536, 864);
    const card = {
      pixelsPerDegree: 3.779 * 3000 * Math.tan(Math.PI / 180),
      resolution: { width: 1920, height: 1080 },
      pixelsPerMm: 3.779,
      distanceMm: 3000,
      devicePixelRatio: 1,
      cssResolution: { width: 1920, height: 1080 },
    };
    mockApi({ 'GET /tests': testsReply({ ...DEFAULTS, method: 'card', card }) });
    renderSetup();
    const warning = await screen.findByText(/browser zoom or display scaling has changed/);
    expect(warning.closest('[role="alert"]')).not.toBeNull();
  });

  it('warns when the page is pinch-zoomed, even before a calibration exists', async () => {
    stubScreen(1);
    const listeners: Array<() => void> = [];
    const visual = {
      scale: 1,
      addEventListener: (_type: string, fn: () => void) => listeners.push(fn),
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal('visualViewport', visual);
    mockApi({ 'GET /tests': testsReply() });
    renderSetup();
    await screen.findByRole('slider', { name: 'Card width' });
    expect(screen.queryByText(/pinch-zoomed/)).toBeNull();
    // Pinch-zoom fires the visual viewport's resize only; devicePixelRatio stays 1.
    visual.scale = 1.6;
    act(() => listeners.forEach((fn) => fn()));
    const warning = await screen.findByText(/The page is pinch-zoomed/);
    expect(warning.closest('[role="alert"]')).not.toBeNull();
  });

  it('shows the server error and lets the person try again', async () => {
    stubScreen(1);
    mockApi({ 'GET /tests': json(500, { success: false, error: 'Server Error' }) });
    const { user } = renderSetup();
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    mockApi({ 'GET /tests': testsReply() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('calibration-card')).toBeInTheDocument();
  });

  it('puts this screen’s own profile in use by itself when the calibration in use was made on another', async () => {
    stubScreen(1, 2560, 1440);
    const office = { ...DEFAULTS, method: 'card' as const, card: cardOn(1920, 1080) };
    const living = { ...DEFAULTS, method: 'card' as const, card: cardOn(2560, 1440), gamma: 2.2 };
    const seen = mockApi({
      'GET /tests': testsReply(office),
      'GET /tests/screen-profiles': profilesReply([
        profile('0b4f6f2e-0000-4000-8000-000000000001', 'Office', office),
        profile('0b4f6f2e-0000-4000-8000-000000000002', 'Living room TV', living, '2026-11-01T10:00:00.000Z'),
      ]),
      'POST /tests/screen-profiles/0b4f6f2e-0000-4000-8000-000000000002/use': json(200, {
        success: true,
        data: {
          profile: profile('0b4f6f2e-0000-4000-8000-000000000002', 'Living room TV', living),
          settings: living,
        },
      }),
    });
    const store = signedInStore('user');
    renderPage(<SetupPage />, '/user/setup', '/user/setup', { store });
    const screens = await screen.findByRole('list', { name: 'Calibrated screens' });
    await waitFor(() => expect(seen.filter((r) => r.method === 'POST')).toHaveLength(1));
    await waitFor(() =>
      expect(store.getState().notice.current?.message).toBe(
        'This screen is “Living room TV”: its calibration is in use now.',
      ),
    );
    const tv = within(screens).getByRole('heading', { name: 'Living room TV' }).closest('li')!;
    expect(await within(tv).findByText('In use')).toBeInTheDocument();
    expect(within(tv).getByText('This screen')).toBeInTheDocument();
    expect(
      within(tv).getByText(/2560 × 1440 at 100 % · Bank card, 3.779 px per mm, viewed from 3.00 m/),
    ).toBeInTheDocument();
    // The calibration of this screen holds: no "different screen" warning.
    expect(screen.queryByText(/different screen from the one you calibrated/)).toBeNull();
    expect(screen.getByLabelText('Name of this screen')).toHaveAttribute('placeholder', 'Living room TV');
  });

  it('says to calibrate again when no profile was made on this screen, and sends the name typed', async () => {
    stubScreen(1, 2560, 1440);
    const office = { ...DEFAULTS, method: 'card' as const, card: cardOn(1920, 1080) };
    const seen = mockApi({
      'GET /tests': testsReply(office),
      'GET /tests/screen-profiles': profilesReply([
        profile('0b4f6f2e-0000-4000-8000-000000000001', 'Office', office),
      ]),
      'PUT /tests/settings': (request) =>
        request.json().then((body: { card: Settings['card'] }) =>
          json(200, {
            success: true,
            data: { settings: { ...DEFAULTS, method: 'card', card: body.card } },
          }),
        ),
    });
    const { user } = renderSetup();
    expect(await screen.findByText(/different screen from the one you calibrated/)).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);
    const name = screen.getByLabelText('Name of this screen');
    expect(name).toHaveAttribute('placeholder', 'Screen 2560 × 1440');
    await user.type(name, '  Living room TV ');
    await user.click(screen.getByRole('button', { name: 'Save calibration' }));
    await waitFor(() => expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
      method: 'card',
      screenName: 'Living room TV',
    });
  });

  it('names a screen the server kept after a gamma save in the language shown (issue 20)', async () => {
    await setLanguage('es', { areas: ['shell', 'setup', 'range', 'test-run'] });
    try {
      stubScreen(1, 2560, 1440);
      const living = { ...DEFAULTS, method: 'card' as const, card: cardOn(2560, 1440), gamma: 2.2 };
      const office = { ...DEFAULTS, method: 'card' as const, card: cardOn(1920, 1080) };
      const kept = profile('0b4f6f2e-0000-4000-8000-000000000001', 'Screen 2560 × 1440', living);
      mockApi({
        // The calibration in use was made on the office screen: this screen's kept profile is put in use.
        'GET /tests': testsReply(office),
        'GET /tests/screen-profiles': profilesReply([
          kept,
          profile('0b4f6f2e-0000-4000-8000-000000000002', 'Office', office, '2026-11-01T10:00:00.000Z'),
        ]),
        'POST /tests/screen-profiles/0b4f6f2e-0000-4000-8000-000000000001/use': json(200, {
          success: true,
          data: { profile: kept, settings: living },
        }),
      });
      const store = signedInStore('user');
      const { user } = renderPage(<SetupPage />, '/user/setup', '/user/setup', { store });
      const screens = await screen.findByRole('list', { name: 'Pantallas calibradas' });
      expect(within(screens).getByRole('heading', { name: 'Pantalla 2560 × 1440' })).toBeInTheDocument();
      expect(within(screens).getByRole('heading', { name: 'Office' })).toBeInTheDocument();
      await waitFor(() =>
        expect(store.getState().notice.current?.message).toBe(
          'Esta pantalla es «Pantalla 2560 × 1440»: su calibración está en uso ahora.',
        ),
      );
      expect(screen.getByLabelText('Nombre de esta pantalla')).toHaveAttribute(
        'placeholder',
        'Pantalla 2560 × 1440',
      );
      await user.click(
        within(screens).getByRole('button', { name: 'Cambiar el nombre de Pantalla 2560 × 1440' }),
      );
      expect(within(screens).getByRole('textbox', { name: 'Nuevo nombre' })).toHaveValue(
        'Pantalla 2560 × 1440',
      );
    } finally {
      await setLanguage('en');
    }
  });

  it('clamps the slider with the + button at its maximum', async () => {
    stubScreen(1);
    mockApi({ 'GET /tests': testsReply() });
    renderSetup();
    const slider = await screen.findByRole('slider', { name: 'Card width' });
    fireEvent.change(slider, { target: { value: 1000 } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the card larger' }));
    expect(screen.getByTestId('calibration-card')).toHaveStyle({ width: '1000px' });
  });

  it('shows the presbyopia distances in the words of SPEC.md in English', () => {
    for (const distance of PRESBYOPIA_DISTANCES) expect(t(DISTANCE_WORDS[distance])).toBe(distance);
  });

  it('speaks German: headings, numbers with a decimal comma, range guidance, a new screen named in German', async () => {
    await setLanguage('de', { areas: ['setup', 'range', 'test-run'] });
    try {
      stubScreen(1);
      const seen = mockApi({
        'GET /tests': testsReply(),
        'GET /tests/screen-profiles': profilesReply([]),
        'PUT /tests/settings': (request) =>
          request.json().then((body: { card: Settings['card'] }) =>
            json(200, {
              success: true,
              data: { settings: { ...DEFAULTS, method: 'card', card: body.card } },
            }),
          ),
      });
      const { user } = renderSetup();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Bildschirmkalibrierung' }),
      ).toBeInTheDocument();
      expect(
        await screen.findByRole('heading', { level: 2, name: '1. Bildschirm ausmessen' }),
      ).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Ihre Bildschirme' })).toBeInTheDocument();
      expect(screen.getByTestId('card-readout')).toHaveTextContent(
        /^Kartenbreite 323,5 px → \d+,\d{3} Pixel pro mm$/,
      );
      expect(screen.getByRole('button', { name: 'Unter 1,6 m' })).toBeInTheDocument();
      expect(screen.getByTestId('range-guidance')).toHaveTextContent(/^Bei 3,00 m misst dieser Bildschirm/);
      await user.click(screen.getByRole('button', { name: 'Kalibrierung speichern' }));
      expect(await screen.findByText('Kalibrierung gespeichert')).toBeInTheDocument();
      expect(seen.find((r) => r.method === 'PUT')?.body).toMatchObject({
        screenName: expect.stringMatching(/^Bildschirm \d+ × \d+$/) as unknown,
      });
    } finally {
      await setLanguage('en');
    }
  });
});
