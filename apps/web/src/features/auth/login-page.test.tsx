import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GuestOnly } from '@/app/guards/guest-only';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { LoginPage } from './login-page';

function renderLogin() {
  return renderPage(
    <GuestOnly>
      <LoginPage />
    </GuestOnly>,
    '/login',
  );
}

async function logIn(email = 'ada@example.org', password = 'correct horse') {
  const rendered = renderLogin();
  await rendered.user.type(screen.getByLabelText('Email'), email);
  await rendered.user.type(screen.getByLabelText('Password'), password);
  await rendered.user.click(screen.getByRole('button', { name: 'Log in' }));
  return rendered;
}

describe('LoginPage', () => {
  it('links to the password reset and to registration', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/reset-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  it('logs in and goes to the dashboard of the role', async () => {
    mockApi({
      'POST /auth/login': json(200, { success: true, token: 'login-token' }),
      'GET /auth/current': currentUserReply(testUser({ role: 'admin' })),
    });
    const { router } = await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(window.localStorage.getItem('token')).toBe('login-token');
  });

  it("shows the server's error in an alert", async () => {
    mockApi({ 'POST /auth/login': json(401, { success: false, error: 'Invalid Login' }) });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Login');
  });

  it("falls back to 'Invalid Login' when the failure has no message", async () => {
    mockApi({ 'POST /auth/login': new Response('', { status: 500 }) });
    await logIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Login');
  });

  it('validates the email before calling the server', async () => {
    const seen = mockApi({});
    await logIn('not-an-email');
    expect(await screen.findByText('Please include a valid email')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
  });

  it('puts the focus on the first field to mend and checks again as the person types', async () => {
    const seen = mockApi({});
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please include a valid email');
    expect(password).toHaveAccessibleDescription('Password is required');

    await user.type(email, 'ada@example.org');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Please include a valid email')).not.toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(seen).toHaveLength(0);
  });
});
