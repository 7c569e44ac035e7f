import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClinicPatientList, ReviewQueue } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { PATIENT_SEARCH_DEBOUNCE_MS, PatientsPage } from './patients-page';

const list: ClinicPatientList = {
  total: 1,
  page: 1,
  limit: 50,
  patients: [
    {
      _id: 'p-1',
      name: 'Zed Patient',
      age: 65,
      sharedSince: '2026-01-01T00:00:00.000Z',
      lastTestAt: '2026-01-20T09:30:00.000Z',
      latest: {
        right: {
          eye: 'right',
          test: 'sloan',
          resultId: 'r-2',
          testedAt: '2026-01-20T09:30:00.000Z',
          logMAR: 0.4,
          censored: null,
        },
        left: null,
      },
      flags: [
        { kind: 'poor-acuity', eye: 'right', test: 'sloan', logMAR: 0.4, censored: null },
        {
          kind: 'change',
          eye: 'right',
          test: 'sloan',
          direction: 'worse',
          change: 0.4,
          limit: 0.15,
          bounded: false,
        },
        { kind: 'unreviewed', count: 2, oldestTestedAt: '2026-01-02T09:30:00.000Z' },
      ],
    },
  ],
};
const queue: ReviewQueue = {
  total: 2,
  page: 1,
  limit: 50,
  items: [
    { resultId: 'r-1', patientId: 'p-1', patientName: 'Zed Patient', testedAt: '2026-01-02T09:30:00.000Z' },
    { resultId: 'r-2', patientId: 'p-1', patientName: 'Zed Patient', testedAt: '2026-01-20T09:30:00.000Z' },
  ],
};

describe('PatientsPage (clinicians, issue 19)', { timeout: 30_000 }, () => {
  it('lists patients with latest acuity and flags, and the review queue oldest first', async () => {
    mockApi({
      'GET /clinic/patients': json(200, { success: true, data: list }),
      'GET /clinic/reviews/queue': json(200, { success: true, data: queue }),
    });
    const { user } = renderPage(<PatientsPage />, '/user/patients', '/user/patients', {
      store: signedInStore('clinician'),
    });
    const table = await screen.findByRole('table', { name: 'Patients' });
    const row = within(table).getByRole('row', { name: /Zed Patient/ });
    expect(within(row).getByRole('link', { name: 'Zed Patient' })).toHaveAttribute(
      'href',
      '/user/patients/p-1',
    );
    expect(within(row).getByText('6/15 (0.40)')).toBeInTheDocument();
    expect(within(row).getByText('not recorded')).toBeInTheDocument();
    expect(within(row).getByText('Right eye worse than 6/12: 6/15 (0.40)')).toBeInTheDocument();
    expect(
      within(row).getByText('Right eye worse by 0.40 logMAR on Sloan (repeatability ±0.15)'),
    ).toBeInTheDocument();
    expect(within(row).getByText('2 results not reviewed')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Review queue' }));
    const rows = within(await screen.findByRole('table', { name: 'Review queue' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(screen.getByText('2 results waiting, oldest first.')).toBeInTheDocument();
  });

  it('searches once typing pauses, not once per key', async () => {
    const searches: string[] = [];
    mockApi({
      'GET /clinic/patients': (request) => {
        searches.push(new URL(request.url).searchParams.get('search') ?? '');
        return json(200, { success: true, data: list });
      },
    });
    const { user } = renderPage(<PatientsPage />, '/user/patients', '/user/patients', {
      store: signedInStore('clinician'),
    });
    await screen.findByRole('table', { name: 'Patients' });
    expect(searches).toEqual(['']);
    await user.type(screen.getByLabelText('Search by name or email'), 'zed pat');
    await waitFor(() => expect(searches).toEqual(['', 'zed pat']));
    // Nothing more arrives later: the keys in between were never sent.
    await new Promise((resolve) => setTimeout(resolve, PATIENT_SEARCH_DEBOUNCE_MS + 100));
    expect(searches).toEqual(['', 'zed pat']);
  });

  it('aborts the request of an earlier search still under way, and shows the newer answer', async () => {
    const aborted: string[] = [];
    const empty: ClinicPatientList = { total: 0, page: 1, limit: 50, patients: [] };
    mockApi({
      'GET /clinic/patients': (request) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        if (search !== 'z') return json(200, { success: true, data: search === '' ? list : empty });
        // The first search hangs until it is aborted (a slow server).
        return new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => {
            aborted.push(search);
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
        });
      },
    });
    const { user } = renderPage(<PatientsPage />, '/user/patients', '/user/patients', {
      store: signedInStore('clinician'),
    });
    await screen.findByRole('table', { name: 'Patients' });
    const box = screen.getByLabelText('Search by name or email');
    await user.type(box, 'z');
    await new Promise((resolve) => setTimeout(resolve, PATIENT_SEARCH_DEBOUNCE_MS + 150));
    expect(aborted).toEqual([]);
    await user.type(box, 'q');
    await waitFor(() => expect(aborted).toEqual(['z']));
    expect(await screen.findByText('No patient matches.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
