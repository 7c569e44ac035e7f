import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';
import { ProfilePage } from './profile-page';

function renderProfile() {
  return renderPage(<ProfilePage />, '/user/profile', '/user/profile', { store: signedInStore('user') });
}

describe('ProfilePage', () => {
  beforeEach(() => {
    // Only Date is faked, so "today" is fixed for the age but promises and timers run normally.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the details with the age in whole years', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(testUser({ dob: '1990-06-15' })) });
    renderProfile();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Age 35')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-06-15');
  });

  it('saves changed details', async () => {
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /auth/updatedetails': json(200, { success: true, data: testUser({ name: 'Ada King' }) }),
    });
    const { user } = renderProfile();
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada King');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({ name: 'Ada King' });
    expect(await screen.findByRole('heading', { name: 'Ada King' })).toBeInTheDocument();
  });

  it('shows a conflict from the server', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /auth/updatedetails': json(409, {
        success: false,
        error: 'An account with this email already exists',
      }),
    });
    const { user } = renderProfile();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.org');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('changes the password and keeps the new token', async () => {
    const seen = mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /auth/updatepassword': json(200, { success: true, token: 'replacement-token' }),
    });
    const { user, store } = renderProfile();
    await user.type(await screen.findByLabelText('Current password'), 'old password');
    await user.type(screen.getByLabelText('New password'), 'new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(seen.find((request) => request.method === 'PUT')?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password',
    });
    expect(window.localStorage.getItem('token')).toBe('replacement-token');
    expect(store.getState().auth.token).toBe('replacement-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks the confirmation and shows a wrong current password', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'PUT /auth/updatepassword': json(400, { success: false, error: 'Current password is incorrect' }),
    });
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByText('Current password is incorrect')).toBeInTheDocument());
    expect(window.localStorage.getItem('token')).toBe('test-token');
  });
});
