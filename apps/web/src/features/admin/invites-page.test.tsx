import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_EXISTS_FOR_INVITE, type Invite, type InviteList } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { InvitesPage } from './invites-page';

const CODE = 'A'.repeat(43);
const LINK = `http://localhost:5000/register?invite=${CODE}`;

function invite(overrides: Partial<Invite> = {}): Invite {
  return {
    _id: 'invite-1',
    email: 'grace@example.org',
    role: 'tester',
    status: 'pending',
    createdAt: '2026-03-02T09:00:00.000Z',
    expiresAt: '2026-03-09T09:00:00.000Z',
    usedAt: null,
    revokedAt: null,
    createdBy: 'Ada Lovelace',
    ...overrides,
  };
}

function list(invites: Invite[]): Response {
  const data: InviteList = { invites, total: invites.length, page: 1, limit: 20 };
  return json(200, { success: true, data });
}

function renderInvites() {
  return renderPage(<InvitesPage />, '/admin/invite', '/admin/invite', { store: signedInStore('admin') });
}

// This file's findBy/waitFor wait up to 4 s (vitest isolates files, so others keep the default).
configure({ asyncUtilTimeout: 4000 });

// MUI tables and selects render slowly in jsdom; a loaded machine must not fail these on time alone.
describe('InvitesPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists invites with status chips and offers Revoke only for pending ones', async () => {
    mockApi({
      'GET /admin/invites': list([
        invite(),
        invite({
          _id: 'invite-2',
          email: 'alan@example.org',
          status: 'used',
          usedAt: '2026-03-03T09:00:00Z',
        }),
        invite({ _id: 'invite-3', email: 'old@example.org', status: 'expired' }),
        invite({ _id: 'invite-4', email: 'gone@example.org', status: 'revoked' }),
      ]),
    });
    renderInvites();
    const table = await screen.findByRole('table', { name: 'Invites' });
    await within(table).findByText('grace@example.org');
    for (const status of ['Pending', 'Used', 'Expired', 'Revoked']) {
      expect(within(table).getByText(status)).toBeInTheDocument();
    }
    expect(within(table).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    expect(
      within(table).getByRole('button', { name: 'Revoke the invite to grace@example.org' }),
    ).toBeVisible();
  });

  it('filters by status', async () => {
    const queries: URLSearchParams[] = [];
    mockApi({
      'GET /admin/invites': (request) => {
        const query = new URL(request.url).searchParams;
        queries.push(query);
        return query.get('status') === 'used' ? list([]) : list([invite()]);
      },
    });
    const { user } = renderInvites();
    await screen.findByText('grace@example.org');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Used' }));
    expect(await screen.findByText('No used invites.')).toBeInTheDocument();
    expect(queries[0]?.has('status')).toBe(false);
    expect(queries.at(-1)?.get('status')).toBe('used');
  });

  it('sends an invite, shows the mailed link and copies it', async () => {
    const seen = mockApi({
      'GET /admin/invites': list([]),
      'GET /admin/dashboard': json(500, {}),
      'POST /admin/invites': json(201, { success: true, data: { invite: invite(), link: LINK } }),
    });
    const { user } = renderInvites();
    // user-event gives the page a clipboard stub; watch it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await screen.findByText('No invites yet.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Invite someone' });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveTextContent('User');
    await user.type(within(form).getByLabelText('Email'), 'Grace@Example.org');
    await user.click(within(form).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Tester' }));
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText('Invite sent to grace@example.org')).toBeInTheDocument();
    expect(screen.getByText(/We emailed this one-time registration link/)).toBeInTheDocument();
    expect(screen.getByLabelText('Invite link')).toHaveValue(LINK);
    expect(seen.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'grace@example.org',
      role: 'tester',
    });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // The list is refetched so the new invite shows.
    await waitFor(() =>
      expect(
        seen.filter((request) => request.path === '/admin/invites' && request.method === 'GET'),
      ).toHaveLength(2),
    );
  });

  it('selects the link for manual copying when the clipboard is refused', async () => {
    mockApi({
      'GET /admin/invites': list([]),
      'GET /admin/dashboard': json(500, {}),
      'POST /admin/invites': json(201, { success: true, data: { invite: invite(), link: LINK } }),
    });
    const { user } = renderInvites();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.type(await screen.findByLabelText('Email'), 'grace@example.org');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/press Ctrl\+C/)).toBeInTheDocument();
    expect(screen.getByLabelText('Invite link')).toHaveFocus();
  });

  it('shows why an invite was refused', async () => {
    mockApi({
      'GET /admin/invites': list([]),
      'POST /admin/invites': json(409, { success: false, error: USER_EXISTS_FOR_INVITE }),
    });
    const { user } = renderInvites();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_EXISTS_FOR_INVITE);
    expect(screen.queryByLabelText('Invite link')).not.toBeInTheDocument();
  });

  it('checks the email before sending', async () => {
    const seen = mockApi({ 'GET /admin/invites': list([]) });
    const { user } = renderInvites();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Please include a valid email')).toBeInTheDocument();
    expect(seen.some((request) => request.method === 'POST')).toBe(false);
  });

  it('revokes a pending invite after confirmation', async () => {
    const seen = mockApi({
      'GET /admin/invites': list([invite()]),
      'GET /admin/dashboard': json(500, {}),
      'DELETE /admin/invites/invite-1': json(200, {
        success: true,
        data: invite({ status: 'revoked', revokedAt: '2026-03-04T09:00:00Z' }),
      }),
    });
    const { user } = renderInvites();
    await user.click(await screen.findByRole('button', { name: 'Revoke the invite to grace@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invite to grace@example.org has been revoked.')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'DELETE')?.path).toBe('/admin/invites/invite-1');
  });

  it('shows the server error when the list fails', async () => {
    mockApi({ 'GET /admin/invites': json(403, { success: false, error: 'Not authorised' }) });
    renderInvites();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorised');
  });
});
