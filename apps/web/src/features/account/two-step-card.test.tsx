import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { TwoStepCard } from './two-step-card';

const status = (data: Record<string, unknown>) =>
  json(200, {
    success: true,
    data: { available: true, enabled: true, required: false, recoveryCodesLeft: 7, ...data },
  });

describe('TwoStepCard', () => {
  it('offers to turn it on when off', async () => {
    mockApi({ 'GET /auth/two-factor': status({ enabled: false, recoveryCodesLeft: 0 }) });
    renderPage(<TwoStepCard />, '/admin/profile', '/admin/profile', { store: signedInStore('admin') });
    expect(await screen.findByRole('link', { name: 'Turn on' })).toHaveAttribute('href', '/two-step-setup');
  });

  it('turns it off with the password and a code, showing a refusal in the dialog', async () => {
    let tries = 0;
    const seen = mockApi({
      'GET /auth/two-factor': status({}),
      'DELETE /auth/two-factor': () =>
        ++tries === 1
          ? json(400, { success: false, error: 'Password is incorrect' })
          : json(200, { success: true, data: {} }),
    });
    const { user } = renderPage(<TwoStepCard />, '/user/profile', '/user/profile', {
      store: signedInStore('clinician'),
    });
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in?' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.type(within(dialog).getByLabelText('Code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Password is incorrect');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.body)).toEqual([
      { password: 'wrong', code: '123456' },
      { password: 'wrong', code: '123456' },
    ]);
  }, 15_000);

  it('makes new recovery codes for a code and shows them once; no Turn off when required', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `zzzz-yyyy-xxxx-ww${String(i).padStart(2, '0')}`);
    mockApi({
      'GET /auth/two-factor': status({ required: true }),
      'POST /auth/two-factor/recovery-codes': json(200, { success: true, data: { recoveryCodes: codes } }),
    });
    const { user } = renderPage(<TwoStepCard />, '/admin/profile', '/admin/profile', {
      store: signedInStore('admin'),
    });
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.type(within(dialog).getByLabelText('Code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });
});
