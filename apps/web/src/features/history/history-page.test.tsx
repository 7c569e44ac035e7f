import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyOpticalHistory, HISTORY_TEXT_MAX } from '@visus/core';
import type { OpticalHistoryData, Settings } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderRoutes, signedInStore } from '@/testing/render';
import { HistoryPage } from './history-page';

const DEFAULTS: Settings = { method: 'none', card: null, diagonal: null, gamma: 1 };

function testsReply(opticalHistory: OpticalHistoryData | null) {
  return json(200, { success: true, data: { opticalHistory, settings: DEFAULTS } });
}

function renderHistory() {
  return renderRoutes(
    [
      { path: '/user/history', element: <HistoryPage /> },
      { path: '/user/dashboard', element: <p>User dashboard screen</p> },
    ],
    '/user/history',
    { store: signedInStore('user') },
  );
}

// A dozen questions make a large DOM for jsdom; queries use labels and text, which stay fast.
describe('HistoryPage', { timeout: 20_000 }, () => {
  it('loads stored answers, dropping options the checklists no longer offer', async () => {
    mockApi({
      'GET /tests': testsReply({
        ...emptyOpticalHistory(),
        q1: { selected: ['glasses', 'cataract'], details: 'left eye' },
        q2: 'March 2023',
      }),
    });
    renderHistory();
    expect(await screen.findByLabelText('Cataract')).toBeChecked();
    expect(screen.getByLabelText('Glaucoma or raised eye pressure')).not.toBeChecked();
    expect(screen.getByLabelText('When and where was your last eye examination?')).toHaveValue('March 2023');
    expect(screen.getByText('2 of 12 answered')).toBeInTheDocument();
  });

  it('saves every answer and shows success', async () => {
    const seen = mockApi({
      'GET /tests': testsReply(null),
      'PUT /tests/settings/history': (request) =>
        request.json().then((body: unknown) => json(200, { success: true, data: body })),
    });
    const { user } = renderHistory();
    await user.click(await screen.findByLabelText('Dry eye'));
    await user.click(screen.getByLabelText('Do you have any allergies?'));
    await user.paste('Penicillin');
    await user.click(screen.getByLabelText('Driving'));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByText('Save answers'));
    expect(await screen.findByText('Optical history saved')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      ...emptyOpticalHistory(),
      q1: { selected: ['dry-eye'], details: '' },
      q5b: 'Penicillin',
      q10: { selected: ['driving'], details: '' },
    });
  });

  it('says which answer is too long and sends nothing', async () => {
    const seen = mockApi({ 'GET /tests': testsReply(null) });
    const { user } = renderHistory();
    const q4 = await screen.findByLabelText('Are you having any problems with your vision at the moment?');
    await user.click(q4);
    await user.paste('x'.repeat(HISTORY_TEXT_MAX + 5));
    await user.click(screen.getByText('Save answers'));
    expect(
      await screen.findByText(
        `Shorten this answer to ${HISTORY_TEXT_MAX} characters (it has ${HISTORY_TEXT_MAX + 5})`,
      ),
    ).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('warns about urgent symptoms', async () => {
    mockApi({ 'GET /tests': testsReply(null) });
    const { user } = renderHistory();
    await user.click(await screen.findByLabelText('Flashes of light'));
    expect(
      screen.getByText(/Contact an optometrist, your doctor or an eye emergency service today/),
    ).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockApi({ 'GET /tests': testsReply(null) });
    const { user, router } = renderHistory();
    await user.click(await screen.findByLabelText('Migraine'));
    void router.navigate('/user/dashboard');
    // The dialog stays mounted (see history-page.tsx); role queries see it only while it is open.
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
    await user.click(screen.getByText('Stay and save'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/user/history');
    void router.navigate('/user/dashboard');
    await user.click(await screen.findByText('Leave without saving'));
    expect(await screen.findByText('User dashboard screen')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    mockApi({ 'GET /tests': json(503, { success: false, error: 'Server Error' }) });
    renderHistory();
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
