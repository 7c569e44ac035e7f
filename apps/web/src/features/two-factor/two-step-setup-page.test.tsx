import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@/app/guards/require-auth';
import { currentUserLoaded } from '@/lib/auth/auth-slice';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { TwoStepSetupPage } from './two-step-setup-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Visus:ada%40example.org?issuer=Visus&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`);

function mustEnrolStore() {
  const store = signedInStore('admin');
  store.dispatch(currentUserLoaded({ userId: 'user-1', role: 'admin', twoFactorSetupNeeded: true }));
  return store;
}

describe('TwoStepSetupPage', () => {
  it('shows the QR code and the key, confirms a code, then the recovery codes once', async () => {
    const store = mustEnrolStore();
    const seen = mockApi({
      'GET /auth/two-factor': json(200, {
        success: true,
        data: { available: true, enabled: false, required: true, recoveryCodesLeft: 0 },
      }),
      'POST /auth/two-factor/enrolment': json(200, { success: true, data: { secret: SECRET, uri: URI } }),
      'POST /auth/two-factor/enrolment/confirm': json(200, { success: true, data: { recoveryCodes: CODES } }),
    });
    const { user, router } = renderPage(<TwoStepSetupPage />, '/two-step-setup', '/two-step-setup', {
      store,
    });
    expect(screen.getByText(/asks you to turn on two-step sign-in/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Show my QR code' }));
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(seen.find((r) => r.path === '/auth/two-factor/enrolment/confirm')?.body).toEqual({
      code: '123456',
    });
    expect(store.getState().auth.twoFactorSetupNeeded).toBe(true);

    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(store.getState().auth.twoFactorSetupNeeded).toBe(false);
  });

  it("shows the server's refusal of a wrong code and stays on the code step", async () => {
    mockApi({
      'GET /auth/two-factor': json(200, {
        success: true,
        data: { available: true, enabled: false, required: false, recoveryCodesLeft: 0 },
      }),
      'POST /auth/two-factor/enrolment': json(200, { success: true, data: { secret: SECRET, uri: URI } }),
      'POST /auth/two-factor/enrolment/confirm': json(400, {
        success: false,
        error: 'That code is not right.',
      }),
    });
    const { user } = renderPage(<TwoStepSetupPage />, '/two-step-setup', '/two-step-setup', {
      store: signedInStore('clinician'),
    });
    await user.click(await screen.findByRole('button', { name: 'Show my QR code' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('is the only screen an account that must enrol reaches', async () => {
    mockApi({});
    const { router } = renderPage(
      <RequireAuth prefix="admin">
        <p>Admin profile</p>
      </RequireAuth>,
      '/admin/profile',
      '/admin/profile',
      { store: mustEnrolStore() },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/two-step-setup'));
    expect(screen.queryByText('Admin profile')).not.toBeInTheDocument();
  });

  it('tells a plain user that two-step sign-in is not for their role', async () => {
    mockApi({
      'GET /auth/two-factor': json(200, {
        success: true,
        data: { available: false, enabled: false, required: false, recoveryCodesLeft: 0 },
      }),
    });
    renderPage(<TwoStepSetupPage />, '/two-step-setup', '/two-step-setup', { store: signedInStore('user') });
    expect(await screen.findByText('Two-step sign-in is for clinicians and admins.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show my QR code' })).not.toBeInTheDocument();
  });
});
