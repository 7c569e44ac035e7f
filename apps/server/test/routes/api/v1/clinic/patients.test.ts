import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicPatientList, ResultsList, ReviewQueue, Sharing } from '@visus/contracts';
import { accountWithRole, call, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { clinicianAndPatient, sloanRecord, type Account } from './clinic-fixtures';

/** GET /clinic/patients, /clinic/patients/:userId/results and /clinic/reviews/queue (issue 19 item 3). */
describe.skipIf(!(await canTestDatabase()))('the clinician workspace', () => {
  let t: TestApp;
  let clinician: Account;
  let patient: Account;
  let firstId: string;
  let secondId: string;

  beforeAll(async () => {
    let resultIds: string[];
    // Right eye 0.0 then 0.4: a change beyond Sloan's 0.15 and worse than 6/12; left eye steady at 0.1.
    ({ t, clinician, patient, resultIds } = await clinicianAndPatient(
      { clinician: 'Dr Iris Lens', patient: 'Zed Patient' },
      [sloanRecord(2, 0, 0.1), sloanRecord(20, 0.4, 0.1)],
      { dob: '1960-05-01' },
    ));
    [firstId, secondId] = resultIds as [string, string];
  });
  afterAll(async () => t?.close());

  const patients = async (query = '') => {
    const res = await call(t.app, 'GET', `/clinic/patients${query}`, { token: clinician.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as ClinicPatientList;
  };
  const ids = (list: ClinicPatientList) => list.patients.map((p) => p._id);

  it('shows nobody who has not consented: list, queue and history (404)', async () => {
    expect(ids(await patients())).not.toContain(patient.id);
    const queue = await call(t.app, 'GET', '/clinic/reviews/queue', { token: clinician.token });
    expect((queue.body.data as ReviewQueue).items.map((i) => i.patientId)).not.toContain(patient.id);
    const history = await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, {
      token: clinician.token,
    });
    expect(history.status).toBe(404);
    expect(history.body).toEqual({ success: false, error: 'Patient not found' });
  });

  it('lists a consenting patient with age, latest acuity per eye and the flags', async () => {
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    const list = await patients('?search=zed');
    const row = list.patients.find((p) => p._id === patient.id)!;
    expect(row).toMatchObject({
      name: 'Zed Patient',
      age: expect.any(Number),
      lastTestAt: '2026-01-20T09:30:00.000Z',
      latest: {
        right: { test: 'sloan', logMAR: 0.4, censored: null, resultId: secondId },
        left: { test: 'sloan', logMAR: 0.1, censored: null, resultId: secondId },
      },
    });
    expect(row.age).toBeGreaterThanOrEqual(65);
    expect(row.flags).toEqual([
      { kind: 'poor-acuity', eye: 'right', test: 'sloan', logMAR: 0.4, censored: null },
      {
        kind: 'change',
        eye: 'right',
        test: 'sloan',
        direction: 'worse',
        change: 0.4,
        limit: 0.15,
        bounded: false,
      },
      { kind: 'unreviewed', count: 2, oldestTestedAt: '2026-01-02T09:30:00.000Z' },
    ]);
    expect(ids(await patients('?search=nobody-like-this'))).toEqual([]);
  });

  it("answers the patient's history in the shape of GET /tests/results, paged and filtered", async () => {
    const own = await call(t.app, 'GET', '/tests/results', { token: patient.token });
    const seen = await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, {
      token: clinician.token,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual(own.body.data);
    const page = await call(t.app, 'GET', `/clinic/patients/${patient.id}/results?limit=1&page=2`, {
      token: clinician.token,
    });
    expect((page.body.data as ResultsList).results.map((r) => r._id)).toEqual([firstId]);
  });

  it('orders the review queue oldest unreviewed first', async () => {
    const res = await call(t.app, 'GET', '/clinic/reviews/queue?limit=100', { token: clinician.token });
    expect(res.status).toBe(200);
    const mine = (res.body.data as ReviewQueue).items.filter((i) => i.patientId === patient.id);
    expect(mine).toEqual([
      { resultId: firstId, patientId: patient.id, patientName: 'Zed Patient', testedAt: expect.any(String) },
      { resultId: secondId, patientId: patient.id, patientName: 'Zed Patient', testedAt: expect.any(String) },
    ]);
  });

  it('logs every view for the patient: list rows, queue and history', async () => {
    const log = (await call(t.app, 'GET', '/sharing', { token: patient.token })).body.data as Sharing;
    const actions = log.accessLog.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['patient-list', 'results', 'review-queue']));
    expect(new Set(log.accessLog.map((e) => e.clinicianName))).toEqual(new Set(['Dr Iris Lens']));
  });

  it('refuses bad input with a 400 naming the field, logging nothing', async () => {
    const before = await t.database.db.selectFrom('clinic_access_log').select('id').execute();
    for (const [url, field] of [
      ['/clinic/patients?limit=0', 'limit'],
      ['/clinic/patients?page=x', 'page'],
      ['/clinic/patients?sort=name', 'sort'],
      ['/clinic/patients/not-an-id/results', 'userId'],
      [`/clinic/patients/${patient.id}/results?test=nope`, 'test'],
      ['/clinic/reviews/queue?limit=1000', 'limit'],
    ] as const) {
      const res = await call(t.app, 'GET', url, { token: clinician.token });
      expect(res.status, url).toBe(400);
      expect(res.body.error, url).toContain(field);
    }
    const after = await t.database.db.selectFrom('clinic_access_log').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('is for clinicians only: a user, tester or admin gets 403, a guest 401', async () => {
    for (const role of ['user', 'tester', 'admin'] as const) {
      const other = await accountWithRole(t, role);
      for (const url of [
        '/clinic/patients',
        `/clinic/patients/${patient.id}/results`,
        '/clinic/reviews/queue',
      ]) {
        expect((await call(t.app, 'GET', url, { token: other.token })).status, `${role} ${url}`).toBe(403);
      }
    }
    // The patient themself is no clinician either: their own data is under /tests/results.
    expect(
      (await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, { token: patient.token })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/clinic/patients')).status).toBe(401);
  });

  it('answers 404 for an unknown account, and at once after the patient revokes', async () => {
    const unknown = await call(t.app, 'GET', `/clinic/patients/${crypto.randomUUID()}/results`, {
      token: clinician.token,
    });
    expect(unknown.status).toBe(404);
    await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token });
    const history = await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, {
      token: clinician.token,
    });
    expect(history.status).toBe(404);
    expect(ids(await patients())).not.toContain(patient.id);
    const queue = await call(t.app, 'GET', '/clinic/reviews/queue?limit=100', { token: clinician.token });
    expect((queue.body.data as ReviewQueue).items.map((i) => i.patientId)).not.toContain(patient.id);
  });
});
