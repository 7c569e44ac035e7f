import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { greyLevelForLuminance, logMar, optotypeSize, viewingFrom } from '@visus/core';
import type { Settings } from '@visus/contracts';
import { mockCanvas } from '@/features/test-runner/stimuli/canvas-mock';
import { setLanguage } from '@/lib/i18n/i18n';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, renderPage, signedInStore } from '@/testing/render';
import { ColoursPreviewPage } from './colours-preview-page';
import { DiamondColourPreviewPage } from './diamond-colour-preview-page';
import { DiamondTestPreviewPage } from './diamond-test-preview-page';
import { SineGratingsPreviewPage } from './sine-gratings-preview-page';

const LAZY = { timeout: 5000 };
const CALIBRATED: Settings = {
  method: 'card',
  card: {
    pixelsPerDegree: 3.779 * 3000 * Math.tan(Math.PI / 180),
    resolution: { width: 1920, height: 1080 },
    pixelsPerMm: 3.779,
    distanceMm: 3000,
  },
  diagonal: null,
  gamma: 2.2,
};
const UNCALIBRATED: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };

function settingsReply(settings: Settings) {
  return { 'GET /tests': json(200, { success: true, data: { opticalHistory: null, settings } }) };
}

function renderPreview(page: React.ReactElement, path: string) {
  return renderPage(page, path, path.split('?')[0], { store: signedInStore('admin') });
}

describe('admin previews', { timeout: 20_000 }, () => {
  beforeEach(() => {
    mockCanvas();
  });

  it('draws the optotypes at the size core gives for the calibration in the address', async () => {
    mockApi(settingsReply(CALIBRATED));
    renderPreview(<ColoursPreviewPage />, '/admin/preview/colours?pxPerMm=5.5&distanceMm=3000&logmar=0,1');
    expect(await screen.findByText(/5\.500 px\/mm at 3000 mm \(from the page address\)/)).toBeInTheDocument();
    for (const logMAR of [0, 1]) {
      const viewing = viewingFrom({ pixelsPerMm: 5.5, distanceMm: 3000 }, 1, 2.2);
      for (const kind of ['sloan', 'landolt-c', 'tumbling-e'] as const) {
        // Tumbling E has its own size: a multiple of 5 device px (whole-pixel strokes).
        const expected = optotypeSize(logMar(logMAR), viewing, kind);
        const sample = screen.getByTestId(`size-sample-${kind}-${logMAR}`);
        expect(sample).toHaveAttribute('data-expected-device-px', String(expected.heightDevicePx));
        expect(within(sample).getByRole('img').getAttribute('width')).toBe(String(expected.heightCssPx));
      }
    }
    expect(screen.queryByTestId('size-row-0.3')).toBeNull();
    // The admin's own gamma drives the grey ramp.
    const v = Math.round(greyLevelForLuminance(0.5, 2.2));
    expect(await screen.findByRole('img', { name: `Luminance 50 %, grey level ${v}` })).toBeInTheDocument();
    expect(screen.getByTestId('duochrome-red')).toBeInTheDocument();
  });

  it('uses the calibration from Setup without query parameters, and warns when there is none', async () => {
    mockApi(settingsReply(CALIBRATED));
    const first = renderPreview(<ColoursPreviewPage />, '/admin/preview/colours');
    expect(await screen.findByText(/3\.779 px\/mm at 3000 mm \(from your calibration\)/)).toBeInTheDocument();
    expect(screen.getByTestId('size-row-0.3')).toBeInTheDocument();
    first.unmount();
    mockApi(settingsReply(UNCALIBRATED));
    renderPreview(<ColoursPreviewPage />, '/admin/preview/colours');
    expect(await screen.findByText(/a 96-dpi screen at 60 cm/)).toBeInTheDocument();
  });

  it('shows crowding bars from the controls on the charts whose configuration carries them', async () => {
    mockApi(settingsReply(CALIBRATED));
    const { router } = renderPreview(<ColoursPreviewPage />, '/admin/preview/colours?logmar=1');
    await screen.findByText(/from your calibration/);
    const bars = (kind: string) =>
      within(screen.getByTestId(`size-sample-${kind}-1`)).queryAllByTestId('crowding-bar').length;
    // Off by default, as in the test configuration (core TEST_DEFINITIONS).
    expect(screen.getByRole('switch', { name: /Crowding bars/ })).not.toBeChecked();
    expect([bars('sloan'), bars('tumbling-e'), bars('landolt-c')]).toEqual([0, 0, 0]);
    fireEvent.click(screen.getByRole('switch', { name: /Crowding bars/ }));
    expect(router.state.location.search).toContain('crowding=true');
    // SPEC.md §3: Sloan and Tumbling E carry crowding; Landolt C is drawn as a test draws it, uncrowded.
    expect([bars('sloan'), bars('tumbling-e'), bars('landolt-c')]).toEqual([4, 4, 0]);
  });

  it('changes the grating from its sliders and says when the screen cannot draw it', async () => {
    mockApi(settingsReply(UNCALIBRATED));
    renderPreview(<SineGratingsPreviewPage />, '/admin/preview/sinegratingscorrected');
    await screen.findByText(/96-dpi/);
    // 3.78 × 600 × tan 1° = 39.6 px per degree; at 4 c/deg the period is 9.90 px.
    expect(screen.getByTestId('grating-period')).toHaveTextContent('Period 9.90 device px');
    fireEvent.change(screen.getByRole('slider', { name: 'Spatial frequency' }), { target: { value: 30 } });
    expect(screen.getByTestId('grating-period')).toHaveTextContent('Period 1.32 device px');
    expect(screen.getByText(/cannot draw the grating/)).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'grating' }).length).toBe(5);
  });

  it('previews every Diamond arrangement and both contrast stages', async () => {
    mockApi(settingsReply(CALIBRATED));
    const { user } = renderPreview(<DiamondTestPreviewPage />, '/admin/preview/diamondtestpreview');
    await screen.findByText(/from your calibration/);
    expect(screen.getByTestId('diamond-tile-1')).toHaveAttribute('data-kind', 'light');
    await user.click(screen.getByRole('combobox', { name: 'Arrangement' }));
    await user.click(screen.getByRole('option', { name: '24: grating, medium, medium, light' }));
    expect(screen.getByTestId('diamond-tile-1')).toHaveAttribute('data-kind', 'grating');
    expect(screen.getByText(/The grating is tile 1/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stage 2: 8 %' }));
    expect(screen.getByRole('button', { name: 'Stage 2: 8 %' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the Diamond luminances and grey levels for the admin’s gamma', async () => {
    mockApi(settingsReply(CALIBRATED));
    renderPreview(<DiamondColourPreviewPage />, '/admin/preview/diamondcolourpreview');
    expect(await screen.findByText(/gamma 2\.20 \(yours\)/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Diamond luminances at 20 %' });
    const light = within(table).getByRole('row', { name: /Light tile/ });
    expect(light).toHaveTextContent(`60.0 %${greyLevelForLuminance(0.6, 2.2).toFixed(1)}`);
    expect(screen.getByRole('table', { name: 'Diamond luminances at 8 %' })).toHaveTextContent('54.0 %');
  });

  it('is an admin-only route titled Preview', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      ...settingsReply(CALIBRATED),
    });
    renderApp('/admin/preview/diamondcolourpreview', { store: signedInStore('admin') });
    expect(await screen.findByRole('heading', { name: 'Diamond Colour Preview' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/Preview/));
  });
});

describe('admin previews in another language (issue 20)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    mockCanvas();
  });
  afterEach(async () => {
    await setLanguage('en');
  });

  it('shows the colours preview in German, figures with a decimal comma', async () => {
    await setLanguage('de', { areas: ['shell', 'preview'] });
    mockApi(settingsReply(CALIBRATED));
    renderPreview(<ColoursPreviewPage />, '/admin/preview/colours?logmar=0.3');
    expect(
      await screen.findByText(/^3,779 px\/mm bei 3000 mm \(aus Ihrer Kalibrierung\); /),
    ).toHaveTextContent(/Gamma 2,20 \(Ihres\)\.$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Vorschau der Farben' })).toBeInTheDocument();
    expect(screen.getByText('Verwaltung · Vorschau')).toBeInTheDocument();
    const v = Math.round(greyLevelForLuminance(0.5, 2.2));
    expect(screen.getByRole('img', { name: `Leuchtdichte 50 %, Graustufe ${v}` })).toBeInTheDocument();
    expect(screen.getByTestId('size-row-0.3')).toHaveTextContent(
      /^logMAR 0,30 \(6\/12\): \d+ Geräte-px \(\d+,\d\d CSS-px, zeigt logMAR \d,\d{3}\)/,
    );
    expect(screen.getByRole('switch', { name: /^Crowding-Balken/ })).not.toBeChecked();
    expect(screen.getByRole('region', { name: 'Sloan-Buchstaben' })).toHaveTextContent('96 px hoch');
  });

  it('shows the Diamond test preview in Spanish, the tiles and the theme in words', async () => {
    await setLanguage('es', { areas: ['shell', 'preview'] });
    mockApi(settingsReply(CALIBRATED));
    const { user } = renderPreview(<DiamondTestPreviewPage />, '/admin/preview/diamondtestpreview');
    await screen.findByText(/de su calibración/);
    expect(
      screen.getByText(/^La ronda 1 usa el fondo (claro|medio)\. La rejilla es la casilla \d\.$/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Disposición' }));
    await user.click(screen.getByRole('option', { name: '24: rejilla, media, media, clara' }));
    expect(screen.getByText(/La rejilla es la casilla 1\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Etapa 2: 8 %' })).toBeInTheDocument();
  });

  it('shows the grating and Diamond colour previews in French', async () => {
    await setLanguage('fr', { areas: ['shell', 'preview'] });
    mockApi(settingsReply(UNCALIBRATED));
    const first = renderPreview(<SineGratingsPreviewPage />, '/admin/preview/sinegratingscorrected');
    expect(await screen.findByText(/un écran de 96 ppp à 60 cm/)).toBeInTheDocument();
    expect(screen.getByTestId('grating-period')).toHaveTextContent(
      'Période 9,90 px de l’appareil (9,90 px CSS).',
    );
    expect(screen.getByText('Fréquence spatiale : 4 c/degré')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: 'Fréquence spatiale' }), { target: { value: 30 } });
    expect(screen.getByText(/ne peut pas dessiner le réseau/)).toBeInTheDocument();
    first.unmount();
    mockApi(settingsReply(CALIBRATED));
    renderPreview(<DiamondColourPreviewPage />, '/admin/preview/diamondcolourpreview');
    const table = await screen.findByRole('table', { name: 'Luminances du losange à 20 %' });
    expect(within(table).getByRole('row', { name: /Case claire/ })).toHaveTextContent(
      `60,0 %${greyLevelForLuminance(0.6, 2.2).toFixed(1).replace('.', ',')}`,
    );
  });

  it('is titled in the language shown', async () => {
    await setLanguage('de', { areas: ['shell'] });
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      ...settingsReply(CALIBRATED),
    });
    renderApp('/admin/preview/diamondcolourpreview', { store: signedInStore('admin') });
    expect(
      await screen.findByRole('heading', { name: 'Vorschau der Rauten-Farben' }, LAZY),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/Vorschau/));
  });
});
