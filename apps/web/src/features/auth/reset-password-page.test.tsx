import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserReply, json, mockApi } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

const RESET_TOKEN = 'A'.repeat(43);

describe('ForgotPasswordPage', () => {
  it("shows the server's message, whatever the email", async () => {
    const message = 'If an account exists for that email, we have sent a link to reset the password.';
    const seen = mockApi({ 'POST /auth/forgotpassword': json(200, { success: true, message }) });
    const { user } = renderPage(<ForgotPasswordPage />, '/reset-password');
    await user.type(screen.getByLabelText('Email'), 'someone@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(seen[0]?.body).toEqual({ email: 'someone@example.org' });
  });
});

describe('ResetPasswordPage', () => {
  function renderReset(token = RESET_TOKEN) {
    return renderPage(<ResetPasswordPage />, `/reset-password/${token}`, '/reset-password/:token');
  }

  it('sets the password, signs in with the returned token and goes to the dashboard', async () => {
    const seen = mockApi({
      [`PUT /auth/resetpassword/${RESET_TOKEN}`]: json(200, { success: true, token: 'signed-in-token' }),
      'GET /auth/current': currentUserReply(),
    });
    const { user, router, store } = renderReset();
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(seen[0]?.body).toEqual({ password: 'brand new pw' });
    expect(window.localStorage.getItem('token')).toBe('signed-in-token');
    expect(store.getState().notice.current?.message).toMatch(/password has been reset/);
  });

  it('shows an expired link with a way to request a new one', async () => {
    mockApi({
      [`PUT /auth/resetpassword/${RESET_TOKEN}`]: json(400, {
        success: false,
        error: 'Password reset link is invalid or has expired',
      }),
    });
    const { user } = renderReset();
    await user.type(screen.getByLabelText('New password'), 'brand new pw');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Password reset link is invalid or has expired');
    expect(screen.getAllByRole('link', { name: 'Request a new link' })[0]).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('recognises a malformed link at once', () => {
    renderReset('not-a-token');
    expect(screen.getByRole('alert')).toHaveTextContent('Password reset link is invalid or has expired');
    expect(screen.getByRole('button', { name: 'Set new password' })).toBeDisabled();
  });
});
