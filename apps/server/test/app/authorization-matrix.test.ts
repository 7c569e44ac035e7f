import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, buildTestApp, call, newPerson, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';
import { enrol, passwordStep, totpCode } from '../helpers/two-factor';

type Who = 'none' | 'user' | 'tester' | 'admin' | 'clinician';
type Account = Awaited<ReturnType<typeof accountWithRole>>;

/**
 * Every API route × who calls it, from one table. The route list comes from the app itself (its
 * OpenAPI document), so a new route without an entry here fails the first test: nobody can add an
 * endpoint without deciding who may call it.
 *
 * `request` builds a valid request for the caller (`me`) and a victim account (`other`) so that the
 * status reflects authorisation, not validation. `otherUser` checks that a caller cannot reach
 * another account's data through the route.
 */
interface Entry {
  expect: Record<Who, number>;
  request: (ctx: { me: Account | undefined; other: Account; t: TestApp }) =>
    | Promise<{ url: string; body?: unknown }>
    | {
        url: string;
        body?: unknown;
      };
}

const ANY_SIGNED_IN = { none: 401, user: 200, tester: 200, admin: 200, clinician: 200 };
const ADMIN_ONLY = { none: 401, user: 403, tester: 403, admin: 200, clinician: 403 };
/**
 * Two-step sign-in is for clinicians and admins; turning it off or new recovery codes need it on, which a
 * user or tester cannot have (409 "not on").
 */
const TWO_FACTOR_ROLES_ONLY = { none: 401, user: 403, tester: 403, admin: 200, clinician: 200 };
const TWO_FACTOR_ON_ONLY = { none: 401, user: 409, tester: 409, admin: 200, clinician: 200 };
/** Issue 19: the clinic's workspace, for clinicians only (an admin is no clinician). */
const CLINICIAN_ONLY = { none: 401, user: 403, tester: 403, admin: 403, clinician: 200 };
const PUBLIC = { none: 200, user: 200, tester: 200, admin: 200, clinician: 200 };

async function inviteCode(t: TestApp): Promise<string> {
  const admin = await accountWithRole(t, 'admin');
  const res = await call(t.app, 'POST', '/admin/invites', {
    token: admin.token,
    body: { email: `preview.${Date.now()}.${Math.random()}@example.org`, role: 'user' },
  });
  return /invite=(.+)$/.exec((res.body.data as { link: string }).link)![1]!;
}

async function pendingInviteId(t: TestApp): Promise<string> {
  const admin = await accountWithRole(t, 'admin');
  const res = await call(t.app, 'POST', '/admin/invites', {
    token: admin.token,
    body: { email: `revoke.${Date.now()}.${Math.random()}@example.org`, role: 'user' },
  });
  return (res.body.data as { invite: { _id: string } }).invite._id;
}

/** A session owned by `owner` (the victim when the caller is someone else). */
async function sessionPin(t: TestApp, owner: Account): Promise<string> {
  const res = await call(t.app, 'POST', '/tests/session', { token: owner.token, body: { chart: 'Sloan' } });
  return (res.body.data as { pin: string }).pin;
}

/** A valid results record (PUT /tests/results) without a session. */
function resultRecord() {
  const start = Date.UTC(2026, 0, 31, 9, 30);
  return {
    setup: {
      date: '2026-01-31T09:30:00.000Z',
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'sloan',
    },
    data: { start, end: start + 60_000, sloan: { right: { va: 0.1, rounds: 20, loopLength: 30 } } },
  };
}

/** A stored result owned by `owner`. */
async function resultId(t: TestApp, owner: Account): Promise<string> {
  const res = await call(t.app, 'PUT', '/tests/results', { token: owner.token, body: resultRecord() });
  return (res.body.data as { _id: string })._id;
}

/** A screen profile of `owner` (made by saving a calibration with its window). */
async function screenProfileId(t: TestApp, owner: Account): Promise<string> {
  const pixelsPerMm = 3.779;
  await call(t.app, 'PUT', '/tests/settings', {
    token: owner.token,
    body: {
      method: 'card',
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
  const res = await call(t.app, 'GET', '/tests/screen-profiles', { token: owner.token });
  return (res.body.data as { profiles: { id: string }[] }).profiles[0]!.id;
}

/** A share link to `owner`'s result: its id, the result's id and the token at the end of its URL. */
async function shareLink(t: TestApp, owner: Account) {
  const result = await resultId(t, owner);
  const res = await call(t.app, 'POST', `/tests/results/${result}/share-links`, {
    token: owner.token,
    body: {},
  });
  const { id, url } = res.body.data as { id: string; url: string };
  return { id, resultId: result, token: /\/shared\/(.+)$/.exec(url)![1]! };
}

const MATRIX: Record<string, Entry> = {
  'GET /api/v1/health': { expect: PUBLIC, request: () => ({ url: '/health' }) },
  // Web Vitals carry nothing personal: everyone may report them, signed in or not (204, no body).
  'POST /api/v1/vitals': {
    expect: { none: 204, user: 204, tester: 204, admin: 204, clinician: 204 },
    request: () => ({
      url: '/vitals',
      body: { metrics: [{ name: 'LCP', value: 900, rating: 'good', id: 'v5-1-2', route: '/login' }] },
    }),
  },
  'POST /api/v1/auth/register': {
    expect: { none: 201, user: 201, tester: 201, admin: 201, clinician: 201 },
    request: () => ({ url: '/auth/register', body: newPerson() }),
  },
  'POST /api/v1/auth/login': {
    expect: PUBLIC,
    request: ({ other }) => ({ url: '/auth/login', body: { email: other.email, password: other.password } }),
  },
  'GET /api/v1/auth/invite/:code': {
    expect: PUBLIC,
    request: async ({ t }) => ({ url: `/auth/invite/${await inviteCode(t)}` }),
  },
  'GET /api/v1/auth/current': { expect: ANY_SIGNED_IN, request: () => ({ url: '/auth/current' }) },
  'POST /api/v1/auth/login/second-step': {
    // The ticket of the password step is the authority, whoever else is signed in on the device.
    expect: PUBLIC,
    request: async ({ t }) => {
      const admin = await accountWithRole(t, 'admin');
      const { secret } = await enrol(t, admin);
      return {
        url: '/auth/login/second-step',
        body: { ticket: await passwordStep(t, admin), code: totpCode(t, secret, 1) },
      };
    },
  },
  'GET /api/v1/auth/two-factor': { expect: ANY_SIGNED_IN, request: () => ({ url: '/auth/two-factor' }) },
  'POST /api/v1/auth/two-factor/enrolment': {
    expect: TWO_FACTOR_ROLES_ONLY,
    request: () => ({ url: '/auth/two-factor/enrolment' }),
  },
  'POST /api/v1/auth/two-factor/enrolment/confirm': {
    expect: TWO_FACTOR_ROLES_ONLY,
    request: async ({ me, t }) => {
      const started =
        me && (me.role === 'admin' || me.role === 'clinician')
          ? await call(t.app, 'POST', '/auth/two-factor/enrolment', { token: me.token })
          : undefined;
      const secret = (started?.body.data as { secret: string } | undefined)?.secret;
      return {
        url: '/auth/two-factor/enrolment/confirm',
        body: { code: secret ? totpCode(t, secret) : '123456' },
      };
    },
  },
  'DELETE /api/v1/auth/two-factor': {
    expect: TWO_FACTOR_ON_ONLY,
    request: async ({ me, t }) => {
      const on = me && (me.role === 'admin' || me.role === 'clinician') ? await enrol(t, me) : undefined;
      return {
        url: '/auth/two-factor',
        body: { password: me?.password ?? 'whatever1', code: on ? totpCode(t, on.secret, 1) : '123456' },
      };
    },
  },
  'POST /api/v1/auth/two-factor/recovery-codes': {
    expect: TWO_FACTOR_ON_ONLY,
    request: async ({ me, t }) => {
      const on = me && (me.role === 'admin' || me.role === 'clinician') ? await enrol(t, me) : undefined;
      return {
        url: '/auth/two-factor/recovery-codes',
        body: { code: on ? totpCode(t, on.secret, 1) : '123456' },
      };
    },
  },
  'POST /api/v1/auth/forgotpassword': {
    expect: PUBLIC,
    request: ({ other }) => ({ url: '/auth/forgotpassword', body: { email: other.email } }),
  },
  'PUT /api/v1/auth/resetpassword/:token': {
    // Possession of the mailed token is the authority; with a made-up token everyone gets 400.
    expect: { none: 400, user: 400, tester: 400, admin: 400, clinician: 400 },
    request: () => ({ url: `/auth/resetpassword/${'B'.repeat(43)}`, body: { password: 'new password 1' } }),
  },
  'PUT /api/v1/auth/updatepassword': {
    expect: ANY_SIGNED_IN,
    request: ({ me }) => ({
      url: '/auth/updatepassword',
      body: { currentPassword: me?.password ?? 'whatever1', newPassword: 'brand new password' },
    }),
  },
  'PUT /api/v1/auth/updatedetails': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/auth/updatedetails', body: { name: 'Renamed Person' } }),
  },
  'DELETE /api/v1/auth': { expect: ANY_SIGNED_IN, request: () => ({ url: '/auth' }) },
  // Settings and optical history: every signed-in person has their own; nobody reaches another's.
  'GET /api/v1/tests': { expect: ANY_SIGNED_IN, request: () => ({ url: '/tests' }) },
  'PUT /api/v1/tests/settings': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/tests/settings', body: { method: 'none' } }),
  },
  // Screen profiles: everyone has their own; another account's profile is a 404 for all, admins included.
  'GET /api/v1/tests/screen-profiles': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/tests/screen-profiles' }),
  },
  'POST /api/v1/tests/screen-profiles/:id/use': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({
      url: `/tests/screen-profiles/${await screenProfileId(t, other)}/use`,
    }),
  },
  'PATCH /api/v1/tests/screen-profiles/:id': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({
      url: `/tests/screen-profiles/${await screenProfileId(t, other)}`,
      body: { name: 'Not mine' },
    }),
  },
  'DELETE /api/v1/tests/screen-profiles/:id': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/screen-profiles/${await screenProfileId(t, other)}` }),
  },
  'PUT /api/v1/tests/gammasettings': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/tests/gammasettings', body: { gamma: 2.2 } }),
  },
  'PUT /api/v1/tests/settings/auto-advance': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/tests/settings/auto-advance', body: { autoAdvance: false } }),
  },
  'PUT /api/v1/tests/settings/speech': {
    expect: ANY_SIGNED_IN,
    request: () => ({ url: '/tests/settings/speech', body: { speakInstructions: true } }),
  },
  'PUT /api/v1/tests/settings/history': {
    expect: ANY_SIGNED_IN,
    request: () => {
      const none = { selected: [], details: '' };
      const text = { q2: '', q3a: '', q3b: '', q4: '', q5a: '', q5b: '' };
      return {
        url: '/tests/settings/history',
        body: { q1: none, ...text, q6: none, q7: none, q8: none, q9: none, q10: none },
      };
    },
  },
  'POST /api/v1/tests/session': {
    expect: { none: 401, user: 201, tester: 201, admin: 201, clinician: 201 },
    request: () => ({ url: '/tests/session', body: { chart: 'Sloan' } }),
  },
  'POST /api/v1/tests/session/single': {
    expect: { none: 401, user: 201, tester: 201, admin: 201, clinician: 201 },
    request: () => ({ url: '/tests/session/single', body: { test: 'landoltC' } }),
  },
  // Another account's session is invisible to everyone, admins included: 404, never its data.
  'GET /api/v1/tests/session/:id': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/session/${await sessionPin(t, other)}` }),
  },
  'PATCH /api/v1/tests/session/:id': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/session/${await sessionPin(t, other)}` }),
  },
  // Results: everyone signed in saves and lists their own; another account's result is a 404 for all.
  'PUT /api/v1/tests/results': {
    expect: { none: 401, user: 201, tester: 201, admin: 201, clinician: 201 },
    request: () => ({ url: '/tests/results', body: resultRecord() }),
  },
  'GET /api/v1/tests/results': { expect: ANY_SIGNED_IN, request: () => ({ url: '/tests/results' }) },
  'GET /api/v1/tests/results/:id': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/results/${await resultId(t, other)}` }),
  },
  // The data download: any signed-in person, their own data only (test/routes/api/v1/auth/export.test.ts).
  'GET /api/v1/auth/export': { expect: ANY_SIGNED_IN, request: () => ({ url: '/auth/export' }) },
  // Sharing: every signed-in person has their own consent and access log; nobody reaches another's.
  'GET /api/v1/sharing': { expect: ANY_SIGNED_IN, request: () => ({ url: '/sharing' }) },
  'PUT /api/v1/sharing/clinic': { expect: ANY_SIGNED_IN, request: () => ({ url: '/sharing/clinic' }) },
  'DELETE /api/v1/sharing/clinic': { expect: ANY_SIGNED_IN, request: () => ({ url: '/sharing/clinic' }) },
  // The clinic: clinicians only, and only patients who consented (another's history without consent is
  // a 404 even for a clinician: see test/routes/api/v1/clinic).
  'GET /api/v1/clinic/patients': { expect: CLINICIAN_ONLY, request: () => ({ url: '/clinic/patients' }) },
  'GET /api/v1/clinic/patients/:userId/results': {
    expect: CLINICIAN_ONLY,
    request: async ({ t, other }) => {
      await call(t.app, 'PUT', '/sharing/clinic', { token: other.token });
      return { url: `/clinic/patients/${other.id}/results` };
    },
  },
  'GET /api/v1/clinic/reviews/queue': {
    expect: CLINICIAN_ONLY,
    request: () => ({ url: '/clinic/reviews/queue' }),
  },
  'GET /api/v1/clinic/results/:resultId': {
    expect: CLINICIAN_ONLY,
    request: async ({ t, other }) => {
      await call(t.app, 'PUT', '/sharing/clinic', { token: other.token });
      return { url: `/clinic/results/${await resultId(t, other)}` };
    },
  },
  'PUT /api/v1/clinic/results/:resultId/review': {
    expect: CLINICIAN_ONLY,
    request: async ({ t, other }) => {
      await call(t.app, 'PUT', '/sharing/clinic', { token: other.token });
      return {
        url: `/clinic/results/${await resultId(t, other)}/review`,
        body: { note: 'Fine', recommendation: 'no-action' },
      };
    },
  },
  // A result's reviews are its owner's: another account's result is a 404 for everyone.
  'GET /api/v1/tests/results/:id/reviews': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/results/${await resultId(t, other)}/reviews` }),
  },
  // Share links: only the result's owner makes, lists and revokes them; another's result is a 404 for all.
  'POST /api/v1/tests/results/:id/share-links': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({
      url: `/tests/results/${await resultId(t, other)}/share-links`,
      body: {},
    }),
  },
  'GET /api/v1/tests/results/:id/share-links': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => ({ url: `/tests/results/${await resultId(t, other)}/share-links` }),
  },
  'DELETE /api/v1/tests/results/:id/share-links/:linkId': {
    expect: { none: 401, user: 404, tester: 404, admin: 404, clinician: 404 },
    request: async ({ t, other }) => {
      const link = await shareLink(t, other);
      return { url: `/tests/results/${link.resultId}/share-links/${link.id}` };
    },
  },
  // What a share link opens: possession of the link is the authority, signed in or not (the caller's own
  // account gives nothing more).
  'GET /api/v1/shared/:token': {
    expect: PUBLIC,
    request: async ({ t, other }) => ({ url: `/shared/${(await shareLink(t, other)).token}` }),
  },
  'GET /api/v1/shared/:token/export': {
    expect: PUBLIC,
    request: async ({ t, other }) => ({
      url: `/shared/${(await shareLink(t, other)).token}/export?format=csv`,
    }),
  },
  'GET /api/v1/admin/dashboard': { expect: ADMIN_ONLY, request: () => ({ url: '/admin/dashboard' }) },
  'GET /api/v1/admin/users': { expect: ADMIN_ONLY, request: () => ({ url: '/admin/users' }) },
  'PUT /api/v1/admin/users/:id/role': {
    expect: ADMIN_ONLY,
    request: ({ other }) => ({ url: `/admin/users/${other.id}/role`, body: { role: 'tester' } }),
  },
  'DELETE /api/v1/admin/users/:id/two-factor': {
    expect: ADMIN_ONLY,
    request: async ({ t }) => {
      const withTwoStep = await accountWithRole(t, 'clinician');
      await enrol(t, withTwoStep);
      return { url: `/admin/users/${withTwoStep.id}/two-factor` };
    },
  },
  'DELETE /api/v1/admin/users/:id': {
    expect: ADMIN_ONLY,
    request: ({ other }) => ({ url: `/admin/users/${other.id}` }),
  },
  'GET /api/v1/admin/invites': { expect: ADMIN_ONLY, request: () => ({ url: '/admin/invites' }) },
  'POST /api/v1/admin/invites': {
    expect: { none: 401, user: 403, tester: 403, admin: 201, clinician: 403 },
    request: () => ({
      url: '/admin/invites',
      body: { email: `m.${Date.now()}.${Math.random()}@example.org`, role: 'user' },
    }),
  },
  'DELETE /api/v1/admin/invites/:id': {
    expect: ADMIN_ONLY,
    request: async ({ t }) => ({ url: `/admin/invites/${await pendingInviteId(t)}` }),
  },
};

describe.skipIf(!(await canTestDatabase()))('authorisation matrix', () => {
  let t: TestApp;
  let routes: string[];
  beforeAll(async () => {
    t = await buildTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
  });
  afterAll(async () => t?.close());

  it('has an entry for every API route, and no entry for a route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect([...routes].sort()).toEqual(Object.keys(MATRIX).sort());
  });

  const cases = Object.entries(MATRIX).flatMap(([route, entry]) =>
    (['none', 'user', 'tester', 'admin', 'clinician'] as const).map(
      (who) => [route, who, entry.expect[who]] as const,
    ),
  );

  it.each(cases)('%s as %s → %i', async (route, who, status) => {
    const [method, path] = route.split(' ') as [string, string];
    const me = who === 'none' ? undefined : await accountWithRole(t, who);
    const other = await accountWithRole(t, 'user');
    const req = await MATRIX[route]!.request({ me, other, t });
    const res = await call(t.app, method as 'GET', req.url, {
      ...(me ? { token: me.token } : {}),
      ...(req.body !== undefined ? { body: req.body } : {}),
    });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    if (status >= 400) expect(res.body).toEqual({ success: false, error: expect.any(String) });
    else if (status === 204) expect(res.raw.body).toBe('');
    else if (route.endsWith('/export'))
      expect(res.raw.headers['content-disposition']).toMatch(/^attachment;/);
    else expect(res.body.success).toBe(true);
  });

  it("no signed-in route exposes another account's details", async () => {
    const me = await accountWithRole(t, 'user');
    const other = await accountWithRole(t, 'user', newPerson({ name: 'Private Person' }));
    for (const url of ['/auth/current']) {
      const res = await call(t.app, 'GET', url, { token: me.token });
      expect(JSON.stringify(res.body)).not.toContain(other.email);
      expect(JSON.stringify(res.body)).not.toContain('Private Person');
    }
  });
});
