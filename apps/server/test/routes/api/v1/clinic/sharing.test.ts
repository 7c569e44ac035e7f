import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sharing } from '@visus/contracts';
import { accountWithRole, buildTestApp, call, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { saveResult, sloanRecord } from './clinic-fixtures';

/** GET /sharing, PUT and DELETE /sharing/clinic (issue 19 item 2). */
describe.skipIf(!(await canTestDatabase()))('sharing with the clinic', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const sharing = async (token: string) => {
    const res = await call(t.app, 'GET', '/sharing', { token });
    expect(res.status).toBe(200);
    return res.body.data as Sharing;
  };

  it('starts unshared; grants, grants again (no change) and revokes, keeping the history', async () => {
    const patient = await accountWithRole(t, 'user');
    expect(await sharing(patient.token)).toEqual({
      clinic: { shared: false, since: null },
      history: [],
      accessLog: [],
    });
    const granted = await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const after = granted.body.data as Sharing;
    expect(after.clinic).toEqual({ shared: true, since: expect.any(String) });
    expect(after.history).toEqual([{ grantedAt: after.clinic.since, revokedAt: null }]);

    const again = await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token, body: {} });
    expect(again.status).toBe(200);
    expect((again.body.data as Sharing).history).toHaveLength(1);

    const revoked = await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token });
    expect(revoked.status).toBe(200);
    expect((revoked.body.data as Sharing).clinic).toEqual({ shared: false, since: null });
    expect((revoked.body.data as Sharing).history).toEqual([
      { grantedAt: after.clinic.since, revokedAt: expect.any(String) },
    ]);
    // Revoking again changes nothing; a new grant opens a second entry.
    expect((await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token })).status).toBe(200);
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    expect((await sharing(patient.token)).history).toHaveLength(2);
  });

  it('refuses an unknown field with a 400 naming it, sharing nothing', async () => {
    const patient = await accountWithRole(t, 'user');
    const res = await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token, body: { scope: 'all' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringContaining('scope') });
    expect((await sharing(patient.token)).clinic.shared).toBe(false);
  });

  it('is per account: one person sharing says nothing about another', async () => {
    const a = await accountWithRole(t, 'user');
    const b = await accountWithRole(t, 'tester');
    await call(t.app, 'PUT', '/sharing/clinic', { token: a.token });
    expect((await sharing(b.token)).clinic.shared).toBe(false);
    await call(t.app, 'DELETE', '/sharing/clinic', { token: b.token });
    expect((await sharing(a.token)).clinic.shared).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    for (const [method, url] of [
      ['GET', '/sharing'],
      ['PUT', '/sharing/clinic'],
      ['DELETE', '/sharing/clinic'],
    ] as const) {
      expect((await call(t.app, method, url)).status).toBe(401);
    }
  });

  it('shows the patient every clinician view, and deleting the account removes consent and log', async () => {
    const patient = await accountWithRole(t, 'user');
    const clinician = await accountWithRole(t, 'clinician');
    await saveResult(t, patient.token, sloanRecord(3, 0.1, 0.1));
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, { token: clinician.token });
    const log = (await sharing(patient.token)).accessLog;
    expect(log).toEqual([
      {
        at: expect.any(String),
        clinicianName: clinician.name,
        action: 'results',
        resultId: null,
        shareLinkId: null,
      },
    ]);

    expect((await call(t.app, 'DELETE', '/auth', { token: patient.token })).status).toBe(200);
    const db = t.database.db;
    expect(await db.selectFrom('clinic_consents').where('user_id', '=', patient.id).execute()).toEqual([]);
    expect(await db.selectFrom('clinic_access_log').where('patient_id', '=', patient.id).execute()).toEqual(
      [],
    );
  });
});
