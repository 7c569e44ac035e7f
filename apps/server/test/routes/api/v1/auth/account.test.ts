import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, countUsers, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('the signed-in account: password, details, deletion', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  describe('PUT /auth/updatepassword', () => {
    it('changes the password, returns a new token and revokes the old one', async () => {
      const person = await register(t.app);
      const res = await call(t.app, 'PUT', '/auth/updatepassword', {
        token: person.token,
        body: { currentPassword: person.password, newPassword: 'the new password' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, token: expect.any(String) });
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body).toEqual({
        success: false,
        error: 'Token is not valid',
      });
      expect((await call(t.app, 'GET', '/auth/current', { token: res.body.token as string })).status).toBe(
        200,
      );
      expect(
        (
          await call(t.app, 'POST', '/auth/login', {
            body: { email: person.email, password: 'the new password' },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a wrong current password and keeps the old one', async () => {
      const person = await register(t.app);
      const res = await call(t.app, 'PUT', '/auth/updatepassword', {
        token: person.token,
        body: { currentPassword: 'not my password', newPassword: 'the new password' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Current password is incorrect' });
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(200);
      expect(
        (
          await call(t.app, 'POST', '/auth/login', {
            body: { email: person.email, password: person.password },
          })
        ).status,
      ).toBe(200);
    });

    it('refuses a short new password and a missing token', async () => {
      const person = await register(t.app);
      const short = await call(t.app, 'PUT', '/auth/updatepassword', {
        token: person.token,
        body: { currentPassword: person.password, newPassword: 'short' },
      });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('Password must be at least 8 characters');
      const anonymous = await call(t.app, 'PUT', '/auth/updatepassword', {
        body: { currentPassword: person.password, newPassword: 'the new password' },
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('PUT /auth/updatedetails', () => {
    it('changes name, email and date of birth', async () => {
      const person = await register(t.app);
      const email = `renamed.${Date.now()}@example.org`;
      const res = await call(t.app, 'PUT', '/auth/updatedetails', {
        token: person.token,
        body: { name: 'Ada King', email, dob: '1986-01-02' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Ada King', email, dob: '1986-01-02' });
      const me = await call(t.app, 'GET', '/auth/current', { token: person.token });
      expect(me.body.data).toMatchObject({ name: 'Ada King', email });
    });

    it("refuses another account's email and leaves both accounts as they were", async () => {
      const a = await register(t.app);
      const b = await register(t.app);
      const res = await call(t.app, 'PUT', '/auth/updatedetails', {
        token: a.token,
        body: { email: b.email },
      });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('An account with this email already exists');
      expect((await call(t.app, 'GET', '/auth/current', { token: a.token })).body.data).toMatchObject({
        email: a.email,
      });
    });

    it.each([
      ['an empty body', {}, 'Nothing to update: send name, email, dob or language'],
      ['a bad date of birth', { dob: '31/02/1990' }, 'Invalid date of birth'],
      ['an unknown field', { role: 'admin' }, undefined],
    ])('refuses %s', async (_label, body, message) => {
      const person = await register(t.app);
      const res = await call(t.app, 'PUT', '/auth/updatedetails', { token: person.token, body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      if (message) expect(res.body.error).toBe(message);
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
        role: 'user',
        dob: person.dob,
      });
    });
  });

  describe('DELETE /auth', () => {
    it('deletes the account: its token dies and it cannot log in', async () => {
      const person = await register(t.app);
      const other = await register(t.app);
      const before = await countUsers(t.database);
      const res = await call(t.app, 'DELETE', '/auth', { token: person.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: {} });
      expect(await countUsers(t.database)).toBe(before - 1);
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(401);
      expect(
        (
          await call(t.app, 'POST', '/auth/login', {
            body: { email: person.email, password: person.password },
          })
        ).status,
      ).toBe(401);
      // nobody else is touched
      expect((await call(t.app, 'GET', '/auth/current', { token: other.token })).status).toBe(200);
      // the email is free again
      const { token: _token, ...again } = person;
      expect((await call(t.app, 'POST', '/auth/register', { body: again })).status).toBe(201);
    });

    it('needs a valid token', async () => {
      const before = await countUsers(t.database);
      expect((await call(t.app, 'DELETE', '/auth')).status).toBe(401);
      expect((await call(t.app, 'DELETE', '/auth', { token: 'a.b.c' })).status).toBe(401);
      expect(await countUsers(t.database)).toBe(before);
    });
  });
});
