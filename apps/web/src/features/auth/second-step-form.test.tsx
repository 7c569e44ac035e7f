import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuestOnly } from '@/app/guards/guest-only';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { LoginPage } from './login-page';

const CHALLENGE = json(200, {
  success: true,
  secondStep: { ticket: 'ticket-1', expiresAt: '2030-01-01T00:00:00.000Z' },
});

async function passwordStep() {
  const rendered = renderPage(
    <GuestOnly>
      <LoginPage />
    </GuestOnly>,
    '/login',
  );
  await rendered.user.type(screen.getByLabelText('Email'), 'ada@example.org');
  await rendered.user.type(screen.getByLabelText('Password'), 'correct horse');
  await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
  return rendered;
}

describe('two-step sign-in on the login screen', () => {
  it('asks for a code after the password, refuses a wrong one, and signs in with the right one', async () => {
    let attempts = 0;
    const seen = mockApi({
      'POST /auth/login': CHALLENGE,
      'POST /auth/login/second-step': () =>
        ++attempts === 1
          ? json(400, { success: false, error: 'That code is not right.' })
          : json(200, { success: true, token: 'full-token' }),
      'GET /auth/current': currentUserReply(
        testUser({ role: 'clinician', twoFactor: { enabled: true, required: false } }),
      ),
    });
    const { user, router } = await passwordStep();
    const code = await screen.findByLabelText('Code');
    // No token before the code.
    expect(window.localStorage.getItem('token')).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(window.localStorage.getItem('token')).toBe('full-token');
    expect(seen.filter((r) => r.path === '/auth/login/second-step').map((r) => r.body)).toEqual([
      { ticket: 'ticket-1', code: '123456' },
      { ticket: 'ticket-1', code: 'abcd-efgh-jkmn-pqrs' },
    ]);
  });

  it('asks for a code before calling the server, and goes back to the password on request', async () => {
    const seen = mockApi({ 'POST /auth/login': CHALLENGE });
    const { user } = await passwordStep();
    await screen.findByLabelText('Code');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      'Enter the 6-digit code from your app or a recovery code',
    );
    expect(seen.filter((r) => r.path === '/auth/login/second-step')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Use another account' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('sends an account that must set up two-step sign-in to the enrolment', async () => {
    mockApi({
      'POST /auth/login': json(200, { success: true, token: 'login-token' }),
      'GET /auth/current': currentUserReply(
        testUser({ role: 'admin', twoFactor: { enabled: false, required: true } }),
      ),
    });
    const { router } = await passwordStep();
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-step-setup'));
  });
});
