import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, countUsers, newPerson, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('POST /auth/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('creates an account, signs it in and normalises the email', async () => {
    const person = newPerson({ email: '  Grace.Hopper@Example.ORG ' });
    const res = await call(t.app, 'POST', '/auth/register', { body: person });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, token: expect.any(String) });

    const me = await call(t.app, 'GET', '/auth/current', { token: res.body.token as string });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      name: 'Ada Lovelace',
      email: 'grace.hopper@example.org',
      role: 'user',
      dob: '1985-12-10',
      _id: expect.any(String),
    });
    expect(JSON.stringify(me.body)).not.toContain('password');
  });

  it('refuses a duplicate email, whatever its case, and changes nothing', async () => {
    const person = newPerson();
    expect((await call(t.app, 'POST', '/auth/register', { body: person })).status).toBe(201);
    const before = await countUsers(t.database);
    const res = await call(t.app, 'POST', '/auth/register', {
      body: { ...person, email: person.email.toUpperCase(), name: 'Someone Else' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: 'An account with this email already exists' });
    expect(await countUsers(t.database)).toBe(before);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['a bad email', { email: 'not-an-email' }, 'Please include a valid email'],
    ['a short password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['an empty name', { name: '   ' }, 'Name is required'],
    ['a name with control characters', { name: 'Ada\u0000' }, 'Name contains invalid characters'],
    ['an unparseable date of birth', { dob: 'yesterday' }, 'Invalid date of birth'],
    ['an impossible date of birth', { dob: '1990-02-30' }, 'Invalid date of birth'],
    ['a future date of birth', { dob: '2999-01-01' }, 'Invalid date of birth'],
    ['a date of birth of the wrong type', { dob: 19900101 }, 'Invalid date of birth'],
    ['a password of the wrong type', { password: 12345678 }, 'Password is required'],
  ];
  it.each(invalid)('refuses %s with a message naming the problem', async (_label, change, message) => {
    const before = await countUsers(t.database);
    const res = await call(t.app, 'POST', '/auth/register', { body: { ...newPerson(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: message });
    expect(await countUsers(t.database)).toBe(before);
  });

  it.each(['name', 'email', 'password', 'dob'])('refuses a body without %s', async (field) => {
    const body: Record<string, unknown> = newPerson();
    delete body[field];
    const res = await call(t.app, 'POST', '/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe('string');
  });

  it('refuses unknown fields (no role escalation through the body)', async () => {
    const before = await countUsers(t.database);
    const res = await call(t.app, 'POST', '/auth/register', { body: { ...newPerson(), role: 'admin' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/role/);
    expect(await countUsers(t.database)).toBe(before);
  });

  it('stores SQL and HTML in names as plain text', async () => {
    const name = `Robert'); DROP TABLE users;-- <script>alert(1)</script>`;
    const res = await call(t.app, 'POST', '/auth/register', { body: newPerson({ name }) });
    expect(res.status).toBe(201);
    const me = await call(t.app, 'GET', '/auth/current', { token: res.body.token as string });
    expect(me.body.data).toMatchObject({ name });
  });

  it('accepts a day-first date of birth with a two-digit year (SPEC.md §5 pivot)', async () => {
    const res = await call(t.app, 'POST', '/auth/register', { body: newPerson({ dob: '10/12/85' }) });
    expect(res.status).toBe(201);
    const me = await call(t.app, 'GET', '/auth/current', { token: res.body.token as string });
    expect(me.body.data).toMatchObject({ dob: '1985-12-10' });
  });
});

describe.skipIf(!(await canTestDatabase()))('POST /auth/register with REGISTRATION=invite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REGISTRATION: 'invite' } });
  });
  afterAll(async () => t?.close());

  it('admits no one without an invite', async () => {
    const res = await call(t.app, 'POST', '/auth/register', { body: newPerson() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'Registration is by invitation only' });
    expect(await countUsers(t.database)).toBe(0);
  });
});
