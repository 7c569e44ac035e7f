import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuestOnly } from '@/app/guards/guest-only';
import { INVITE_INVALID, REGISTRATION_BY_INVITE_ONLY } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { RegisterPage } from './register-page';

interface Fill {
  name?: string;
  email?: string;
  dob?: string;
  password?: string;
  confirm?: string;
}

async function fillAndSubmit(values: Fill, path = '/register', beforeFilling?: () => Promise<void>) {
  const rendered = renderPage(
    <GuestOnly>
      <RegisterPage />
    </GuestOnly>,
    path,
    '/register',
  );
  const { user } = rendered;
  await beforeFilling?.();
  const {
    name = 'Ada Lovelace',
    email = 'Ada@Example.org',
    dob = '1990-06-15',
    password = 'correct horse',
    confirm = password,
  } = values;
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  // A date input takes its value whole, as a browser's date picker sets it.
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: dob } });
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Register' }));
  return rendered;
}

describe('RegisterPage', () => {
  it('labels every field', () => {
    renderPage(<RegisterPage />, '/register');
    for (const label of ['Name', 'Email', 'Date of birth', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  });

  it('rejects a short password with the contract message', async () => {
    const seen = mockApi({});
    await fillAndSubmit({ password: 'short' });
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('says when the passwords do not match', async () => {
    const seen = mockApi({});
    await fillAndSubmit({ password: 'correct horse', confirm: 'battery staple' });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('shows every problem at once, including a mismatch next to other errors', async () => {
    mockApi({});
    await fillAndSubmit({ name: '', password: 'correct horse', confirm: 'battery staple', dob: '' });
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid date of birth')).toBeInTheDocument();
  });

  it.each([
    ['a date in the future', '2999-01-01'],
    ['no date', ''],
  ])('rejects %s as an invalid date of birth', async (_case, dob) => {
    const seen = mockApi({});
    await fillAndSubmit({ dob });
    expect(await screen.findByText('Invalid date of birth')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('registers, stores the token and goes to the dashboard', async () => {
    const seen = mockApi({
      'POST /auth/register': json(201, { success: true, token: 'new-account-token' }),
      'GET /auth/current': currentUserReply(),
    });
    const { router } = await fillAndSubmit({});
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: { name: 'Ada Lovelace', email: 'ada@example.org', dob: '1990-06-15', password: 'correct horse' },
    });
    expect(window.localStorage.getItem('token')).toBe('new-account-token');
  });

  it('with an invite link, pre-fills the invited email read-only, shows the role and sends the code', async () => {
    const code = 'a'.repeat(43);
    const seen = mockApi({
      [`GET /auth/invite/${code}`]: json(200, {
        success: true,
        data: { email: 'grace@example.org', role: 'tester', expiresAt: '2026-12-01T10:00:00.000Z' },
      }),
      'POST /auth/register': json(201, { success: true, token: 'invited-token' }),
      'GET /auth/current': currentUserReply(testUser({ email: 'grace@example.org', role: 'tester' })),
    });
    const { router } = await fillAndSubmit({ email: '' }, `/register?invite=${code}`, async () => {
      const email = await screen.findByLabelText('Email');
      expect(email).toHaveValue('grace@example.org');
      expect(email).toHaveAttribute('readonly');
      expect(screen.getByText('a tester')).toBeInTheDocument();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(seen.find((request) => request.method === 'POST')?.body).toMatchObject({
      email: 'grace@example.org',
      inviteCode: code,
    });
  });

  it('an invalid invite says so with guidance, and offers registering without it', async () => {
    mockApi({ 'GET /auth/invite/used-code': json(404, { success: false, error: INVITE_INVALID }) });
    renderPage(<RegisterPage />, '/register?invite=used-code', '/register');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVITE_INVALID);
    expect(screen.getByRole('heading', { name: 'This invite link does not work' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register without an invite' })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('explains invitation-only registration when the server refuses with 403', async () => {
    mockApi({
      'POST /auth/register': json(403, { success: false, error: REGISTRATION_BY_INVITE_ONLY }),
    });
    await fillAndSubmit({});
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(REGISTRATION_BY_INVITE_ONLY);
    expect(alert).toHaveTextContent(/Ask the clinic for an invite/);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's error", async () => {
    mockApi({
      'POST /auth/register': json(409, {
        success: false,
        error: 'An account with this email already exists',
      }),
    });
    await fillAndSubmit({});
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
