import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildTestApp, call, register, TEST_JWT_SECRET, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('POST /auth/login and GET /auth/current', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('signs in with the right password, whatever the email case', async () => {
    const person = await register(t.app);
    const res = await call(t.app, 'POST', '/auth/login', {
      body: { email: person.email.toUpperCase(), password: person.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, token: expect.any(String) });
    const me = await call(t.app, 'GET', '/auth/current', { token: res.body.token as string });
    expect(me.body.data).toMatchObject({ email: person.email });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const person = await register(t.app);
    const wrong = await call(t.app, 'POST', '/auth/login', {
      body: { email: person.email, password: 'wrong password' },
    });
    const unknown = await call(t.app, 'POST', '/auth/login', {
      body: { email: 'nobody@example.org', password: 'wrong password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: 'Invalid Login' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a login body without a password', async () => {
    const res = await call(t.app, 'POST', '/auth/login', { body: { email: 'a@example.org' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Password is required' });
  });

  it('accepts the token alone or with Bearer', async () => {
    const person = await register(t.app);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/current', { token: `Bearer ${person.token}` })).status).toBe(200);
  });

  const sign = (alg: string, claims: Record<string, unknown>, key = TEST_JWT_SECRET) =>
    new SignJWT(claims).setProtectedHeader({ alg }).setIssuer('visus').sign(new TextEncoder().encode(key));

  it.each([
    ['no header', undefined],
    ['garbage', 'not-a-token'],
    ['a token signed with another key', 'other'],
    ['a token signed with another algorithm', 'hs512'],
    ['an unsigned token', 'none'],
    ['an expired token', 'expired'],
  ])('answers 401 Token is not valid for %s', async (_label, kind) => {
    const person = await register(t.app);
    const me = await call(t.app, 'GET', '/auth/current', { token: person.token });
    const claims = { sub: (me.body.data as { _id: string })._id, role: 'user', tv: 0 };
    let token: string | undefined;
    if (kind === 'not-a-token') token = kind;
    if (kind === 'other')
      token = await sign('HS256', { ...claims, exp: 4e9 }, 'another-secret-of-sufficient-length-123456');
    if (kind === 'hs512') token = await sign('HS512', { ...claims, exp: 4e9 });
    if (kind === 'none') {
      const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      token = `${part({ alg: 'none' })}.${part({ ...claims, iss: 'visus', exp: 4e9 })}.`;
    }
    if (kind === 'expired')
      token = await sign('HS256', { ...claims, exp: Math.floor(Date.now() / 1000) - 10 });
    const res = await call(t.app, 'GET', '/auth/current', token ? { token } : {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, error: 'Token is not valid' });
  });

  it('accepts a hand-made token with the right key and claims (the test above is not vacuous)', async () => {
    const person = await register(t.app);
    const me = await call(t.app, 'GET', '/auth/current', { token: person.token });
    const token = await sign('HS256', {
      sub: (me.body.data as { _id: string })._id,
      role: 'user',
      tv: 0,
      exp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await call(t.app, 'GET', '/auth/current', { token })).status).toBe(200);
  });
});
