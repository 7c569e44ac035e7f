import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, newPerson, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

const linkIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe.skipIf(!(await canTestDatabase()))('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function requestReset(email: string) {
    const res = await call(t.app, 'POST', '/auth/forgotpassword', { body: { email } });
    await t.app.authService.flushMail();
    return res;
  }

  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const person = await register(t.app);
    const sentBefore = t.mail.length;
    const known = await requestReset(person.email);
    const unknown = await requestReset('nobody-here@example.org');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(t.mail.length).toBe(sentBefore + 1);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(person.email);
    expect(mail.text).toContain(`${t.config.publicUrl}/reset-password/`);
  });

  it('writes the name as typed in the text part and escaped in the HTML part', async () => {
    const name = `<img src=x onerror="alert('x')"> & Bob`;
    const person = await register(t.app, newPerson({ name }));
    await requestReset(person.email);
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(person.email);
    expect(mail.text).toContain(`Hello ${name},`);
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt; &amp; Bob,');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(`<a href="${t.config.publicUrl}/reset-password/${linkIn(mail.text)!}">`);
  });

  it('sets a new password once, signs in, and revokes older tokens', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const token = linkIn(t.mail.at(-1)!.text)!;
    expect(token).toBeDefined();

    const reset = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, {
      body: { password: 'a brand new secret' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, token: expect.any(String) });

    // the old session is gone, the new one works
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/auth/current', { token: reset.body.token as string })).status).toBe(
      200,
    );
    // old password refused, new one accepted
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { email: person.email, password: person.password } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(t.app, 'POST', '/auth/login', {
          body: { email: person.email, password: 'a brand new secret' },
        })
      ).status,
    ).toBe(200);

    // the link is single use
    const again = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, {
      body: { password: 'yet another secret' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, error: 'Password reset link is invalid or has expired' });
    expect(
      (
        await call(t.app, 'POST', '/auth/login', {
          body: { email: person.email, password: 'a brand new secret' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a link older than 30 minutes', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const token = linkIn(t.mail.at(-1)!.text)!;
    t.advanceClock(31 * 60_000);
    try {
      const res = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, {
        body: { password: 'too late now!' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Password reset link is invalid or has expired');
    } finally {
      t.advanceClock(-31 * 60_000);
    }
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { email: person.email, password: person.password } }))
        .status,
    ).toBe(200);
  });

  it('honours a link 29 minutes old', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const token = linkIn(t.mail.at(-1)!.text)!;
    t.advanceClock(29 * 60_000);
    try {
      const res = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, {
        body: { password: 'just in time!' },
      });
      expect(res.status).toBe(200);
    } finally {
      t.advanceClock(-29 * 60_000);
    }
  });

  it('only the latest link of an account works', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const first = linkIn(t.mail.at(-1)!.text)!;
    await requestReset(person.email);
    const second = linkIn(t.mail.at(-1)!.text)!;
    expect(first).not.toBe(second);
    expect(
      (await call(t.app, 'PUT', `/auth/resetpassword/${first}`, { body: { password: 'first link try' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(t.app, 'PUT', `/auth/resetpassword/${second}`, { body: { password: 'second link try' } }))
        .status,
    ).toBe(200);
  });

  it('refuses made-up and malformed tokens, and short passwords, changing nothing', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const token = linkIn(t.mail.at(-1)!.text)!;
    const madeUp = 'A'.repeat(43);
    expect(
      (await call(t.app, 'PUT', `/auth/resetpassword/${madeUp}`, { body: { password: 'whatever works' } }))
        .status,
    ).toBe(400);
    const malformed = await call(t.app, 'PUT', `/auth/resetpassword/abc'--`, {
      body: { password: 'whatever works' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('Password reset link is invalid or has expired');
    const short = await call(t.app, 'PUT', `/auth/resetpassword/${token}`, { body: { password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe('Password must be at least 8 characters');
    // the real link still works after those failures
    expect(
      (await call(t.app, 'PUT', `/auth/resetpassword/${token}`, { body: { password: 'finally right' } }))
        .status,
    ).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const person = await register(t.app);
    await requestReset(person.email);
    const token = linkIn(t.mail.at(-1)!.text)!;
    const rows = await t.database.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });
});
