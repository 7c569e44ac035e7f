import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_LOGIN_FAILURES } from '@visus/contracts';
import { buildTestApp, call, register, newPerson, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/**
 * Per-account throttling of failed sign-ins (issue 9, ASVS V2.2.1): counted per account whatever the
 * client address, the same for unknown emails, lifted by the sliding hour or a password reset.
 */
describe.skipIf(!(await canTestDatabase()))('failed sign-ins per account', () => {
  const ALLOWED = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { loginFailuresPerAccountPerHour: ALLOWED } });
  });
  afterAll(async () => t?.close());

  async function login(email: string, password: string, remoteAddress = '203.0.113.1') {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password },
      remoteAddress,
    });
    return { status: raw.statusCode, body: raw.json() as Record<string, unknown> };
  }

  async function failTimes(email: string, n: number) {
    const statuses: number[] = [];
    // a different client address each time: the count belongs to the account, not the address
    for (let i = 0; i < n; i++)
      statuses.push((await login(email, 'wrong password 1', `198.51.100.${i}`)).status);
    return statuses;
  }

  it('refuses even the right password once the allowance is spent, and leaves other accounts alone', async () => {
    const person = newPerson();
    const other = newPerson();
    await register(t.app, person);
    await register(t.app, other);
    expect(await failTimes(person.email, ALLOWED)).toEqual(Array(ALLOWED).fill(401));
    const locked = await login(person.email.toUpperCase(), person.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, error: TOO_MANY_LOGIN_FAILURES });
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one (no enumeration)', async () => {
    const ghost = newPerson().email;
    expect(await failTimes(ghost, ALLOWED)).toEqual(Array(ALLOWED).fill(401));
    expect((await login(ghost, 'anything at all 1')).body).toEqual({
      success: false,
      error: TOO_MANY_LOGIN_FAILURES,
    });
  });

  it('lets the account in again once the hour has slid past the failures', async () => {
    const person = newPerson();
    await register(t.app, person);
    await failTimes(person.email, ALLOWED);
    expect((await login(person.email, person.password)).status).toBe(429);
    t.advanceClock(60 * 60_000 + 1000);
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it('forgets the failures after a successful sign-in', async () => {
    const person = newPerson();
    await register(t.app, person);
    await failTimes(person.email, ALLOWED - 1);
    expect((await login(person.email, person.password)).status).toBe(200);
    expect(await failTimes(person.email, ALLOWED - 1)).toEqual(Array(ALLOWED - 1).fill(401));
    expect((await login(person.email, person.password)).status).toBe(200);
  });

  it('lifts the throttle when the password is reset by mail', async () => {
    const person = newPerson();
    await register(t.app, person);
    await failTimes(person.email, ALLOWED);
    await call(t.app, 'POST', '/auth/forgotpassword', { body: { email: person.email } });
    await expect.poll(() => t.mail.find((m) => m.to === person.email)).toBeTruthy();
    const mail = t.mail.find((m) => m.to === person.email)!;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, {
      body: { password: 'a brand new passphrase' },
    });
    expect(reset.status).toBe(200);
    expect((await login(person.email, 'a brand new passphrase')).status).toBe(200);
  });
});
