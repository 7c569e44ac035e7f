import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review, ResultReviews } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { storedResult } from './results-fixtures';

// The first test waits for the lazy results screen (slow on a shared machine).
configure({ asyncUtilTimeout: 8000 });

const RESULT = storedResult({ day: '2026-11-20' });

function review(overrides: Partial<Review>): Review {
  return {
    _id: 'rev-1',
    resultId: RESULT._id,
    clinicianName: 'Dr Iris Lens',
    note: '',
    recommendation: 'no-action',
    createdAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

function open(reviews: ResultReviews | Response) {
  mockApi({
    'GET /auth/current': currentUserReply(),
    [`GET /tests/results/${RESULT._id}`]: json(200, { success: true, data: RESULT }),
    [`GET /tests/results/${RESULT._id}/reviews`]:
      reviews instanceof Response ? reviews : json(200, { success: true, data: reviews }),
  });
  return renderApp(`/user/results?id=${RESULT._id}`, { store: signedInStore('user') });
}

describe("the clinician's review on the patient's result (issue 19)", { timeout: 30_000 }, () => {
  it('shows the latest recommendation in plain words, the note, who and when; earlier ones fold away', async () => {
    const latest = review({
      _id: 'rev-2',
      recommendation: 'routine-exam',
      note: 'Right eye is below 6/12.\nBook a routine exam.',
      createdAt: '2026-11-22T15:30:00.000Z',
    });
    const first = review({ recommendation: 'no-action', note: 'Looks fine.', clinicianName: 'Dr Old' });
    const { user } = open({ current: latest, history: [latest, first] });

    const block = await screen.findByRole('region', { name: 'Routine eye examination' });
    expect(block).toHaveTextContent('Reviewed by a clinician');
    expect(block).toHaveTextContent('Book a routine eye examination with an optometrist when convenient.');
    expect(within(block).getByText('Note from Dr Iris Lens')).toBeInTheDocument();
    expect(block).toHaveTextContent('Right eye is below 6/12. Book a routine exam.');
    const when = new Date('2026-11-22T15:30:00.000Z').toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(block).toHaveTextContent(`Reviewed by Dr Iris Lens on ${when}.`);

    const earlier = within(block).getByText('Earlier review');
    expect(within(block).getByText('Looks fine.')).not.toBeVisible();
    await user.click(earlier);
    expect(within(block).getByText('Looks fine.')).toBeVisible();
    expect(within(block).getByText('No action needed')).toBeVisible();
    expect(within(block).getByText(/^Dr Old,/)).toBeVisible();
  });

  it('shows nothing for a result nobody reviewed', async () => {
    open({ current: null, history: [] });
    await screen.findByRole('region', { name: 'In short' });
    expect(screen.queryByText('Reviewed by a clinician')).not.toBeInTheDocument();
  });

  it('says when the reviews could not be loaded, with a retry', async () => {
    open(json(500, { success: false, error: 'Server Error' }));
    await screen.findByRole('region', { name: 'In short' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
