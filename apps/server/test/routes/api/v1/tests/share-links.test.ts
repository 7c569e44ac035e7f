import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LINK_UNAVAILABLE, type SharedResult, type ShareLink } from '@visus/contracts';
import { accountWithRole, buildTestApp, call, newPerson, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { saveResult, sloanRecord } from '../clinic/clinic-fixtures';

const DAY_MS = 86_400_000;

type Account = Awaited<ReturnType<typeof accountWithRole>>;

/** The token at the end of a link's URL. */
const tokenOf = (url: string) => /\/shared\/([^/?#]+)$/.exec(url)![1]!;

describe.skipIf(!(await canTestDatabase()))('share links (issue 19 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function patientWithResult(role: 'user' | 'tester' | 'clinician' | 'admin' = 'user') {
    const patient = await accountWithRole(t, role, newPerson({ name: 'Grace Hopper', dob: '1960-02-03' }));
    const resultId = await saveResult(t, patient.token, sloanRecord(5, 0.1, 0.2));
    return { patient, resultId };
  }

  async function makeLink(patient: Account, resultId: string, body: unknown = {}) {
    const res = await call(t.app, 'POST', `/tests/results/${resultId}/share-links`, {
      token: patient.token,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: string; url: string; expiresAt: string };
  }

  const links = async (patient: Account, resultId: string) => {
    const res = await call(t.app, 'GET', `/tests/results/${resultId}/share-links`, { token: patient.token });
    expect(res.status).toBe(200);
    return (res.body.data as { links: ShareLink[] }).links;
  };

  it('makes a link for 7 days by default whose URL opens the result signed out, and lists it without the token', async () => {
    const { patient, resultId } = await patientWithResult();
    const before = Date.now();
    const created = await makeLink(patient, resultId);
    expect(created.url).toMatch(/^http:\/\/localhost:\d+\/shared\/[A-Za-z0-9_-]{43}$/);
    const expires = Date.parse(created.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY_MS);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);

    const token = tokenOf(created.url);
    // only the hash is stored
    const stored = await t.database.db.selectFrom('share_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await call(t.app, 'GET', `/shared/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.raw.headers['cache-control']).toBe('no-store');
    expect(opened.raw.headers['referrer-policy']).toBe('no-referrer');
    const data = opened.body.data as SharedResult;
    expect(data.result._id).toBe(resultId);
    expect(data.result.session).toBeNull();
    expect(data.person).toEqual({ name: 'Grace Hopper', dob: '1960-02-03' });
    expect(JSON.stringify(opened.body)).not.toContain(patient.email);
    expect(JSON.stringify(opened.body)).not.toContain(patient.id);

    const listed = await links(patient, resultId);
    expect(listed).toEqual([
      {
        id: created.id,
        createdAt: expect.any(String),
        expiresAt: created.expiresAt,
        revokedAt: null,
        lastOpenedAt: expect.any(String),
        opens: 1,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it.each([1, 30])('accepts %i days', async (days) => {
    const { patient, resultId } = await patientWithResult();
    const created = await makeLink(patient, resultId, { days });
    expect(Date.parse(created.expiresAt) - Date.now()).toBeGreaterThan(days * DAY_MS - 60_000);
    expect(Date.parse(created.expiresAt) - Date.now()).toBeLessThanOrEqual(days * DAY_MS);
  });

  it.each([
    [{ days: 0 }, /days must be a whole number from 1 to 30/],
    [{ days: 31 }, /days must be a whole number from 1 to 30/],
    [{ days: 'x' }, /days must be a whole number from 1 to 30/],
    [{ days: 2.5 }, /days must be a whole number from 1 to 30/],
    [{ days: 7, extra: true }, /extra/],
    [[7], /body must be an object/],
  ])('refuses body %j with a 400, making nothing', async (body, message) => {
    const { patient, resultId } = await patientWithResult();
    const res = await call(t.app, 'POST', `/tests/results/${resultId}/share-links`, {
      token: patient.token,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringMatching(message) });
    expect(await links(patient, resultId)).toEqual([]);
  });

  it('refuses malformed ids with a 400 naming them', async () => {
    const { patient, resultId } = await patientWithResult();
    const bad = await call(t.app, 'POST', '/tests/results/not-an-id/share-links', {
      token: patient.token,
      body: {},
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/id must be a result id/);
    const badLink = await call(t.app, 'DELETE', `/tests/results/${resultId}/share-links/nope`, {
      token: patient.token,
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.error).toMatch(/linkId must be a share link id/);
  });

  it("answers 404 for another account's result, and for another's link, changing nothing", async () => {
    const { patient, resultId } = await patientWithResult();
    const created = await makeLink(patient, resultId);
    for (const role of ['user', 'clinician', 'admin', 'tester'] as const) {
      const stranger = await accountWithRole(t, role);
      const own = await saveResult(t, stranger.token, sloanRecord(6, 0, 0));
      for (const [method, url] of [
        ['POST', `/tests/results/${resultId}/share-links`],
        ['GET', `/tests/results/${resultId}/share-links`],
        ['DELETE', `/tests/results/${resultId}/share-links/${created.id}`],
        // the link named under the stranger's own result is not theirs either
        ['DELETE', `/tests/results/${own}/share-links/${created.id}`],
      ] as const) {
        const res = await call(t.app, method, url, {
          token: stranger.token,
          ...(method === 'POST' ? { body: {} } : {}),
        });
        expect(res.status, `${role} ${method} ${url}`).toBe(404);
        expect(res.body).toEqual({ success: false, error: expect.any(String) });
      }
    }
    expect(await links(patient, resultId)).toHaveLength(1);
    expect((await links(patient, resultId))[0]!.revokedAt).toBeNull();
    expect((await call(t.app, 'GET', `/shared/${tokenOf(created.url)}`)).status).toBe(200);
  });

  it('lets every role share its own results, and nobody signed out', async () => {
    for (const role of ['tester', 'clinician', 'admin'] as const) {
      const { patient, resultId } = await patientWithResult(role);
      await makeLink(patient, resultId);
    }
    const { resultId } = await patientWithResult();
    for (const method of ['POST', 'GET'] as const) {
      const res = await call(t.app, method, `/tests/results/${resultId}/share-links`);
      expect(res.status).toBe(401);
    }
  });

  it('revokes at once: the link then answers the one message, and revoking again changes nothing', async () => {
    const { patient, resultId } = await patientWithResult();
    const created = await makeLink(patient, resultId);
    const token = tokenOf(created.url);
    expect((await call(t.app, 'GET', `/shared/${token}`)).status).toBe(200);
    const revoked = await call(t.app, 'DELETE', `/tests/results/${resultId}/share-links/${created.id}`, {
      token: patient.token,
    });
    expect(revoked.status).toBe(200);
    const when = (revoked.body.data as ShareLink).revokedAt;
    expect(when).toEqual(expect.any(String));
    for (const url of [`/shared/${token}`, `/shared/${token}/export?format=fhir`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: SHARE_LINK_UNAVAILABLE });
    }
    const again = await call(t.app, 'DELETE', `/tests/results/${resultId}/share-links/${created.id}`, {
      token: patient.token,
    });
    expect((again.body.data as ShareLink).revokedAt).toBe(when);
    const unknown = await call(
      t.app,
      'DELETE',
      `/tests/results/${resultId}/share-links/00000000-0000-4000-8000-000000000000`,
      { token: patient.token },
    );
    expect(unknown.status).toBe(404);
  });

  it('stops working when it expires, with the same answer as an unknown or malformed token', async () => {
    const { patient, resultId } = await patientWithResult();
    const created = await makeLink(patient, resultId, { days: 1 });
    const token = tokenOf(created.url);
    t.advanceClock(DAY_MS - 60_000);
    expect((await call(t.app, 'GET', `/shared/${token}`)).status).toBe(200);
    t.advanceClock(60_000);
    const expired = await call(t.app, 'GET', `/shared/${token}`);
    const unknown = await call(t.app, 'GET', `/shared/${'A'.repeat(43)}`);
    const malformed = await call(t.app, 'GET', '/shared/short');
    for (const res of [expired, unknown, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: SHARE_LINK_UNAVAILABLE });
    }
    // an expired link stays listed for its owner, with its opening counted
    const [listed] = await links(patient, resultId);
    expect(listed).toMatchObject({ id: created.id, opens: 1, revokedAt: null });
  });

  it('downloads FHIR and CSV of that one result, each logged for the owner under Sharing', async () => {
    const { patient, resultId } = await patientWithResult();
    const other = await saveResult(t, patient.token, sloanRecord(9, 0.3, 0.3));
    const created = await makeLink(patient, resultId);
    const token = tokenOf(created.url);
    await call(t.app, 'GET', `/shared/${token}`);

    const fhir = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/export?format=fhir` });
    expect(fhir.statusCode).toBe(200);
    expect(fhir.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(fhir.headers['content-disposition']).toBe(
      'attachment; filename="visus-result-2026-01-05.fhir.json"',
    );
    const bundle = fhir.json() as { resourceType: string; type: string; entry: { resource: unknown }[] };
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'transaction' });
    expect(fhir.body).toContain(resultId);
    expect(fhir.body).not.toContain(other);
    expect(fhir.body).toContain('Grace Hopper');

    const csv = await t.app.inject({ method: 'GET', url: `/api/v1/shared/${token}/export?format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/filename="visus-result-2026-01-05\.csv"/);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3); // header, right eye, left eye
    expect(csv.body).not.toContain(other);

    const badFormat = await call(t.app, 'GET', `/shared/${token}/export?format=xlsx`);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.error).toMatch(/format must be fhir or csv/);

    const sharing = await call(t.app, 'GET', '/sharing', { token: patient.token });
    const log = (sharing.body.data as { accessLog: unknown[] }).accessLog;
    const entry = (action: string) => ({
      at: expect.any(String),
      clinicianName: 'Someone with your share link',
      action,
      resultId,
      shareLinkId: created.id,
    });
    expect(log).toEqual([entry('share-link-csv'), entry('share-link-fhir'), entry('share-link-view')]);
    // downloads are not page openings
    expect((await links(patient, resultId))[0]!.opens).toBe(1);
  });

  it('reaches nothing else: no listing, no other path under /shared', async () => {
    for (const url of ['/shared', '/shared/', `/shared/${'A'.repeat(43)}/results`]) {
      const res = await call(t.app, 'GET', url);
      expect(res.status, url).toBe(404);
    }
  });

  it("deleting the account removes the person's links and their openings", async () => {
    const { patient, resultId } = await patientWithResult();
    const created = await makeLink(patient, resultId);
    const token = tokenOf(created.url);
    await call(t.app, 'GET', `/shared/${token}`);
    expect((await call(t.app, 'DELETE', '/auth', { token: patient.token })).status).toBe(200);
    const db = t.database.db;
    expect(await db.selectFrom('share_links').where('user_id', '=', patient.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('clinic_access_log').where('share_link_id', '=', created.id).execute(),
    ).toEqual([]);
    const res = await call(t.app, 'GET', `/shared/${token}`);
    expect(res.body).toEqual({ success: false, error: SHARE_LINK_UNAVAILABLE });
  });
});

describe.skipIf(!(await canTestDatabase()))('share links are rate-limited per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { sharedLinks: 3 } });
  });
  afterAll(async () => t?.close());

  it('answers 429 once the allowance is spent, for good and made-up tokens alike', async () => {
    const patient = await accountWithRole(t, 'user');
    const resultId = await saveResult(t, patient.token, sloanRecord(5, 0.1, 0.2));
    const res = await call(t.app, 'POST', `/tests/results/${resultId}/share-links`, {
      token: patient.token,
      body: {},
    });
    const token = tokenOf((res.body.data as { url: string }).url);
    const statuses: number[] = [];
    for (const url of [
      `/shared/${'B'.repeat(43)}`,
      `/shared/${token}`,
      `/shared/${token}`,
      `/shared/${token}`,
    ])
      statuses.push((await call(t.app, 'GET', url)).status);
    expect(statuses).toEqual([404, 200, 200, 429]);
    const limited = await call(t.app, 'GET', `/shared/${token}`);
    expect(limited.body).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests, please try again in /),
    });
    // another address still gets in
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/v1/shared/${token}`,
      remoteAddress: '10.1.2.3',
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});
