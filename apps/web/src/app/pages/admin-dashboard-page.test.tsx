import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';

/** Lazy screens download on first visit: on a busy machine that can take longer than findBy's 1 s. */
const LAZY = { timeout: 5000 };

const COUNTS: AdminDashboard = {
  usersByRole: { admin: 1, user: 7, tester: 2, clinician: 3 },
  totalUsers: 13,
  testsThisWeek: 23,
  pendingInvites: 3,
  registration: 'invite',
};

describe('/admin/dashboard', { timeout: 20_000 }, () => {
  it('shows the account dashboard with the admin counts and links', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      'GET /admin/dashboard': json(200, { success: true, data: COUNTS }),
    });
    renderApp('/admin/dashboard', { store: signedInStore('admin') });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' }, LAZY)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Administration' });
    expect(await within(section).findByLabelText('Accounts: 13', undefined, LAZY)).toBeInTheDocument();
    expect(within(section).getByLabelText('Admins: 1')).toBeInTheDocument();
    expect(within(section).getByLabelText('Users: 7')).toBeInTheDocument();
    expect(within(section).getByLabelText('Testers: 2')).toBeInTheDocument();
    expect(within(section).getByLabelText('Clinicians: 3')).toBeInTheDocument();
    expect(within(section).getByLabelText('Tests this week: 23')).toBeInTheDocument();
    expect(within(section).getByLabelText('Pending invites: 3')).toBeInTheDocument();
    expect(within(section).getByText('Registration: by invitation only')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Manage Users' })).toHaveAttribute(
      'href',
      '/admin/profiles',
    );
    expect(within(section).getByRole('link', { name: 'Invites' })).toHaveAttribute('href', '/admin/invite');
    // The account content is still there.
    expect(screen.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('says when the counts cannot be loaded', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      'GET /admin/dashboard': json(500, {}),
    });
    renderApp('/admin/dashboard', { store: signedInStore('admin') });
    const section = await screen.findByRole('region', { name: 'Administration' }, LAZY);
    expect(await within(section).findByRole('alert', undefined, LAZY)).toHaveTextContent('Server Error');
  });

  it('serves Manage Users and Invites', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
      'GET /admin/users': json(200, { success: true, data: { users: [], total: 0, page: 1, limit: 20 } }),
      'GET /admin/invites': json(200, { success: true, data: { invites: [], total: 0, page: 1, limit: 20 } }),
    });
    const users = renderApp('/admin/profiles', { store: signedInStore('admin') });
    expect(await screen.findByRole('heading', { name: 'Manage Users', level: 1 }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('No accounts yet.', undefined, LAZY)).toBeInTheDocument();
    users.unmount();
    renderApp('/admin/invite', { store: signedInStore('admin') });
    expect(await screen.findByRole('heading', { name: 'Invites', level: 1 }, LAZY)).toBeInTheDocument();
  });
});
