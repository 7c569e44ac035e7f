import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithRole,
  buildTestApp,
  call,
  countUsers,
  newPerson,
  TEST_JWT_SECRET,
  type TestApp,
} from '../../../../helpers/build-app';
import { TokenService } from '../../../../../src/plugins/app/auth/tokens';
import { canTestDatabase } from '../../../../helpers/test-database';

const codeOf = (link: string) => /[?&]invite=([A-Za-z0-9_-]{43})$/.exec(link)?.[1];

describe.skipIf(!(await canTestDatabase()))('admin: invites and registering with them', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof accountWithRole>>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await accountWithRole(t, 'admin', newPerson({ name: 'Inviting Admin' }));
  });
  afterAll(async () => t?.close());

  async function invite(email: string, role = 'tester') {
    const res = await call(t.app, 'POST', '/admin/invites', { token: admin.token, body: { email, role } });
    expect(res.status).toBe(201);
    const data = res.body.data as { invite: { _id: string; status: string }; link: string };
    return { ...data, code: codeOf(data.link)! };
  }

  it('creates an invite, mails the one-time link and shows it once', async () => {
    const email = `invitee.${Date.now()}@example.org`;
    const created = await invite(email.toUpperCase());
    expect(created.link).toMatch(new RegExp(`^${t.config.publicUrl}/register\\?invite=[A-Za-z0-9_-]{43}$`));
    expect(created.invite).toMatchObject({
      email,
      role: 'tester',
      status: 'pending',
      createdBy: 'Inviting Admin',
    });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(created.link);
    // only the hash is stored
    const rows = await t.database.db.selectFrom('invites').select('code_hash').execute();
    expect(rows.some((r) => r.code_hash.includes(created.code))).toBe(false);
  });

  it("escapes the admin's name in the HTML part of the invite mail", async () => {
    const name = '<script>alert("admin")</script>';
    const other = await accountWithRole(t, 'admin', newPerson({ name }));
    const email = `escaped.${Date.now()}@example.org`;
    const res = await call(t.app, 'POST', '/admin/invites', {
      token: other.token,
      body: { email, role: 'user' },
    });
    expect(res.status).toBe(201);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(`${name} invited you to Visus`);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;admin&quot;)&lt;/script&gt; invited you to Visus');
    expect(mail.html).not.toContain('<script');
  });

  it('previews the invite, registers with its role and is single use', async () => {
    const email = `new.tester.${Date.now()}@example.org`;
    const { code } = await invite(email);
    const preview = await call(t.app, 'GET', `/auth/invite/${code}`);
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ email, role: 'tester', expiresAt: expect.any(String) });

    const person = newPerson({ email });
    const registered = await call(t.app, 'POST', '/auth/register', { body: { ...person, inviteCode: code } });
    expect(registered.status).toBe(201);
    const me = await call(t.app, 'GET', '/auth/current', { token: registered.body.token as string });
    expect(me.body.data).toMatchObject({ email, role: 'tester' });

    expect((await call(t.app, 'GET', `/auth/invite/${code}`)).status).toBe(404);
    const list = await call(t.app, 'GET', '/admin/invites?status=used', { token: admin.token });
    expect((list.body.data as { invites: Array<{ email: string }> }).invites.map((i) => i.email)).toContain(
      email,
    );
  });

  it('invites a clinician, who registers as one (issue 19)', async () => {
    const email = `new.clinician.${Date.now()}@example.org`;
    const { code } = await invite(email, 'clinician');
    const registered = await call(t.app, 'POST', '/auth/register', {
      body: { ...newPerson({ email }), inviteCode: code },
    });
    expect(registered.status).toBe(201);
    const me = await call(t.app, 'GET', '/auth/current', { token: registered.body.token as string });
    expect(me.body.data).toMatchObject({ email, role: 'clinician' });
  });

  it('refuses an invite used with another email, and a reused code, creating nobody', async () => {
    const email = `right.${Date.now()}@example.org`;
    const { code } = await invite(email, 'user');
    const before = await countUsers(t.database);
    const wrongEmail = await call(t.app, 'POST', '/auth/register', {
      body: { ...newPerson(), inviteCode: code },
    });
    expect(wrongEmail.status).toBe(400);
    expect(wrongEmail.body.error).toBe('This invite was sent to another email address');
    expect(await countUsers(t.database)).toBe(before);
    // the failed attempt did not use it up
    expect(
      (await call(t.app, 'POST', '/auth/register', { body: { ...newPerson({ email }), inviteCode: code } }))
        .status,
    ).toBe(201);
    const reused = await call(t.app, 'POST', '/auth/register', {
      body: { ...newPerson({ email: `other.${email}` }), inviteCode: code },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('This invite is invalid, used, revoked or expired');
  });

  it('refuses an expired invite', async () => {
    const email = `late.${Date.now()}@example.org`;
    const { code } = await invite(email);
    t.advanceClock(8 * 24 * 60 * 60_000);
    try {
      expect((await call(t.app, 'GET', `/auth/invite/${code}`)).status).toBe(404);
      const res = await call(t.app, 'POST', '/auth/register', {
        body: { ...newPerson({ email }), inviteCode: code },
      });
      expect(res.status).toBe(400);
      const expired = await call(t.app, 'GET', '/admin/invites?status=expired', { token: admin.token });
      expect(
        (expired.body.data as { invites: Array<{ email: string }> }).invites.map((i) => i.email),
      ).toContain(email);
    } finally {
      t.advanceClock(-8 * 24 * 60 * 60_000);
    }
  });

  it('revokes a pending invite; a revoked or used one cannot be revoked again', async () => {
    const email = `revoke.${Date.now()}@example.org`;
    const created = await invite(email);
    const revoked = await call(t.app, 'DELETE', `/admin/invites/${created.invite._id}`, {
      token: admin.token,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await call(t.app, 'GET', `/auth/invite/${created.code}`)).status).toBe(404);
    const again = await call(t.app, 'DELETE', `/admin/invites/${created.invite._id}`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This invite is revoked, not pending: it cannot be revoked');
    expect(
      (
        await call(t.app, 'DELETE', '/admin/invites/00000000-0000-4000-8000-000000000000', {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });

  it('a new invite for the same email replaces the pending one', async () => {
    const email = `twice.${Date.now()}@example.org`;
    const first = await invite(email);
    const second = await invite(email);
    expect((await call(t.app, 'GET', `/auth/invite/${first.code}`)).status).toBe(404);
    expect((await call(t.app, 'GET', `/auth/invite/${second.code}`)).status).toBe(200);
  });

  it.each([
    [
      'an existing account',
      () => ({ email: admin.email, role: 'user' }),
      409,
      'An account with this email already exists',
    ],
    ['an unknown role', () => ({ email: 'x@example.org', role: 'superuser' }), 400, /admin|user|tester/],
    ['a bad email', () => ({ email: 'x', role: 'user' }), 400, 'Please include a valid email'],
    ['an unknown field', () => ({ email: 'y@example.org', role: 'user', note: 'hi' }), 400, /note/],
  ])('refuses inviting %s', async (_label, body, status, message) => {
    const before = await t.database.db.selectFrom('invites').select('id').execute();
    const res = await call(t.app, 'POST', '/admin/invites', { token: admin.token, body: body() });
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(message);
    expect(await t.database.db.selectFrom('invites').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses malformed invite codes with a clear message', async () => {
    const res = await call(t.app, 'GET', '/auth/invite/short');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('This invite is invalid, used, revoked or expired');
    const register = await call(t.app, 'POST', '/auth/register', {
      body: { ...newPerson(), inviteCode: 'A'.repeat(43) },
    });
    expect(register.status).toBe(400);
  });

  it('lists invites newest first with paging, and refuses paging past the end', async () => {
    const res = await call(t.app, 'GET', '/admin/invites?limit=1', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body.data as { invites: unknown[]; total: number };
    expect(data.invites).toHaveLength(1);
    const past = await call(t.app, 'GET', `/admin/invites?limit=1&page=${data.total + 1}`, {
      token: admin.token,
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/past the end/);
  });
});

describe.skipIf(!(await canTestDatabase()))('REGISTRATION=invite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REGISTRATION: 'invite' } });
  });
  afterAll(async () => t?.close());

  it('refuses registration without an invite and admits the invited person', async () => {
    const admin = await (async () => {
      // The first admin comes from the CLI in real life; here straight into the database.
      const row = await t.database.db
        .insertInto('users')
        .values({ email: 'boss@example.org', name: 'Boss', password_hash: 'x', role: 'admin', dob: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await new TokenService(TEST_JWT_SECRET, '1h').sign({
        userId: row.id,
        role: 'admin',
        tokenVersion: 0,
      });
      return { token };
    })();
    const refused = await call(t.app, 'POST', '/auth/register', { body: newPerson() });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Registration is by invitation only');
    const email = `invited.${Date.now()}@example.org`;
    const created = await call(t.app, 'POST', '/admin/invites', {
      token: admin.token,
      body: { email, role: 'user' },
    });
    const code = codeOf((created.body.data as { link: string }).link)!;
    const ok = await call(t.app, 'POST', '/auth/register', {
      body: { ...newPerson({ email }), inviteCode: code },
    });
    expect(ok.status).toBe(201);
    const dashboard = await call(t.app, 'GET', '/admin/dashboard', { token: admin.token });
    expect(dashboard.body.data).toMatchObject({
      registration: 'invite',
      usersByRole: { admin: 1, user: 1, tester: 0 },
    });
  });
});
