import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicResult, Sharing } from '@visus/contracts';
import { accountWithRole, call, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { clinicianAndPatient, saveResult, sloanRecord, type Account } from './clinic-fixtures';

/** GET /clinic/results/:resultId (issue 19): the result the review form shows, with its reviews. */
describe.skipIf(!(await canTestDatabase()))('a shared result for the review form', () => {
  let t: TestApp;
  let clinician: Account;
  let patient: Account;
  let resultId: string;

  beforeAll(async () => {
    let resultIds: string[];
    ({ t, clinician, patient, resultIds } = await clinicianAndPatient(
      { clinician: 'Dr Ada Optic', patient: 'Res Patient' },
      [sloanRecord(6, 0.2, 0.1)],
    ));
    [resultId] = resultIds as [string];
  });
  afterAll(async () => t?.close());

  const open = (id = resultId, token = clinician.token) =>
    call(t.app, 'GET', `/clinic/results/${id}`, { token });

  it('is a 404 before the patient shares, logging nothing', async () => {
    const res = await open();
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false });
    const sharing = await call(t.app, 'GET', '/sharing', { token: patient.token });
    expect((sharing.body.data as Sharing).accessLog).toEqual([]);
  });

  it('answers the result, whose it is and its reviews once shared, and logs the view', async () => {
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    const first = await open();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const data = first.body.data as ClinicResult;
    expect(data.patient).toEqual({ _id: patient.id, name: 'Res Patient', dob: '1985-12-10' });
    expect(data.result._id).toBe(resultId);
    expect(data.result.data).toMatchObject({ sloan: { right: { logMAR: 0.2 }, left: { logMAR: 0.1 } } });
    expect(data.reviews).toEqual({ current: null, history: [] });

    await call(t.app, 'PUT', `/clinic/results/${resultId}/review`, {
      token: clinician.token,
      body: { note: 'Fine for now', recommendation: 'no-action' },
    });
    const second = (await open()).body.data as ClinicResult;
    expect(second.reviews.current).toMatchObject({ note: 'Fine for now', clinicianName: 'Dr Ada Optic' });
    expect(second.reviews.history).toHaveLength(1);

    const sharing = (await call(t.app, 'GET', '/sharing', { token: patient.token })).body.data as Sharing;
    const views = sharing.accessLog.filter((e) => e.action === 'results' && e.resultId === resultId);
    expect(views).toHaveLength(2);
    expect(views[0]!.clinicianName).toBe('Dr Ada Optic');
  });

  it('refuses a malformed id with a 400 naming it', async () => {
    const res = await open('nope');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.error).toContain('resultId');
  });

  it('is for clinicians only: the patient, a tester and an admin are refused (403)', async () => {
    expect((await open(resultId, patient.token)).status).toBe(403);
    for (const role of ['user', 'tester', 'admin'] as const) {
      const other = await accountWithRole(t, role);
      expect((await open(resultId, other.token)).status, role).toBe(403);
    }
    expect((await call(t.app, 'GET', `/clinic/results/${resultId}`)).status).toBe(401);
  });

  it("is a 404 for another patient's unshared result, an unknown id, and after revoking", async () => {
    const stranger = await accountWithRole(t, 'user');
    const unshared = await saveResult(t, stranger.token, sloanRecord(7, 0.3, 0.3));
    expect((await open(unshared)).status).toBe(404);
    expect((await open(crypto.randomUUID())).status).toBe(404);
    await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token });
    expect((await open()).status).toBe(404);
  });
});
