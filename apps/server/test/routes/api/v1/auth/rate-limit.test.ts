import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, newPerson, type TestApp } from '../../../../helpers/build-app';
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
