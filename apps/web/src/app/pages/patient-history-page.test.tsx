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
    expect(within(screen.getByRole('table', { name: 'Results' })).getAllByRole('row')).toHaveLength(4);
  });
});
