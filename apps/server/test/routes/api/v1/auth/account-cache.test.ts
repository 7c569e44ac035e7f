import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, buildTestApp, call, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

const linkIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const REFUSED = { success: false, error: 'Token is not valid' };

/**
 * Token checks answer recent accounts from memory (docs/adr/0015-account-cache.md). With a cache time of a
 * minute, so that nothing here passes by expiry: every change made through this server refuses the old
 * token, or shows the new role, on the very next request.
 */
describe.skipIf(!(await canTestDatabase()))('the account cache never outlives a change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ACCOUNT_CACHE_MS: '60000' } });
  });
  afterAll(async () => t?.close());

  /** Signed in and remembered: the account was read for a token check. */
  async function remembered(token: string) {
    const res = await call(t.app, 'GET', '/auth/current', { token });
    expect(res.status).toBe(200);
    return res.body.data as { _id: string; role: string; name: string };
  }

  it('keeps the accounts it read (the cache is on in this test)', async () => {
    const person = await register(t.app);
    const before = t.app.authService.accounts.size;
    await remembered(person.token);
    expect(t.app.authService.accounts.size).toBe(before + 1);
    expect(t.app.authService.accounts.ttlMs).toBe(60_000);
  });

  it('refuses the old token at once after a password change', async () => {
    const person = await register(t.app);
    await remembered(person.token);
    const res = await call(t.app, 'PUT', '/auth/updatepassword', {
      token: person.token,
      body: { currentPassword: person.password, newPassword: 'the new password' },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body).toEqual(REFUSED);
    expect((await call(t.app, 'GET', '/tests/results', { token: person.token })).body).toEqual(REFUSED);
    expect((await remembered(res.body.token as string)).name).toBe(person.name);
  });

  it('refuses the old token at once after a password reset', async () => {
    const person = await register(t.app);
    await remembered(person.token);
    await call(t.app, 'POST', '/auth/forgotpassword', { body: { email: person.email } });
    await t.app.authService.flushMail();
    const link = linkIn(t.mail.at(-1)!.text)!;
    const reset = await call(t.app, 'PUT', `/auth/resetpassword/${link}`, {
      body: { password: 'a brand new secret' },
    });
    expect(reset.status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body).toEqual(REFUSED);
  });

  it('refuses the token at once after the account deletes itself', async () => {
    const person = await register(t.app);
    await remembered(person.token);
    expect((await call(t.app, 'DELETE', '/auth', { token: person.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body).toEqual(REFUSED);
    expect((await call(t.app, 'PUT', '/tests/results', { token: person.token, body: {} })).body).toEqual(
      REFUSED,
    );
  });

  it('refuses the token at once after an admin deletes the account', async () => {
    const admin = await accountWithRole(t, 'admin');
    const person = await register(t.app);
    const { _id } = await remembered(person.token);
    expect((await call(t.app, 'DELETE', `/admin/users/${_id}`, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body).toEqual(REFUSED);
  });

  it('applies a role change at once, both ways', async () => {
    const admin = await accountWithRole(t, 'admin');
    const other = await accountWithRole(t, 'admin');
    expect((await remembered(other.token)).role).toBe('admin');
    expect((await call(t.app, 'GET', '/admin/users', { token: other.token })).status).toBe(200);
    const demoted = await call(t.app, 'PUT', `/admin/users/${other.id}/role`, {
      token: admin.token,
      body: { role: 'user' },
    });
    expect(demoted.status).toBe(200);
    expect((await remembered(other.token)).role).toBe('user');
    expect((await call(t.app, 'GET', '/admin/users', { token: other.token })).status).toBe(403);
    await call(t.app, 'PUT', `/admin/users/${other.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect((await call(t.app, 'GET', '/admin/users', { token: other.token })).status).toBe(200);
  });

  it('shows changed details at once', async () => {
    const person = await register(t.app);
    await remembered(person.token);
    const res = await call(t.app, 'PUT', '/auth/updatedetails', {
      token: person.token,
      body: { name: 'Renamed' },
    });
    expect(res.status).toBe(200);
    expect((await remembered(person.token)).name).toBe('Renamed');
  });
});
