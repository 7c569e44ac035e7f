import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicPatientList, ResultReviews, ReviewQueue } from '@visus/contracts';
import { accountWithRole, call, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { clinicianAndPatient, sloanRecord, type Account } from './clinic-fixtures';

/** PUT /clinic/results/:resultId/review and GET /tests/results/:id/reviews (issue 19 item 4). */
describe.skipIf(!(await canTestDatabase()))('reviews of shared results', () => {
  let t: TestApp;
  let clinician: Account;
  let patient: Account;
  let resultId: string;

  beforeAll(async () => {
    let resultIds: string[];
    ({ t, clinician, patient, resultIds } = await clinicianAndPatient(
      { clinician: 'Dr Iris Lens', patient: 'Rev Patient' },
      [sloanRecord(4, 0.4, 0.1)],
    ));
    [resultId] = resultIds as [string];
  });
  afterAll(async () => t?.close());

  const review = (body: unknown, id = resultId, token = clinician.token) =>
    call(t.app, 'PUT', `/clinic/results/${id}/review`, { token, body });

  it('refuses to review the result of a patient who has not consented (404), storing nothing', async () => {
    const res = await review({ note: 'Looks fine', recommendation: 'no-action' });
    expect(res.status).toBe(404);
    expect(await t.database.db.selectFrom('clinic_reviews').selectAll().execute()).toEqual([]);
  });

  it('stores a review, mails the patient, and the patient reads it with the result', async () => {
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    const mailsBefore = t.mail.length;
    const res = await review({ note: ' Right eye below 6/12. ', recommendation: 'routine-exam' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as ResultReviews;
    expect(data.current).toMatchObject({
      resultId,
      clinicianName: 'Dr Iris Lens',
      note: 'Right eye below 6/12.',
      recommendation: 'routine-exam',
    });
    const mail = t.mail[mailsBefore]!;
    expect(mail.to).toBe(patient.email.toLowerCase());
    expect(mail.text).toContain(
      'Dr Iris Lens reviewed one of your results and advises: a routine eye examination',
    );
    expect(mail.text).toContain(`/user/results?id=${resultId}`);

    const own = await call(t.app, 'GET', `/tests/results/${resultId}/reviews`, { token: patient.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual(data);
  });

  it('keeps the history of an edit; a reviewed result leaves the queue and the unreviewed flag', async () => {
    t.advanceClock(1000);
    const res = await review({ note: 'Please book soon.', recommendation: 'soon' });
    const data = res.body.data as ResultReviews;
    expect(data.current).toMatchObject({ recommendation: 'soon', note: 'Please book soon.' });
    expect(data.history.map((r) => r.recommendation)).toEqual(['soon', 'routine-exam']);
    const queue = await call(t.app, 'GET', '/clinic/reviews/queue?limit=100', { token: clinician.token });
    expect((queue.body.data as ReviewQueue).items.map((i) => i.resultId)).not.toContain(resultId);
    const list = await call(t.app, 'GET', '/clinic/patients?search=rev', { token: clinician.token });
    const row = (list.body.data as ClinicPatientList).patients.find((p) => p._id === patient.id)!;
    expect(row.flags.map((f) => f.kind)).not.toContain('unreviewed');
    const log = await t.database.db
      .selectFrom('clinic_access_log')
      .select(['action', 'result_id'])
      .where('patient_id', '=', patient.id)
      .where('action', '=', 'review')
      .execute();
    expect(log).toEqual([
      { action: 'review', result_id: resultId },
      { action: 'review', result_id: resultId },
    ]);
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    const before = (await t.database.db.selectFrom('clinic_reviews').select('id').execute()).length;
    for (const [body, field, id] of [
      [{ note: 'x', recommendation: 'whenever' }, 'recommendation', resultId],
      [{ note: 'x'.repeat(2001), recommendation: 'soon' }, 'note', resultId],
      [{ recommendation: 'soon' }, 'note', resultId],
      [{ note: 'x', recommendation: 'soon', urgent: true }, 'urgent', resultId],
      [{ note: 'x', recommendation: 'soon' }, 'resultId', 'not-a-uuid'],
    ] as const) {
      const res = await review(body, id);
      expect(res.status, field).toBe(400);
      expect(res.body.error, field).toContain(field);
    }
    expect((await t.database.db.selectFrom('clinic_reviews').select('id').execute()).length).toBe(before);
  });

  it('is for clinicians only, and a review is read by its patient only', async () => {
    for (const role of ['user', 'tester', 'admin'] as const) {
      const other = await accountWithRole(t, role);
      expect((await review({ note: 'x', recommendation: 'soon' }, resultId, other.token)).status).toBe(403);
      const peek = await call(t.app, 'GET', `/tests/results/${resultId}/reviews`, { token: other.token });
      expect(peek.status).toBe(404);
    }
    expect((await call(t.app, 'GET', `/tests/results/${resultId}/reviews`)).status).toBe(401);
  });

  it('refuses a review once the patient revokes (404)', async () => {
    await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token });
    expect((await review({ note: 'x', recommendation: 'urgent' })).status).toBe(404);
    const unknown = await review({ note: 'x', recommendation: 'urgent' }, crypto.randomUUID());
    expect(unknown.status).toBe(404);
  });

  it("mails the review notice in the patient's language (issue 20)", async () => {
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    await call(t.app, 'PUT', '/auth/updatedetails', { token: patient.token, body: { language: 'fr' } });
    const mailsBefore = t.mail.length;
    const res = await review({ note: 'À revoir.', recommendation: 'urgent' });
    expect(res.status).toBe(200);
    const mail = t.mail[mailsBefore]!;
    expect(mail.subject).toBe('Un professionnel de santé a examiné votre résultat Visus');
    expect(mail.text).toContain(
      'Dr Iris Lens a examiné l’un de vos résultats et recommande\u00a0: consulter en urgence un optométriste ou un médecin.',
    );
  });
});
