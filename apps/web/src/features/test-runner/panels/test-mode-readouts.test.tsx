import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n/i18n';
import { AcuityPanel } from './acuity-panel';
import { AstigAxisPanel } from './astig-axis-panel';
import { AstigPowerPanel } from './astig-power-panel';
import { renderPanel } from './panel-test-harness';

/*
 * The tester's readouts in test mode (issue 20): what the procedure is doing, in the language shown. The
 * English is what the panels wrote before they had words; the figures keep their digits, with the
 * language's decimal mark, and a Snellen line stays as written (6/9.5).
 */
afterEach(async () => {
  await setLanguage('en');
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const acuityLines = () =>
  [...screen.getByRole('region', { name: /./ }).querySelectorAll('p')].map((p) => p.textContent);

describe('the test-mode readouts', () => {
  it('read as before in English', () => {
    const acuity = renderPanel(AcuityPanel, { test: 'sloan', loopLength: 30, seed: 7, testMode: true });
    expect(screen.getByRole('region', { name: 'Procedure state' })).toBeInTheDocument();
    const [trial, stimulus] = acuityLines();
    expect(trial).toMatch(/^Level \d+ · logMAR -?\d\.\d · 6\/\d+(\.\d)? · trial 1 of 30 · right eye$/);
    expect(stimulus).toMatch(/^Height \d+\.\d\d CSS px \(\d+ device px\) · answer [A-Z]$/);
    acuity.unmount();

    const axis = renderPanel(AstigAxisPanel, { test: 'astigAxis', loopLength: 1, testMode: true });
    expect(text('astig-axis-state')).toMatch(
      /^Letter logMAR -?\d(\.\d+)? \(fallback 6\/9\.5\) · turn \d+° · shown [\d, ]*$/,
    );
    axis.press('same');
    expect(text('astig-axis-state')).toMatch(/^Axis \d+° · images \d+° \/ \d+° · answers 0 of \d+$/);
    axis.unmount();

    renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 8, seed: 4, testMode: true });
    expect(text('astig-power-state')).toMatch(
      /^logMAR -?\d\.\d · \d+\.\d\d c\/deg · grating at [123] · screen range -?\d\.\d\d … -?\d\.\d\d$/,
    );
  });

  it('speak German, with decimal commas', async () => {
    await setLanguage('de', { areas: ['test-run'] });
    renderPanel(AcuityPanel, { test: 'sloan', loopLength: 30, seed: 7, testMode: true });
    expect(screen.getByRole('region', { name: 'Stand des Verfahrens' })).toBeInTheDocument();
    const [trial, stimulus] = acuityLines();
    expect(trial).toMatch(/^Stufe \d+ · logMAR -?\d,\d · 6\/\d+(\.\d)? · Durchgang 1 von 30 · rechtes Auge$/);
    expect(stimulus).toMatch(/^Höhe \d+,\d\d CSS-px \(\d+ Geräte-px\) · Antwort [A-Z]$/);
    renderPanel(AstigPowerPanel, { test: 'astigPower', loopLength: 8, seed: 4, testMode: true });
    expect(text('astig-power-state')).toMatch(
      /^logMAR -?\d,\d · \d+,\d\d Perioden\/Grad · Gitter an Stelle [123] · Bereich des Bildschirms -?\d,\d\d … -?\d,\d\d$/,
    );
  });

  it('speak French on the Astigmatism Axis, the letter first and then the images', async () => {
    await setLanguage('fr', { areas: ['test-run'] });
    const axis = renderPanel(AstigAxisPanel, {
      test: 'astigAxis',
      loopLength: 1,
      testMode: true,
      knownLogMar: 0.3,
    });
    expect(text('astig-axis-state')).toMatch(
      /^Lettre logMAR -?\d(,\d+)? \(cette série\) · rotation \d+° · montrées [\d, ]*$/,
    );
    axis.press('same');
    expect(text('astig-axis-state')).toMatch(/^Axe \d+° · images \d+° \/ \d+° · réponses 0 sur \d+$/);
  });
});
