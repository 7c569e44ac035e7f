import { configure, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { ReportDetails } from './report-header';
import { dateTime } from './result-format';
import { storedResult } from './results-fixtures';

// The page loads lazily: findBy waits up to 4 s in this file, as in results-page.test.tsx.
configure({ asyncUtilTimeout: 4000 });

const CALIBRATION = {
  method: 'diagonal' as const,
  pxPerMm: 4.1234,
  distanceMm: 1200,
  devicePixelRatio: 2,
  gamma: 2.2,
  userAgent:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
};

/** A result stored with its calibration snapshot and the charts' distance (since 2026-11-25). */
function calibratedResult(): StoredResult {
  const base = storedResult({ day: '2026-11-24' });
  const eye = { va: 0.1, rounds: 20, loopLength: 30, distanceMm: 1200 };
  return {
    ...base,
    setup: { ...base.setup, correction: 'Contact lenses', calibration: CALIBRATION },
    data: { ...base.data, sloan: { right: eye, left: eye } },
  };
}

function fact(region: HTMLElement, label: string): string | null | undefined {
  return within(region).getByText(label).nextSibling?.textContent;
}

describe('ReportDetails', () => {
  it('states the name, date of birth, test date, correction, distance and calibration', () => {
    const result = calibratedResult();
    render(<ReportDetails result={result} person={{ name: 'Ada Lovelace', dob: '1990-06-15' }} />);
    const region = screen.getByRole('region', { name: 'Person and test conditions' });
    expect(fact(region, 'Name')).toBe('Ada Lovelace');
    expect(fact(region, 'Date of birth')).toBe('15 June 1990 (36 at the test)');
    expect(fact(region, 'Tested')).toBe(dateTime(result.setup.date));
    expect(fact(region, 'Correction worn')).toBe('Contact lenses');
    expect(fact(region, 'Viewing distance')).toBe('1.20 m');
    expect(fact(region, 'Screen calibration')).toBe(
      '4.123 px/mm at 1.20 m (screen-diagonal method, device pixel ratio 2)',
    );
    expect(fact(region, 'Display gamma')).toBe('2.20');
    expect(fact(region, 'Browser')).toBe('Safari 17 on macOS');
  });

  it('says "not recorded" for an older result and a person without a date of birth', () => {
    render(<ReportDetails result={storedResult()} person={{ name: 'Ada Lovelace', dob: null }} />);
    const region = screen.getByRole('region', { name: 'Person and test conditions' });
    expect(fact(region, 'Date of birth')).toBe('not recorded');
    expect(fact(region, 'Correction worn')).toBe('None');
    for (const label of ['Viewing distance', 'Screen calibration', 'Display gamma', 'Browser'])
      expect(fact(region, label)).toBe('not recorded');
  });
});

describe('the result page’s report', { timeout: 20_000 }, () => {
  it('heads the report with the signed-in person and closes it with the disclaimer', async () => {
    const result = calibratedResult();
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ name: 'Grace Hopper', dob: '1986-12-09' })),
      [`GET /tests/results/${result._id}`]: json(200, { success: true, data: result }),
    });
    renderApp(`/user/results?id=${result._id}`, { store: signedInStore('user') });
    const region = await screen.findByRole('region', { name: 'Person and test conditions' });
    expect(fact(region, 'Name')).toBe('Grace Hopper');
    expect(fact(region, 'Date of birth')).toBe('9 December 1986 (39 at the test)');
    expect(fact(region, 'Viewing distance')).toBe('1.20 m');
    expect(screen.getByTestId('report-footer')).toHaveTextContent(
      'Self-administered screening on a calibrated screen, not a diagnosis',
    );
  });
});
