import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClinicPatientList, ReviewQueue } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { PatientsPage } from './patients-page';

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

describe('PatientsPage (clinicians, issue 19)', () => {
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
});
