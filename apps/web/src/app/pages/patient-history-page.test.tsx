import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '@visus/contracts';
import { storedResult, listReply } from '@/features/results/results-fixtures';
import { mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { PatientHistoryPage } from './patient-history-page';

/** Sloan, both eyes, with the letters crowded or not (SPEC.md §3 crowding). */
function sloan(day: string, crowded: boolean, va: number): StoredResult {
  const eye = { va, rounds: 24, loopLength: 30, crowded };
  const start = Date.parse(`${day}T10:00:00.000Z`);
  return storedResult({
    day,
    data: {
      start,
      end: start + 600_000,
      sloan: { right: eye, left: { ...eye, va: va + 0.1 } },
    },
  });
}

describe('a clinician’s patient history (issue 19)', { timeout: 20_000 }, () => {
  it('draws a test’s crowded and uncrowded results as two charts, each named, with both eyes', async () => {
    mockApi({
      'GET /clinic/patients/p-1/results': listReply([
        sloan('2026-11-20', true, 0.4),
        sloan('2026-11-10', false, 0.2),
        sloan('2026-10-01', false, 0.3),
      ]),
    });
    renderPage(<PatientHistoryPage />, '/user/patients/p-1', '/user/patients/:userId', {
      store: signedInStore('user'),
    });
    const uncrowded = await screen.findByRole('figure', { name: 'Sloan' });
    const crowded = screen.getByRole('figure', { name: 'Sloan (crowded)' });
    for (const figure of [uncrowded, crowded]) {
      expect(within(figure).getByRole('img')).toBeInTheDocument();
      expect(within(figure).getByText('Right eye')).toBeInTheDocument();
      expect(within(figure).getByText('Left eye')).toBeInTheDocument();
    }
    // The crowded chart has one result; its words speak of the patient, not to the reader.
    expect(within(crowded).getByText(/trend appears after the patient’s next test/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Results' })).getAllByRole('row')).toHaveLength(4);
  });

  it('spells out a change beyond repeatability under its chart, its date opening that result for review', async () => {
    mockApi({
      'GET /clinic/patients/p-1/results': listReply([
        sloan('2026-11-20', false, 0.3),
        sloan('2026-10-01', false, 0.5),
      ]),
    });
    renderPage(<PatientHistoryPage />, '/user/patients/p-1', '/user/patients/:userId', {
      store: signedInStore('user'),
    });
    const figure = await screen.findByRole('figure', { name: 'Sloan' });
    // Both eyes 0.20 better: beyond the Sloan test's repeatability of ±0.15.
    const changes = within(within(figure).getByRole('list', { name: 'Sloan changes' })).getAllByRole(
      'listitem',
    );
    expect(changes).toHaveLength(2);
    expect(changes[0]).toHaveTextContent(
      /^▲Right eye better on .*: 0\.50 → 0\.30 logMAR \(6\/19 → 6\/12\), a change of 0\.20/,
    );
    expect(within(changes[0]!).getByRole('link')).toHaveAttribute(
      'href',
      '/user/patients/p-1/results/result-2026-11-20',
    );
    // The legend says what the chart's marks mean, the clinician's line included.
    expect(
      screen.getByText(/Right eye: solid line, circles; .* ! marks a change beyond/),
    ).toBeInTheDocument();
  });
});
