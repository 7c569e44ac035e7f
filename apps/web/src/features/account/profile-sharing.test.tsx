import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Sharing } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { ProfilePage } from './profile-page';

const notShared: Sharing = { clinic: { shared: false, since: null }, history: [], accessLog: [] };
const shared: Sharing = {
  clinic: { shared: true, since: '2026-02-01T10:00:00.000Z' },
  history: [{ grantedAt: '2026-02-01T10:00:00.000Z', revokedAt: null }],
  accessLog: [
    {
      at: '2026-02-02T10:00:00.000Z',
      clinicianName: 'Dr Iris Lens',
      action: 'results',
      resultId: null,
      shareLinkId: null,
    },
  ],
};

/** Sharing with the clinic from the profile (issue 19): consent given, shown, and withdrawn. */
describe('ProfilePage: sharing with the clinic', () => {
  it('shares on request, then lists who viewed the data and offers to stop', async () => {
    let state = notShared;
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /sharing': () => json(200, { success: true, data: state }),
      'PUT /sharing/clinic': () => {
        state = shared;
        return json(200, { success: true, data: shared });
      },
      'DELETE /sharing/clinic': () => {
        state = notShared;
        return json(200, { success: true, data: notShared });
      },
    });
    const { user } = renderPage(<ProfilePage />, '/user/profile', '/user/profile', {
      store: signedInStore('user'),
    });
    const card = await screen.findByRole('region', { name: 'Sharing with the clinic' });
    expect(await within(card).findByText(/Not shared/)).toBeInTheDocument();
    expect(within(card).getByText('No clinician has viewed your data.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Share my results with the clinic' }));
    expect(await within(card).findByText(/You share all your results/)).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'PUT' && r.path === '/sharing/clinic')).toBe(true);
    const log = within(card).getByRole('list', { name: 'Clinician views' });
    expect(within(log).getByText(/Dr Iris Lens opened your results/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Stop sharing with the clinic' }));
    expect(await within(card).findByText(/Not shared/)).toBeInTheDocument();
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/sharing/clinic')).toBe(true);
  });

  it('lists the openings and downloads of a share link beside the clinicians', async () => {
    const link = { clinicianName: 'Someone with your share link', resultId: 'r1', shareLinkId: 'l1' };
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /sharing': json(200, {
        success: true,
        data: {
          ...notShared,
          accessLog: [
            { at: '2026-02-03T10:02:00.000Z', action: 'share-link-csv', ...link },
            { at: '2026-02-03T10:01:00.000Z', action: 'share-link-fhir', ...link },
            { at: '2026-02-03T10:00:00.000Z', action: 'share-link-view', ...link },
          ],
        } satisfies Sharing,
      }),
    });
    renderPage(<ProfilePage />, '/user/profile', '/user/profile', { store: signedInStore('user') });
    const card = await screen.findByRole('region', { name: 'Sharing with the clinic' });
    const log = await within(card).findByRole('list', { name: 'Clinician views' });
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/Someone with your share link downloaded a result you shared by link \(CSV\)$/),
      expect.stringMatching(/Someone with your share link downloaded a result you shared by link \(FHIR\)$/),
      expect.stringMatching(/Someone with your share link opened a result you shared by link$/),
    ]);
  });
});
