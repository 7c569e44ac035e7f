import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_NOT_VALID } from '@visus/contracts';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { DashboardPage } from './dashboard-page';
import { DELETE_ACCOUNT_QUESTION } from './delete-account-dialog';

async function openDialog() {
  const rendered = renderPage(<DashboardPage />, '/user/dashboard', '/user/dashboard', {
    store: signedInStore('user'),
  });
  // The Danger zone comes with the dashboard's steps (it waits for them, so that nothing jumps).
  await rendered.user.click(await screen.findByRole('button', { name: 'Delete account' }));
  const dialog = await screen.findByRole('dialog');
  return { ...rendered, dialog };
}

describe('Delete account', () => {
  it('asks exactly the question of SPEC.md §5, with Cancel and Delete', async () => {
    mockApi({ 'GET /auth/current': currentUserReply() });
    const { dialog } = await openDialog();
    expect(DELETE_ACCOUNT_QUESTION).toBe('Are you sure you want to delete your Visus Account?');
    expect(within(dialog).getByRole('heading', { name: DELETE_ACCOUNT_QUESTION })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleName(DELETE_ACCOUNT_QUESTION);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('Cancel closes the dialog and deletes nothing', async () => {
    const seen = mockApi({ 'GET /auth/current': currentUserReply() });
    const { dialog, user } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });

  it('Delete calls DELETE /auth, signs out and goes home', async () => {
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'DELETE /auth': json(200, { success: true, data: {} }),
    });
    const { dialog, user, router, store } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(seen.find((request) => request.method === 'DELETE')).toMatchObject({
      path: '/auth',
      authorization: 'test-token',
    });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().auth.isAuth).toBe(false);
  });

  it('shows the error and stays signed in when deletion fails', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'DELETE /auth': json(500, { success: false, error: 'Server Error' }),
    });
    const { dialog, user, store } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Server Error');
    expect(store.getState().auth.isAuth).toBe(true);
  });

  it('a revoked token logs out instead', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'DELETE /auth': json(401, { success: false, error: TOKEN_NOT_VALID }),
    });
    const { dialog, user, store } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
