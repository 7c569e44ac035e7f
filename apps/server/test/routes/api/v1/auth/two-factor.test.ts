import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SECOND_STEP_EXPIRED,
  TOO_MANY_LOGIN_FAILURES,
  TWO_FACTOR_CODE_WRONG,
  TWO_FACTOR_SETUP_REQUIRED,
  TWO_FACTOR_SETUP_REQUIRED_CODE,
} from '@visus/contracts';
import { accountWithRole, buildTestApp, call, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';
import { enrol, passwordStep, totpCode } from '../../../../helpers/two-factor';
import {
  TWO_FACTOR_NOT_FOR_ROLE,
  TWO_FACTOR_REQUIRED_FOR_ROLE,
} from '../../../../../src/modules/two-factor/two-factor.service';

/** Two-step sign-in (issue 19 item 7, docs/adr/0023-two-step-sign-in.md). */
describe.skipIf(!(await canTestDatabase()))('two-step sign-in', () => {
  const ALLOWED = 6;
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ rateLimits: { loginFailuresPerAccountPerHour: ALLOWED } });
  });
  afterAll(async () => t?.close());

  const secondStep = (ticket: string, code: string) =>
    call(t.app, 'POST', '/auth/login/second-step', { body: { ticket, code } });

  it('enrols a clinician: secret and otpauth URI, confirmed by a code, ten recovery codes once', async () => {
    const clinician = await accountWithRole(t, 'clinician');
    const before = await call(t.app, 'GET', '/auth/two-factor', { token: clinician.token });
    expect(before.body.data).toEqual({
      available: true,
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });

    const started = await call(t.app, 'POST', '/auth/two-factor/enrolment', { token: clinician.token });
    expect(started.status).toBe(200);
    const { secret, uri } = started.body.data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain('otpauth://totp/');
    expect(uri).toContain(`secret=${secret}`);
    // Not on before a code confirms it: signing in still gives a token.
    const plain = await call(t.app, 'POST', '/auth/login', {
      body: { email: clinician.email, password: clinician.password },
    });
    expect(plain.body.token).toEqual(expect.any(String));

    const wrong = await call(t.app, 'POST', '/auth/two-factor/enrolment/confirm', {
      token: clinician.token,
      body: { code: totpCode(t, secret, 3) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, error: TWO_FACTOR_CODE_WRONG });

    const confirmed = await call(t.app, 'POST', '/auth/two-factor/enrolment/confirm', {
      token: clinician.token,
      body: { code: totpCode(t, secret) },
    });
    expect(confirmed.status).toBe(200);
    const codes = (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const after = await call(t.app, 'GET', '/auth/two-factor', { token: clinician.token });
    expect(after.body.data).toEqual({
      available: true,
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    const current = await call(t.app, 'GET', '/auth/current', { token: clinician.token });
    expect((current.body.data as { twoFactor: unknown }).twoFactor).toEqual({
      enabled: true,
      required: false,
    });

    // Neither the secret nor the codes are in the database in clear.
    const row = await t.database.db
      .selectFrom('users')
      .select('two_factor_secret')
      .where('id', '=', clinician.id)
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret).not.toContain(secret);
    const stored = await t.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', clinician.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('signs in in two steps: no token before the code; a code works once; a recovery code once', async () => {
    const admin = await accountWithRole(t, 'admin');
    const { secret, recoveryCodes } = await enrol(t, admin);

    const first = await call(t.app, 'POST', '/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(first.status).toBe(200);
    expect(first.body.token).toBeUndefined();
    const ticket = (first.body.secondStep as { ticket: string }).ticket;
    // The ticket is no session token.
    expect((await call(t.app, 'GET', '/auth/current', { token: ticket })).status).toBe(401);

    const bad = await secondStep(ticket, '000000' === totpCode(t, secret, 1) ? '111111' : '000000');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: TWO_FACTOR_CODE_WRONG });

    const code = totpCode(t, secret, 1);
    const ok = await secondStep(ticket, code);
    expect(ok.status).toBe(200);
    const token = ok.body.token as string;
    expect((await call(t.app, 'GET', '/auth/current', { token })).status).toBe(200);

    // The same code again, within its window: refused.
    const again = await secondStep(await passwordStep(t, admin), code);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(TWO_FACTOR_CODE_WRONG);

    // A recovery code, typed in capitals with spaces, works once.
    const typed = recoveryCodes[0]!.toUpperCase().replace(/-/g, ' ');
    expect((await secondStep(await passwordStep(t, admin), typed)).status).toBe(200);
    expect((await secondStep(await passwordStep(t, admin), recoveryCodes[0]!)).status).toBe(400);
    const status = await call(t.app, 'GET', '/auth/two-factor', { token });
    expect((status.body.data as { recoveryCodesLeft: number }).recoveryCodesLeft).toBe(9);
  });

  it('accepts codes one step either side of now, not two; an older code after a newer one is refused', async () => {
    const admin = await accountWithRole(t, 'admin');
    const { secret } = await enrol(t, admin); // used the code of the current step S
    t.advanceClock(60_000); // now step S+2 (or S+3 at a boundary)
    try {
      expect((await secondStep(await passwordStep(t, admin), totpCode(t, secret, 2))).status).toBe(400);
      expect((await secondStep(await passwordStep(t, admin), totpCode(t, secret, 1))).status).toBe(200);
      // The code of the step before now is still within the window, but older than the one just used.
      expect((await secondStep(await passwordStep(t, admin), totpCode(t, secret, -1))).status).toBe(400);
    } finally {
      t.advanceClock(-60_000);
    }
  });

  it('refuses an expired ticket, a made-up one, and bad input with a clear 400', async () => {
    const clinician = await accountWithRole(t, 'clinician');
    const { secret } = await enrol(t, clinician);
    const ticket = await passwordStep(t, clinician);
    expect((await secondStep('not.a.ticket', '123456')).body).toEqual({
      success: false,
      error: SECOND_STEP_EXPIRED,
    });
    const missing = await call(t.app, 'POST', '/auth/login/second-step', { body: { ticket } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ success: false, error: expect.stringContaining('code') });
    const extra = await call(t.app, 'POST', '/auth/login/second-step', {
      body: { ticket, code: '123456', x: 1 },
    });
    expect(extra.status).toBe(400);
    const badConfirm = await call(t.app, 'POST', '/auth/two-factor/enrolment/confirm', {
      token: clinician.token,
      body: { code: 'abc' },
    });
    expect(badConfirm.status).toBe(400);
    expect(badConfirm.body).toEqual({ success: false, error: 'Enter the 6-digit code from your app' });

    t.advanceClock(6 * 60_000);
    try {
      const late = await secondStep(ticket, totpCode(t, secret));
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ success: false, error: SECOND_STEP_EXPIRED });
    } finally {
      t.advanceClock(-6 * 60_000);
    }
  });

  it('throttles wrong codes like failed sign-ins: past the allowance even a right code gets 429', async () => {
    const admin = await accountWithRole(t, 'admin');
    const { secret } = await enrol(t, admin);
    const ticket = await passwordStep(t, admin); // counted until a right code clears it
    const right = totpCode(t, secret, 1);
    const wrong = right === '999999' ? '888888' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < ALLOWED; i++) statuses.push((await secondStep(ticket, wrong)).status);
    expect(statuses).toEqual([...Array(ALLOWED - 1).fill(400), 429]);
    const locked = await secondStep(ticket, right);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ success: false, error: TOO_MANY_LOGIN_FAILURES });
    // The password step of that account is throttled too (same count).
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(login.status).toBe(429);
  });

  it('a plain user cannot enrol; turning off needs the password and a code', async () => {
    const user = await accountWithRole(t, 'user');
    const refused = await call(t.app, 'POST', '/auth/two-factor/enrolment', { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, error: TWO_FACTOR_NOT_FOR_ROLE });
    expect((await call(t.app, 'GET', '/auth/two-factor', { token: user.token })).body.data).toMatchObject({
      available: false,
    });

    const clinician = await accountWithRole(t, 'clinician');
    const { secret } = await enrol(t, clinician);
    const noPassword = await call(t.app, 'DELETE', '/auth/two-factor', {
      token: clinician.token,
      body: { password: 'wrong password', code: totpCode(t, secret, 1) },
    });
    expect(noPassword.status).toBe(400);
    const noCode = await call(t.app, 'DELETE', '/auth/two-factor', {
      token: clinician.token,
      body: { password: clinician.password, code: '12345' },
    });
    expect(noCode.status).toBe(400);
    expect(
      (await call(t.app, 'GET', '/auth/two-factor', { token: clinician.token })).body.data,
    ).toMatchObject({
      enabled: true,
    });
    const off = await call(t.app, 'DELETE', '/auth/two-factor', {
      token: clinician.token,
      body: { password: clinician.password, code: totpCode(t, secret, 1) },
    });
    expect(off.status).toBe(200);
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: clinician.email, password: clinician.password },
    });
    expect(login.body.token).toEqual(expect.any(String));
    expect(
      await t.database.db
        .selectFrom('two_factor_recovery_codes')
        .where('user_id', '=', clinician.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });

  it('regenerates recovery codes for a current code; the old ones stop working', async () => {
    const admin = await accountWithRole(t, 'admin');
    const { secret, recoveryCodes } = await enrol(t, admin);
    const res = await call(t.app, 'POST', '/auth/two-factor/recovery-codes', {
      token: admin.token,
      body: { code: totpCode(t, secret, 1) },
    });
    expect(res.status).toBe(200);
    const fresh = (res.body.data as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await passwordStep(t, admin), recoveryCodes[1]!)).status).toBe(400);
    expect((await secondStep(await passwordStep(t, admin), fresh[1]!)).status).toBe(200);
  });
});

describe.skipIf(!(await canTestDatabase()))('REQUIRE_2FA_FOR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REQUIRE_2FA_FOR: 'admin' } });
  });
  afterAll(async () => t?.close());

  it('lets an admin without it reach only the current user and the enrolment, then everything', async () => {
    const admin = await accountWithRole(t, 'admin');
    const current = await call(t.app, 'GET', '/auth/current', { token: admin.token });
    expect(current.status).toBe(200);
    expect((current.body.data as { twoFactor: unknown }).twoFactor).toEqual({
      enabled: false,
      required: true,
    });
    for (const [method, url] of [
      ['GET', '/admin/users'],
      ['GET', '/tests'],
      ['GET', '/tests/results'],
      ['GET', '/sharing'],
      ['DELETE', '/auth'],
    ] as const) {
      const res = await call(t.app, method, url, { token: admin.token });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body).toEqual({
        success: false,
        error: TWO_FACTOR_SETUP_REQUIRED,
        code: TWO_FACTOR_SETUP_REQUIRED_CODE,
      });
    }
    expect((await call(t.app, 'GET', '/auth/two-factor', { token: admin.token })).body.data).toMatchObject({
      required: true,
      enabled: false,
    });
    const { secret } = await enrol(t, admin);
    expect((await call(t.app, 'GET', '/admin/users', { token: admin.token })).status).toBe(200);
    // Required: it cannot be turned off.
    const off = await call(t.app, 'DELETE', '/auth/two-factor', {
      token: admin.token,
      body: { password: admin.password, code: totpCode(t, secret, 1) },
    });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(TWO_FACTOR_REQUIRED_FOR_ROLE);
  });

  it('leaves the roles it does not name alone', async () => {
    const clinician = await accountWithRole(t, 'clinician');
    expect((await call(t.app, 'GET', '/tests', { token: clinician.token })).status).toBe(200);
    const user = await accountWithRole(t, 'user');
    expect((await call(t.app, 'GET', '/tests', { token: user.token })).status).toBe(200);
  });
});
