import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountWithRole,
  buildTestApp,
  call,
  countUsers,
  newPerson,
  type TestApp,
} from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('admin: users and roles', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof accountWithRole>>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await accountWithRole(t, 'admin', newPerson({ name: 'Head Admin' }));
  });
  afterAll(async () => t?.close());

  describe('GET /admin/users', () => {
    it('lists accounts newest first with paging and the last test', async () => {
      const a = await accountWithRole(t, 'user', newPerson({ name: 'Paging One' }));
      const b = await accountWithRole(t, 'tester', newPerson({ name: 'Paging Two' }));
      await t.database.db
        .insertInto('results')
        .values({ user_id: a.id, session_id: 'S1', setup: JSON.stringify({}), data: JSON.stringify({}) })
        .execute();
      const res = await call(t.app, 'GET', '/admin/users?limit=2', { token: admin.token });
      expect(res.status).toBe(200);
      const data = res.body.data as {
        users: Array<Record<string, unknown>>;
        total: number;
        page: number;
        limit: number;
      };
      expect(data.total).toBe(await countUsers(t.database));
      expect(data).toMatchObject({ page: 1, limit: 2 });
      expect(data.users.map((u) => u.email)).toEqual([b.email, a.email]);
      expect(data.users[0]).toMatchObject({ role: 'tester', lastTestAt: null });
      expect(data.users[1]!.lastTestAt).toEqual(expect.any(String));
      expect(JSON.stringify(data)).not.toMatch(/password|token_version/);
    });

    it('searches name and email case-insensitively, treating % and _ literally', async () => {
      const person = await accountWithRole(t, 'user', newPerson({ name: 'Zelda 50%_Off' }));
      const byName = await call(t.app, 'GET', `/admin/users?search=${encodeURIComponent('zELDA 50%_')}`, {
        token: admin.token,
      });
      expect((byName.body.data as { users: Array<{ email: string }> }).users.map((u) => u.email)).toEqual([
        person.email,
      ]);
      const wildcard = await call(t.app, 'GET', `/admin/users?search=${encodeURIComponent('%')}`, {
        token: admin.token,
      });
      expect((wildcard.body.data as { users: unknown[] }).users).toHaveLength(1);
      const byEmail = await call(
        t.app,
        'GET',
        `/admin/users?search=${encodeURIComponent(person.email.toUpperCase())}`,
        {
          token: admin.token,
        },
      );
      expect((byEmail.body.data as { total: number }).total).toBe(1);
      const none = await call(t.app, 'GET', '/admin/users?search=no-such-person-anywhere', {
        token: admin.token,
      });
      expect(none.status).toBe(200);
      expect(none.body.data).toMatchObject({ users: [], total: 0 });
    });

    it.each([
      ['page=0', /page must be a whole number from 1/],
      ['page=abc', /page must be a whole number from 1/],
      ['limit=1000', /limit must be a whole number from 1 to 100/],
      ['limit=2.5', /limit must be a whole number/],
      ['page=999', /Page 999 is past the end: the last page is \d+/],
      ['sort=name', /sort/],
    ])('refuses %s with a clear 400', async (query, message) => {
      const res = await call(t.app, 'GET', `/admin/users?${query}`, { token: admin.token });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });
  });

  describe('PUT /admin/users/:id/role', () => {
    it('changes a role, and the new role takes effect at once', async () => {
      const person = await accountWithRole(t, 'user');
      const res = await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'tester' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: person.id, role: 'tester' });
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
        role: 'tester',
      });
      const promoted = await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'admin' },
      });
      expect(promoted.status).toBe(200);
      expect((await call(t.app, 'GET', '/admin/dashboard', { token: person.token })).status).toBe(200);
      await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'user' },
      });
      expect((await call(t.app, 'GET', '/admin/dashboard', { token: person.token })).status).toBe(403);
    });

    it('makes a clinician (issue 19), counted as such on the dashboard', async () => {
      const person = await accountWithRole(t, 'user');
      const res = await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'clinician' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: person.id, role: 'clinician' });
      const me = await call(t.app, 'GET', '/auth/current', { token: person.token });
      expect(me.body.data).toMatchObject({ role: 'clinician' });
      const dashboard = await call(t.app, 'GET', '/admin/dashboard', { token: admin.token });
      expect((dashboard.body.data as { usersByRole: { clinician: number } }).usersByRole.clinician).toBe(1);
      expect((await call(t.app, 'GET', '/admin/dashboard', { token: person.token })).status).toBe(403);
      await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'user' },
      });
    });

    it('refuses an unknown role, a bad id and a missing account, changing nothing', async () => {
      const person = await accountWithRole(t, 'user');
      const unknown = await call(t.app, 'PUT', `/admin/users/${person.id}/role`, {
        token: admin.token,
        body: { role: 'root' },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toMatch(/admin|user|tester/);
      const badId = await call(t.app, 'PUT', '/admin/users/not-a-uuid/role', {
        token: admin.token,
        body: { role: 'user' },
      });
      expect(badId.status).toBe(400);
      expect(badId.body.error).toBe('Invalid id');
      const missing = await call(t.app, 'PUT', '/admin/users/00000000-0000-4000-8000-000000000000/role', {
        token: admin.token,
        body: { role: 'user' },
      });
      expect(missing.status).toBe(404);
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
        role: 'user',
      });
    });
  });

  describe('the last admin', () => {
    it('cannot be demoted or deleted, by themselves or anyone', async () => {
      const fresh = await buildTestApp();
      try {
        const only = await accountWithRole(fresh, 'admin');
        const demote = await call(fresh.app, 'PUT', `/admin/users/${only.id}/role`, {
          token: only.token,
          body: { role: 'user' },
        });
        expect(demote.status).toBe(409);
        expect(demote.body.error).toBe('Visus needs at least one admin: make someone else an admin first');
        const remove = await call(fresh.app, 'DELETE', `/admin/users/${only.id}`, { token: only.token });
        expect(remove.status).toBe(409);
        expect(
          (await call(fresh.app, 'GET', '/auth/current', { token: only.token })).body.data,
        ).toMatchObject({ role: 'admin' });

        // With a second admin, the first may step down; then the second is the last one.
        const second = await accountWithRole(fresh, 'admin');
        expect(
          (
            await call(fresh.app, 'PUT', `/admin/users/${only.id}/role`, {
              token: only.token,
              body: { role: 'user' },
            })
          ).status,
        ).toBe(200);
        expect(
          (await call(fresh.app, 'DELETE', `/admin/users/${second.id}`, { token: second.token })).status,
        ).toBe(409);
      } finally {
        await fresh.close();
      }
    });

    it('two admins demoting each other at once leave one admin', async () => {
      const fresh = await buildTestApp();
      try {
        const a = await accountWithRole(fresh, 'admin');
        const b = await accountWithRole(fresh, 'admin');
        const [ra, rb] = await Promise.all([
          call(fresh.app, 'PUT', `/admin/users/${b.id}/role`, { token: a.token, body: { role: 'user' } }),
          call(fresh.app, 'PUT', `/admin/users/${a.id}/role`, { token: b.token, body: { role: 'user' } }),
        ]);
        // One wins. The other is refused: 409 if it got past authentication first, 403 if it was
        // already demoted by then. Either way exactly one admin remains.
        const statuses = [ra.status, rb.status].sort();
        expect([
          [200, 403],
          [200, 409],
        ]).toContainEqual(statuses);
        const admins = await fresh.database.db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'admin')
          .execute();
        expect(admins).toHaveLength(1);
      } finally {
        await fresh.close();
      }
    });
  });

  describe('DELETE /admin/users/:id', () => {
    it('deletes an account with its data', async () => {
      const person = await accountWithRole(t, 'user');
      await t.database.db
        .insertInto('results')
        .values({ user_id: person.id, session_id: 'S9', setup: JSON.stringify({}), data: JSON.stringify({}) })
        .execute();
      const res = await call(t.app, 'DELETE', `/admin/users/${person.id}`, { token: admin.token });
      expect(res.status).toBe(200);
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(401);
      const left = await t.database.db
        .selectFrom('results')
        .selectAll()
        .where('user_id', '=', person.id)
        .execute();
      expect(left).toEqual([]);
      expect((await call(t.app, 'DELETE', `/admin/users/${person.id}`, { token: admin.token })).status).toBe(
        404,
      );
    });
  });

  it('GET /admin/dashboard counts users by role, tests of the last 7 days and pending invites', async () => {
    const res = await call(t.app, 'GET', '/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    const data = res.body.data as {
      usersByRole: Record<string, number>;
      totalUsers: number;
      testsThisWeek: number;
    };
    const byRole = await t.database.db
      .selectFrom('users')
      .select(['role', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('role')
      .execute();
    for (const row of byRole) expect(data.usersByRole[row.role]).toBe(Number(row.n));
    expect(data.totalUsers).toBe(await countUsers(t.database));
    const results = await t.database.db.selectFrom('results').select('id').execute();
    expect(data.testsThisWeek).toBe(results.length);
    expect(res.body.data).toMatchObject({ registration: 'open', pendingInvites: expect.any(Number) });
  });
});
