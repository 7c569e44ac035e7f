import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClinicPatientList, InviteList, ReviewQueue } from '@visus/contracts';
import { NotFoundPage } from '@/app/pages/not-found-page';
import { ProfilePage } from '@/features/account/profile-page';
import { InvitesPage } from '@/features/admin/invites-page';
import { logMarIn } from '@/features/clinic/patient-flags';
import { PatientsPage } from '@/features/clinic/patients-page';
import { setLanguage } from '@/lib/i18n/i18n';
import { translateServerMessage } from '@/lib/i18n/server-messages';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderPage, signedInStore } from '@/testing/render';

/*
 * Issue 20: the signed-in screens speak the person's language — a screen of each new catalog area
 * (account, admin, clinic) and the shell's not-found page, each in one of Spanish, German and French.
 */
afterEach(async () => {
  await setLanguage('en');
});

const emptyPatients: ClinicPatientList = { total: 0, page: 1, limit: 50, patients: [] };
const emptyQueue: ReviewQueue = { total: 0, page: 1, limit: 50, items: [] };

describe('the signed-in screens in another language', () => {
  it('shows the profile in Spanish, with the role in words and the server’s refusal translated', async () => {
    await setLanguage('es', { areas: ['shell', 'account', 'signup', 'clinic'] });
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ dob: null })),
      'GET /auth/two-factor': json(200, {
        success: true,
        data: { available: false, enabled: false, required: false, recoveryCodesLeft: 0 },
      }),
      'GET /sharing': json(200, {
        success: true,
        data: { clinic: { shared: false, since: null }, accessLog: [] },
      }),
    });
    renderPage(<ProfilePage />, '/user/profile', '/user/profile', { store: signedInStore('user') });
    expect(await screen.findByRole('heading', { name: 'Datos personales' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cambiar la contraseña' })).toBeInTheDocument();
    expect(screen.getByText('Usuario')).toBeInTheDocument();
    expect(screen.getByText('Fecha de nacimiento sin indicar')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña actual')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Compartir con la clínica' })).toBeInTheDocument();
    expect(translateServerMessage('Current password is incorrect')).toBe(
      'La contraseña actual no es correcta',
    );
  });

  it('shows the invites in German, with statuses and roles in words', async () => {
    await setLanguage('de', { areas: ['shell', 'admin'] });
    const data: InviteList = {
      total: 1,
      page: 1,
      limit: 20,
      invites: [
        {
          _id: 'invite-1',
          email: 'grace@example.org',
          role: 'clinician',
          status: 'pending',
          createdAt: '2026-03-02T09:00:00.000Z',
          expiresAt: '2026-03-09T09:00:00.000Z',
          usedAt: null,
          revokedAt: null,
          createdBy: 'Ada Lovelace',
        },
      ],
    };
    mockApi({ 'GET /admin/invites': json(200, { success: true, data }) });
    renderPage(<InvitesPage />, '/admin/invite', '/admin/invite', { store: signedInStore('admin') });
    expect(screen.getByRole('heading', { name: 'Einladungen', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Neue Einladung' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Einladungen' });
    const row = await within(table).findByRole('row', { name: /grace@example.org/ });
    expect(row).toHaveTextContent('Fachperson');
    expect(row).toHaveTextContent('Offen');
    // Dates in the language: "9. März 2026".
    expect(row).toHaveTextContent('März');
    expect(screen.getByRole('button', { name: 'Einladung an grace@example.org widerrufen' })).toBeEnabled();
  });

  it('shows the clinic’s patients in Spanish and logMAR with a decimal comma', async () => {
    await setLanguage('es', { areas: ['shell', 'clinic'] });
    mockApi({
      'GET /clinic/patients': json(200, { success: true, data: emptyPatients }),
      'GET /clinic/reviews/queue': json(200, { success: true, data: emptyQueue }),
    });
    renderPage(<PatientsPage />, '/user/patients', '/user/patients', { store: signedInStore('clinician') });
    expect(screen.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Cola de revisión' })).toBeInTheDocument();
    expect(
      await screen.findByText('Todavía ningún paciente comparte sus resultados con la clínica.'),
    ).toBeInTheDocument();
    expect(logMarIn(0.2, 'es')).toBe('0,20');
    expect(logMarIn(-0.1, 'en')).toBe('-0.10');
  });

  it('shows the not-found page in French', async () => {
    await setLanguage('fr', { areas: ['shell'] });
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toHaveAttribute('href', '/');
  });
});
