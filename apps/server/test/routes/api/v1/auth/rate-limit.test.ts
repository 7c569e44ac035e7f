import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, newPerson, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('rate limits on login, register and forgot-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { login: 3, register: 2, forgotPassword: 2 } });
  });
  afterAll(async () => t?.close());

  it('answers 429 with a clear message once the login limit is spent', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await call(t.app, 'POST', '/auth/login', {
        body: { email: 'x@example.org', password: 'wrong pass' },
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.body).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests, please try again in /),
    });
  });

  it('limits registration', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await call(t.app, 'POST', '/auth/register', { body: newPerson() })).status);
    expect(statuses).toEqual([201, 201, 429]);
  });

  it('limits forgot-password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await call(t.app, 'POST', '/auth/forgotpassword', { body: { email: 'x@example.org' } })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 5; i++) expect((await call(t.app, 'GET', '/health')).status).toBe(200);
  });
});

describe.skipIf(!(await canTestDatabase()))(
  'rate limit on changing the email (an "email taken" probe)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ rateLimits: { register: 2 } });
    });
    afterAll(async () => t?.close());

    it('counts requests that set an email, like registrations, and leaves other edits alone', async () => {
      const me = await register(t.app);
      const other = await register(t.app);
      const update = (body: Record<string, string>) =>
        call(t.app, 'PUT', '/auth/updatedetails', { token: me.token, body });

      for (let i = 0; i < 3; i++) expect((await update({ name: `Ada ${i}` })).status).toBe(200);
      const probes = [];
      for (let i = 0; i < 3; i++) probes.push((await update({ email: other.email })).status);
      expect(probes).toEqual([409, 409, 429]);
      const limited = await update({ email: `free.${Date.now()}@example.org` });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatch(/^Too many requests, please try again in /);
      // renaming still works, and nothing changed the email
      expect((await update({ name: 'Ada Again', dob: '1985-12-11' })).status).toBe(200);
      const current = await call(t.app, 'GET', '/auth/current', { token: me.token });
      expect(current.body.data).toMatchObject({ name: 'Ada Again', email: me.email });
    });
  },
);
