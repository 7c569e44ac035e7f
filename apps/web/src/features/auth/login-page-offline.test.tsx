import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_CHECKS_UNAVAILABLE } from '@/lib/forms';
import { mockApi } from '@/testing/fetch-mock';
import { renderPage } from '@/testing/render';
import { LoginPage } from './login-page';

// The form's checks are downloaded with the first submit; here that download fails, as it does offline.
vi.mock('./login-form.schema', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('LoginPage offline', () => {
  it('says the form could not be checked and sends nothing', async () => {
    const seen = mockApi({});
    const { user } = renderPage(<LoginPage />, '/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.org');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FORM_CHECKS_UNAVAILABLE);
    expect(seen).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});
