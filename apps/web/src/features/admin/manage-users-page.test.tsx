import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_ERROR, type AdminUser, type UserList } from '@visus/contracts';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { ManageUsersPage } from './manage-users-page';

function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'user-2',
    name: 'Grace Hopper',
    email: 'grace@example.org',
    role: 'user',
    dob: null,
    createdAt: '2026-03-02T09:00:00.000Z',
    lastTestAt: null,
    twoFactorOn: false,
    ...overrides,
  };
}

const ME = adminUser({ _id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.org', role: 'admin' });
const GRACE = adminUser();
const ALAN = adminUser({
  _id: 'user-3',
  name: 'Alan Turing',
  email: 'alan@example.org',
  role: 'tester',
  lastTestAt: '2026-03-05T10:00:00.000Z',
});

function list(users: AdminUser[], page = 1, total = users.length): Response {
  const data: UserList = { users, total, page, limit: 20 };
  return json(200, { success: true, data });
}

/** Answers GET /admin/users and records each query string. */
function usersRoute(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  const reply = (request: Request) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return answer(query);
  };
  return { queries, reply };
}

function renderManageUsers() {
  return renderPage(<ManageUsersPage />, '/admin/profiles', '/admin/profiles', {
    store: signedInStore('admin'),
  });
}

// This file's findBy/waitFor wait up to 4 s (vitest isolates files, so others keep the default).
configure({ asyncUtilTimeout: 4000 });

// MUI tables and selects render slowly in jsdom; a loaded machine must not fail these on time alone.
describe('ManageUsersPage', { timeout: 20_000 }, () => {
  it('lists accounts with role, creation date and last test', async () => {
    const users = usersRoute(() => list([ME, GRACE, ALAN]));
    mockApi({ 'GET /admin/users': users.reply });
    renderManageUsers();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    expect(await within(table).findByText('Grace Hopper')).toBeInTheDocument();
    const graceRow = within(table).getByText('grace@example.org').closest('tr')!;
    expect(within(graceRow).getByRole('combobox', { name: 'Role of grace@example.org' })).toHaveTextContent(
      'User',
    );
    expect(within(graceRow).getByText('Never')).toBeInTheDocument();
    const alanRow = within(table).getByText('alan@example.org').closest('tr')!;
    expect(within(alanRow).queryByText('Never')).not.toBeInTheDocument();
    expect(within(alanRow).getByRole('combobox')).toHaveTextContent('Tester');
    expect(within(table).getByText('You')).toBeInTheDocument();
    expect(users.queries[0]?.get('page')).toBe('1');
    expect(users.queries[0]?.get('limit')).toBe('20');
    expect(users.queries[0]?.has('search')).toBe(false);
  });

  it('searches after typing pauses, and says when nothing matches', async () => {
    const users = usersRoute((query) => (query.get('search') ? list([]) : list([ME, GRACE])));
    mockApi({ 'GET /admin/users': users.reply });
    const { user } = renderManageUsers();
    await screen.findByText('Grace Hopper');
    await user.type(screen.getByLabelText('Search by name or email'), 'zzz');
    expect(await screen.findByText('No accounts match “zzz”.')).toBeInTheDocument();
    const searched = users.queries.filter((query) => query.has('search'));
    // Debounced: one request for the whole word, not one per key.
    expect(searched.map((query) => query.get('search'))).toEqual(['zzz']);
    expect(searched[0]?.get('page')).toBe('1');
  });

  it('shows a skeleton while loading and the server error (or Server Error) when the list fails', async () => {
    mockApi({ 'GET /admin/users': json(500, {}) });
    renderManageUsers();
    expect(screen.getByRole('table', { name: 'Accounts' })).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('changes a role only after confirmation', async () => {
    const seen = mockApi({
      'GET /admin/users': list([ME, GRACE]),
      'PUT /admin/users/user-2/role': json(200, { success: true, data: { ...GRACE, role: 'tester' } }),
      'GET /admin/dashboard': json(500, {}),
      'GET /auth/current': json(500, {}),
    });
    const { user } = renderManageUsers();
    const select = await screen.findByRole('combobox', { name: 'Role of grace@example.org' });

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Tester' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(dialog).toHaveTextContent('Make Grace Hopper (grace@example.org) a Tester instead of a User?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);

    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Tester' }));
    dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Tester' }));
    expect(await screen.findByText('Grace Hopper is now a Tester.')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'PUT')).toMatchObject({
      path: '/admin/users/user-2/role',
      body: { role: 'tester' },
      authorization: 'test-token',
    });
  });

  it('shows the last-admin refusal in the dialog', async () => {
    mockApi({
      'GET /admin/users': list([ME, GRACE]),
      'PUT /admin/users/user-1/role': json(409, { success: false, error: LAST_ADMIN_ERROR }),
    });
    const { user, store } = renderManageUsers();
    await user.click(await screen.findByRole('combobox', { name: 'Role of ada@example.org' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make User' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN_ERROR);
    expect(store.getState().admin.error).toBe(LAST_ADMIN_ERROR);
  });

  it('deletes only after the account email is typed exactly', async () => {
    const seen = mockApi({
      'GET /admin/users': list([ME, GRACE]),
      'DELETE /admin/users/user-2': json(200, { success: true, data: {} }),
      'GET /admin/dashboard': json(500, {}),
    });
    const { user, store } = renderManageUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete grace@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    const remove = within(dialog).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    const confirm = within(dialog).getByLabelText('Type the email to confirm');
    await user.type(confirm, 'grace@example.com');
    expect(remove).toBeDisabled();
    await user.clear(confirm);
    await user.type(confirm, 'grace@example.org');
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(await screen.findByText('The account grace@example.org has been deleted.')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'DELETE')?.path).toBe('/admin/users/user-2');
    expect(store.getState().admin).toMatchObject({ success: true, successType: 'delete' });
  });

  it('resets two-step sign-in only where it is on, not for oneself, after confirmation', async () => {
    const graceWithTwoStep = { ...GRACE, role: 'clinician' as const, twoFactorOn: true };
    const seen = mockApi({
      'GET /admin/users': list([{ ...ME, twoFactorOn: true }, graceWithTwoStep, ALAN]),
      'DELETE /admin/users/user-2/two-factor': json(200, {
        success: true,
        data: { ...graceWithTwoStep, twoFactorOn: false },
      }),
    });
    const { user, store } = renderManageUsers();
    const reset = await screen.findByRole('button', { name: 'Reset two-step sign-in of grace@example.org' });
    // Alan has it off, and my own is turned off from my profile (with password and code).
    expect(screen.queryByRole('button', { name: /Reset two-step sign-in of alan/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset two-step sign-in of ada/ })).not.toBeInTheDocument();
    await user.click(reset);
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in?' });
    expect(dialog).toHaveTextContent('checked, outside Visus, that it is them asking');
    expect(seen.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await screen.findByText(
        'Two-step sign-in is off for Grace Hopper: they sign in with their password and were mailed.',
      ),
    ).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'DELETE')?.path).toBe('/admin/users/user-2/two-factor');
    expect(store.getState().admin).toMatchObject({ success: true, successType: 'two-factor' });
  });

  it('shows a refused reset in the dialog', async () => {
    mockApi({
      'GET /admin/users': list([ME, { ...GRACE, twoFactorOn: true }]),
      'DELETE /admin/users/user-2/two-factor': json(409, {
        success: false,
        error: 'Two-step sign-in is not on for this account',
      }),
    });
    const { user } = renderManageUsers();
    await user.click(
      await screen.findByRole('button', { name: 'Reset two-step sign-in of grace@example.org' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await within(dialog).findByText('Two-step sign-in is not on for this account'),
    ).toBeInTheDocument();
  });

  it('signs out an admin who deletes their own account', async () => {
    mockApi({
      'GET /admin/users': list([ME, GRACE]),
      'DELETE /admin/users/user-1': json(200, { success: true, data: {} }),
    });
    const { user, store, router } = renderManageUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete ada@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await user.type(within(dialog).getByLabelText('Type the email to confirm'), 'ada@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.isAuth).toBe(false);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('steps back a page when the last row of the last page is deleted', async () => {
    const users = usersRoute((query) =>
      query.get('page') === '2'
        ? list([GRACE], 2, 21)
        : list(
            Array.from({ length: 20 }, (_, n) => ({ ...ME, _id: `user-x${n}` })),
            1,
            21,
          ),
    );
    mockApi({
      'GET /admin/users': users.reply,
      'DELETE /admin/users/user-2': json(200, { success: true, data: {} }),
      'GET /admin/dashboard': json(500, {}),
    });
    const { user } = renderManageUsers();
    await screen.findAllByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(await screen.findByRole('button', { name: 'Delete grace@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account?' });
    await user.type(within(dialog).getByLabelText('Type the email to confirm'), 'grace@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(users.queries.at(-1)?.get('page')).toBe('1'));
  });
});
