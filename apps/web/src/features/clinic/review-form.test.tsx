import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClinicResult, Review, ResultReviews } from '@visus/contracts';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { setLanguage } from '@/lib/i18n/i18n';
import { renderApp, signedInStore } from '@/testing/render';

// The first test waits for the lazy clinician screen (slow on a shared machine).
configure({ asyncUtilTimeout: 8000 });

const start = Date.parse('2026-11-20T10:00:00.000Z');
const RESULT: ClinicResult['result'] = {
  _id: 'r-1',
  session: null,
  createdAt: '2026-11-20T10:20:00.000Z',
  setup: {
    date: '2026-11-20T10:00:00.000Z',
    units: 'm',
    correction: 'None',
    testMode: true,
    singleTest: 'sloan',
  },
  data: {
    start,
    end: start + 600_000,
    sloan: {
      right: { va: 0.4, rounds: 24, loopLength: 30 },
      left: { va: 0.1, rounds: 22, loopLength: 30 },
    },
  },
};
const PATH = '/user/patients/p-1/results/r-1';

function review(overrides: Partial<Review> = {}): Review {
  return {
    _id: 'rev-1',
    resultId: 'r-1',
    clinicianName: 'Dr Iris Lens',
    note: 'Looks fine.',
    recommendation: 'no-action',
    createdAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

function open(reviews: ResultReviews, put: Response | ((request: Request) => Response) = json(500, {})) {
  const data: ClinicResult = {
    patient: { _id: 'p-1', name: 'Zed Patient', dob: '1958-03-14' },
    result: RESULT,
    reviews,
  };
  const seen = mockApi({
    'GET /auth/current': currentUserReply(testUser({ role: 'clinician' })),
    'GET /clinic/results/r-1': json(200, { success: true, data }),
    'PUT /clinic/results/r-1/review': put,
  });
  return { seen, ...renderApp(PATH, { store: signedInStore('clinician') }) };
}

describe("the clinician's review form (issue 19)", { timeout: 30_000 }, () => {
  it('shows the read-only report and refuses to save without a recommendation, sending nothing', async () => {
    const { seen, user } = open({ current: null, history: [] });
    const form = await screen.findByRole('form', { name: 'Review' });
    expect(screen.getByRole('heading', { name: 'Review this result' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sloan' })).toBeInTheDocument();
    // The report names the patient, not the clinician signed in (Ada Lovelace).
    const details = screen.getByRole('region', { name: 'Person and test conditions' });
    expect(details).toHaveTextContent('Zed Patient');
    expect(details).not.toHaveTextContent('Ada Lovelace');
    expect(screen.getByRole('link', { name: 'All results of Zed Patient' })).toHaveAttribute(
      'href',
      '/user/patients/p-1',
    );
    const radios = within(form).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'No action needed',
      'Routine eye examination',
      'Eye examination soon',
      'Urgent: see an optometrist or doctor',
    ]);
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByText('Choose a recommendation')).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('refuses a note over 2000 characters with how long it is', async () => {
    const { seen, user } = open({ current: null, history: [] });
    const form = await screen.findByRole('form', { name: 'Review' });
    await user.click(within(form).getByRole('radio', { name: 'Eye examination soon' }));
    const note = within(form).getByRole('textbox', { name: 'Note to the patient' });
    await user.click(note);
    await user.paste('x'.repeat(2001));
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByText('Shorten the note to 2000 characters (it has 2001)')).toBeVisible();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('saves the recommendation and note, says the patient was told, and lists the new version', async () => {
    const saved = review({ _id: 'rev-1', recommendation: 'routine-exam', note: 'Book a routine exam.' });
    const { seen, user } = open({ current: null, history: [] }, () =>
      json(200, { success: true, data: { current: saved, history: [saved] } }),
    );
    const form = await screen.findByRole('form', { name: 'Review' });
    await user.click(within(form).getByRole('radio', { name: 'Routine eye examination' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Note to the patient' }),
      '  Book a routine exam. ',
    );
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Review saved. Zed Patient has been told by email.',
    );
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({
      recommendation: 'routine-exam',
      note: 'Book a routine exam.',
    });
    const history = screen.getByRole('region', { name: 'Review so far' });
    expect(history).toHaveTextContent('Routine eye examination');
    expect(screen.getByRole('heading', { name: 'Edit the review' })).toBeInTheDocument();
  });

  it('edits from the current review and shows every earlier version with who and when', async () => {
    const older = review({ _id: 'rev-1', clinicianName: 'Dr Old' });
    const current = review({ _id: 'rev-2', recommendation: 'soon', note: 'Soon, please.' });
    open({ current, history: [current, older] });
    const form = await screen.findByRole('form', { name: 'Review' });
    expect(within(form).getByRole('radio', { name: 'Eye examination soon' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Note to the patient' })).toHaveValue('Soon, please.');
    const history = screen.getByRole('region', { name: 'Reviews so far (2), newest first' });
    const items = within(history).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Current');
    expect(items[0]).toHaveTextContent('Soon, please.');
    expect(items[1]).toHaveTextContent('No action needed');
    expect(items[1]).toHaveTextContent('Dr Old,');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const { user } = open({ current: null, history: [] }, () =>
      json(404, { success: false, error: 'Result not found' }),
    );
    const form = await screen.findByRole('form', { name: 'Review' });
    await user.click(within(form).getByRole('radio', { name: 'Urgent: see an optometrist or doctor' }));
    await user.type(within(form).getByRole('textbox', { name: 'Note to the patient' }), 'Call us');
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Result not found');
    expect(within(form).getByRole('textbox', { name: 'Note to the patient' })).toHaveValue('Call us');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('says "not found" for a patient who stopped sharing', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(testUser({ role: 'clinician' })),
      'GET /clinic/results/r-1': json(404, { success: false, error: 'Result not found' }),
    });
    renderApp(PATH, { store: signedInStore('clinician') });
    expect(await screen.findByRole('heading', { name: 'Result not found' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('speaks French: the form, its checks, the server’s refusal and the saved review (issue 20)', async () => {
    await setLanguage('fr', { areas: ['shell', 'results', 'clinic'] });
    try {
      const saved = review({ recommendation: 'soon', note: 'Bientôt.' });
      let answer = json(404, { success: false, error: 'Result not found' });
      const { seen, user } = open({ current: null, history: [] }, () => answer);
      const form = await screen.findByRole('form', { name: 'Examiner' });
      expect(screen.getByRole('heading', { name: 'Donner un avis sur ce résultat' })).toBeInTheDocument();
      expect(within(form).getByRole('group', { name: 'Recommandation' })).toBeInTheDocument();
      expect(
        within(form)
          .getAllByRole('radio')
          .map((r) => r.closest('label')?.textContent),
      ).toEqual([
        'Aucune action nécessaire',
        'Examen de la vue de routine',
        'Examen de la vue prochainement',
        'Urgent : consultez un optométriste ou un médecin',
      ]);
      const note = within(form).getByRole('textbox', { name: 'Note pour le patient' });
      expect(within(form).getByText(/^Facultatif\. .* 0 caractères sur 2000\.$/)).toBeInTheDocument();
      await user.click(within(form).getByRole('button', { name: 'Enregistrer l’avis' }));
      expect(await within(form).findByText('Choisissez une recommandation')).toBeInTheDocument();
      await user.click(within(form).getByRole('radio', { name: 'Examen de la vue prochainement' }));
      await user.click(note);
      await user.paste('x'.repeat(2001));
      await user.click(within(form).getByRole('button', { name: 'Enregistrer l’avis' }));
      expect(
        await within(form).findByText('Raccourcissez la note à 2000 caractères (elle en compte 2001)'),
      ).toBeVisible();
      expect(seen.filter((r) => r.method === 'PUT')).toEqual([]);
      await user.clear(note);
      await user.type(note, 'Bientôt.');
      await user.click(within(form).getByRole('button', { name: 'Enregistrer l’avis' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Résultat introuvable');
      answer = json(200, { success: true, data: { current: saved, history: [saved] } });
      await user.click(within(form).getByRole('button', { name: 'Enregistrer l’avis' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Avis enregistré. Zed Patient en a été informé par e-mail.',
      );
      expect(screen.getByRole('heading', { name: 'Modifier l’avis' })).toBeInTheDocument();
      const history = screen.getByRole('region', { name: 'Avis jusqu’ici' });
      expect(within(history).getByText('Actuel')).toBeInTheDocument();
      expect(history).toHaveTextContent('Dr Iris Lens, ');
    } finally {
      await setLanguage('en');
    }
  });
});
