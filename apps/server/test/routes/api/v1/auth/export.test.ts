import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '@visus/contracts';
import { accountWithRole, buildTestApp, call, newPerson, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { saveResult, sloanRecord } from '../clinic/clinic-fixtures';

type Account = Awaited<ReturnType<typeof accountWithRole>>;

/** GET /auth/export: the account's data download, with what the clinic side holds (issue 19). */
describe.skipIf(!(await canTestDatabase()))('GET /auth/export', () => {
  let t: TestApp;
  let patient: Account;
  let clinician: Account;
  let resultId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    patient = await accountWithRole(t, 'user', newPerson({ name: 'Exp Patient' }));
    clinician = await accountWithRole(t, 'clinician', newPerson({ name: 'Dr Exp Viewer' }));
    resultId = await saveResult(t, patient.token, sloanRecord(9, 0.3, 0.1));
    await call(t.app, 'PUT', '/sharing/clinic', { token: patient.token });
    await call(t.app, 'GET', `/clinic/patients/${patient.id}/results`, { token: clinician.token });
    await call(t.app, 'PUT', `/clinic/results/${resultId}/review`, {
      token: clinician.token,
      body: { note: 'Book an exam', recommendation: 'routine-exam' },
    });
    t.advanceClock(1000);
    await call(t.app, 'PUT', `/clinic/results/${resultId}/review`, {
      token: clinician.token,
      body: { note: 'Sooner, please', recommendation: 'soon' },
    });
    await call(t.app, 'DELETE', '/sharing/clinic', { token: patient.token });
  });
  afterAll(async () => t?.close());

  const download = (token?: string) => call(t.app, 'GET', '/auth/export', token ? { token } : {});

  it('holds the account, results, the consent with its history, every clinician view and every review', async () => {
    const res = await download(patient.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as AccountExport;
    expect(data.account).toMatchObject({ _id: patient.id, name: 'Exp Patient' });
    expect(data.account).not.toHaveProperty('password');
    expect(data.tests.settings.method).toBe('none');
    expect(data.results.map((r) => r._id)).toEqual([resultId]);
    expect(data.sharing.clinic).toEqual({ shared: false, since: null });
    expect(data.sharing.history).toHaveLength(1);
    expect(data.sharing.history[0]!.revokedAt).not.toBeNull();
    expect(data.sharing.accessLog.map((e) => e.action).sort()).toEqual(['results', 'review', 'review']);
    expect(data.sharing.accessLog.every((e) => e.clinicianName === 'Dr Exp Viewer')).toBe(true);
    expect(data.reviews.map((r) => [r.recommendation, r.note, r.resultId])).toEqual([
      ['soon', 'Sooner, please', resultId],
      ['routine-exam', 'Book an exam', resultId],
    ]);
  });

  it('holds the screens the person calibrated and the share links they made, never a token', async () => {
    const person = await accountWithRole(t, 'user');
    const pixelsPerMm = 3.779;
    await call(t.app, 'PUT', '/tests/settings', {
      token: person.token,
      body: {
        method: 'card',
        screenName: 'Study',
        card: {
          pixelsPerDegree: pixelsPerMm * 3000 * Math.tan(Math.PI / 180),
          resolution: { width: 1920, height: 1080 },
          pixelsPerMm,
          distanceMm: 3000,
          devicePixelRatio: 1,
          cssResolution: { width: 1920, height: 1080 },
        },
      },
    });
    const start = Date.UTC(2026, 0, 31, 9, 30);
    const saved = await call(t.app, 'PUT', '/tests/results', {
      token: person.token,
      body: {
        setup: { date: '2026-01-31T09:30:00.000Z', units: 'm', correction: 'None', testMode: false },
        data: { start, end: start + 60_000, sloan: { right: { va: 0.1, rounds: 20, loopLength: 30 } } },
      },
    });
    const result = (saved.body.data as { _id: string })._id;
    const link = await call(t.app, 'POST', `/tests/results/${result}/share-links`, {
      token: person.token,
      body: { days: 3 },
    });
    expect(link.status).toBe(201);
    const res = await download(person.token);
    const data = res.body.data as AccountExport;
    expect(data.screenProfiles.map((p) => p.name)).toEqual(['Study']);
    expect(data.shareLinks).toEqual([
      expect.objectContaining({ id: (link.body.data as { id: string }).id, resultId: result, opens: 0 }),
    ]);
    const token = /\/shared\/(.+)$/.exec((link.body.data as { url: string }).url)![1]!;
    expect(JSON.stringify(res.body)).not.toContain(token);
  });

  it('is offered as a file download that is not cached', async () => {
    const { raw: res } = await download(patient.token);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="visus-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("holds only the caller's own data: the clinician's export has none of the patient's", async () => {
    const res = await download(clinician.token);
    expect(res.status).toBe(200);
    const data = res.body.data as AccountExport;
    expect(data.account._id).toBe(clinician.id);
    expect(data.results).toEqual([]);
    expect(data.reviews).toEqual([]);
    expect(data.sharing.accessLog).toEqual([]);
    for (const role of ['tester', 'admin'] as const) {
      const other = await accountWithRole(t, role);
      const theirs = (await download(other.token)).body.data as AccountExport;
      expect(theirs.account._id, role).toBe(other.id);
      expect(theirs.results, role).toEqual([]);
    }
  });

  it('refuses a caller without a valid token (401), and a POST is not a way in', async () => {
    const res = await download();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false });
    expect((await download('not-a-token')).status).toBe(401);
    const post = await call(t.app, 'POST', '/auth/export', { token: patient.token, body: {} });
    expect(post.status).toBe(404);
  });
});
