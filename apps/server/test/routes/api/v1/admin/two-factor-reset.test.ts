import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESET_OWN_TWO_FACTOR_ERROR,
  TWO_FACTOR_NOT_ON_FOR_ACCOUNT,
  type AdminUser,
  type UserList,
} from '@visus/contracts';
import { accountWithRole, buildTestApp, call, newPerson, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { enrol, passwordStep } from '../../../../helpers/two-factor';

type Account = Awaited<ReturnType<typeof accountWithRole>>;

/** DELETE /admin/users/:id/two-factor: for someone who lost their authenticator and recovery codes. */
describe.skipIf(!(await canTestDatabase()))('an admin resets two-step sign-in', () => {
  let t: TestApp;
  let admin: Account;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await accountWithRole(t, 'admin', newPerson({ name: 'Reset Admin' }));
  });
  afterAll(async () => t?.close());

  const reset = (id: string, token = admin.token) =>
    call(t.app, 'DELETE', `/admin/users/${id}/two-factor`, { token });
  const twoFactorOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select(['two_factor_enabled_at', 'two_factor_secret'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).two_factor_enabled_at !== null;

  it('turns it off, mails the owner, and the next sign-in takes the password only', async () => {
    const clinician = await accountWithRole(t, 'clinician', newPerson({ name: 'Lost Phone' }));
    await enrol(t, clinician);
    await passwordStep(t, clinician); // two-step is on: the password alone gives a ticket, not a token
    const listed = await call(t.app, 'GET', `/admin/users?search=${encodeURIComponent(clinician.email)}`, {
      token: admin.token,
    });
    expect((listed.body.data as UserList).users[0]).toMatchObject({ twoFactorOn: true });

    const mailsBefore = t.mail.length;
    const res = await reset(clinician.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data as AdminUser).toMatchObject({ _id: clinician.id, twoFactorOn: false });
    expect(await twoFactorOf(clinician.id)).toBe(false);
    const codes = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .selectAll()
      .where('user_id', '=', clinician.id)
      .execute();
    expect(codes).toEqual([]);

    const mail = t.mail.slice(mailsBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: clinician.email, subject: 'Your Visus two-step sign-in was reset' });
    expect(mail[0]!.text).toContain('Reset Admin, an administrator of Visus');

    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: clinician.email, password: clinician.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
    expect(login.body.secondStep).toBeUndefined();
  });

  it("refuses the admin's own account (409), which keeps two-step sign-in", async () => {
    const other = await accountWithRole(t, 'admin', newPerson({ name: 'Self Admin' }));
    await enrol(t, other);
    const res = await reset(other.id, other.token);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: RESET_OWN_TWO_FACTOR_ERROR });
    expect(await twoFactorOf(other.id)).toBe(true);
  });

  it('answers 409 where it is not on, 404 for no such account and 400 for a malformed id', async () => {
    const plain = await accountWithRole(t, 'user', newPerson({ name: 'No Second Step' }));
    const mailsBefore = t.mail.length;
    const notOn = await reset(plain.id);
    expect(notOn.status).toBe(409);
    expect(notOn.body).toEqual({ success: false, error: TWO_FACTOR_NOT_ON_FOR_ACCOUNT });
    const missing = await reset('00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: 'User not found' });
    const malformed = await reset('not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false });
    expect(t.mail.length).toBe(mailsBefore);
  });

  it('is for admins only: 401 signed out, 403 for a clinician or a user, nothing changed', async () => {
    const target = await accountWithRole(t, 'clinician', newPerson({ name: 'Keeps It' }));
    await enrol(t, target);
    const clinician = await accountWithRole(t, 'clinician');
    const user = await accountWithRole(t, 'user');
    expect((await call(t.app, 'DELETE', `/admin/users/${target.id}/two-factor`)).status).toBe(401);
    expect((await reset(target.id, clinician.token)).status).toBe(403);
    expect((await reset(target.id, user.token)).status).toBe(403);
    expect(await twoFactorOf(target.id)).toBe(true);
  });
});
