import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RetestFromCloserOffer, worseThanEyes } from './retest-from-closer';

const eye = (extra: object) => ({ va: 1, rounds: 30, loopLength: 30, ...extra });

describe('retest from closer after a "worse than" acuity result', () => {
  it('finds the eyes censored worse-than with a bound, and how far closer to go', () => {
    const data = {
      sloan: { right: eye({ censored: 'worse-than', bound: 1 }), left: eye({}) },
      landoltC: { left: eye({ censored: 'better-than', bound: 0.5 }) },
      tumblingE: { right: 0.4, left: eye({ censored: 'worse-than', bound: 1.1 }) },
      duoChrome: { right: 'red' },
    };
    expect(worseThanEyes(data, 3000)).toEqual([
      { test: 'sloan', eye: 'right', bound: 1, retest: { distanceMm: 1500, ceiling: 1.3 } },
      { test: 'tumblingE', eye: 'left', bound: 1.1, retest: { distanceMm: 1500, ceiling: 1.4 } },
    ]);
  });

  it('halves the distance the chart was drawn for when the record keeps it, not today’s calibration', () => {
    const data = { landoltC: { left: eye({ censored: 'worse-than', bound: 1, distanceMm: 1000 }) } };
    expect(worseThanEyes(data, 3000)).toEqual([
      { test: 'landoltC', eye: 'left', bound: 1, retest: { distanceMm: 500, ceiling: 1.3 } },
    ]);
    expect(worseThanEyes(data, Number.NaN)).toHaveLength(1);
  });

  it('reads the fields defensively: old records, malformed bounds, the scale’s end, no distance', () => {
    expect(worseThanEyes({ sloan: { right: 0.2 } }, 3000)).toEqual([]);
    expect(worseThanEyes({ sloan: { right: eye({ censored: 'worse-than' }) } }, 3000)).toEqual([]);
    expect(worseThanEyes({ sloan: { right: eye({ censored: 'worse-than', bound: '1' }) } }, 3000)).toEqual(
      [],
    );
    expect(worseThanEyes({ sloan: { right: eye({ censored: 'worse-than', bound: 1.8 }) } }, 3000)).toEqual(
      [],
    );
    expect(worseThanEyes({ sloan: null }, 3000)).toEqual([]);
    expect(
      worseThanEyes({ sloan: { right: eye({ censored: 'worse-than', bound: 1 }) } }, Number.NaN),
    ).toEqual([]);
  });

  it('offers half the distance with the range it reaches, and a way to Setup', () => {
    render(
      <MemoryRouter>
        <RetestFromCloserOffer
          data={{ landoltC: { right: eye({ censored: 'worse-than', bound: 1 }) } }}
          distanceMm={3000}
          setupPath="/user/setup"
        />
      </MemoryRouter>,
    );
    const offer = screen.getByTestId('retest-from-closer');
    expect(offer).toHaveTextContent(
      'Landolt C, right eye: 1.00 logMAR or worse (6/60 or worse): the largest letters did not fit the screen. From 1.50 m the chart reaches 1.30 logMAR (6/120).',
    );
    expect(offer).toHaveTextContent('Set 1.50 m in Setup (the screen is calibrated for 3.00 m)');
    expect(within(offer).getByRole('link', { name: 'Change distance' })).toHaveAttribute(
      'href',
      '/user/setup',
    );
  });

  it('shows nothing when every eye was measured', () => {
    const { container } = render(
      <MemoryRouter>
        <RetestFromCloserOffer
          data={{ sloan: { right: eye({}) } }}
          distanceMm={3000}
          setupPath="/user/setup"
        />
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
