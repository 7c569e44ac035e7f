import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, register, type TestApp } from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/** Issue 20 item 1: the account's language, chosen in the app, kept on the server and used for its mails. */
describe.skipIf(!(await canTestDatabase()))("the account's language", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('is null until chosen, then PUT /auth/updatedetails stores it and GET /auth/current returns it', async () => {
    const person = await register(t.app);
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
      language: null,
    });
    const res = await call(t.app, 'PUT', '/auth/updatedetails', {
      token: person.token,
      body: { language: 'de' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ language: 'de', email: person.email, dob: person.dob });
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
      language: 'de',
    });
  });

  it.each([
    ['a language Visus does not speak', { language: 'pt' }],
    ['a tag rather than a code', { language: 'es-MX' }],
    ['upper case', { language: 'FR' }],
    ['null', { language: null }],
    ['a number', { language: 7 }],
  ])('refuses %s with a 400 and keeps the language as it was', async (_label, body) => {
    const person = await register(t.app);
    await call(t.app, 'PUT', '/auth/updatedetails', { token: person.token, body: { language: 'es' } });
    const res = await call(t.app, 'PUT', '/auth/updatedetails', { token: person.token, body });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.error).toBe('string');
    expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).body.data).toMatchObject({
      language: 'es',
    });
  });

  it("changes only the signed-in account's language, and needs a signed-in account", async () => {
    const a = await register(t.app);
    const b = await register(t.app);
    await call(t.app, 'PUT', '/auth/updatedetails', { token: a.token, body: { language: 'fr' } });
    expect((await call(t.app, 'GET', '/auth/current', { token: b.token })).body.data).toMatchObject({
      language: null,
    });
    const anonymous = await call(t.app, 'PUT', '/auth/updatedetails', { body: { language: 'de' } });
    expect(anonymous.status).toBe(401);
    expect((await call(t.app, 'GET', '/auth/current', { token: b.token })).body.data).toMatchObject({
      language: null,
    });
  });

  it("mails the password-reset link in the account's language, and in English when none was chosen", async () => {
    const spanish = await register(t.app);
    await call(t.app, 'PUT', '/auth/updatedetails', { token: spanish.token, body: { language: 'es' } });
    await call(t.app, 'POST', '/auth/forgotpassword', { body: { email: spanish.email } });
    await t.app.authService.flushMail();
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(spanish.email);
    expect(mail.subject).toBe('Restablezca su contraseña de Visus');
    expect(mail.text).toContain('Abra este enlace en los próximos 30 minutos');

    const english = await register(t.app);
    await call(t.app, 'POST', '/auth/forgotpassword', { body: { email: english.email } });
    await t.app.authService.flushMail();
    expect(t.mail.at(-1)!.subject).toBe('Reset your Visus password');
  });
});
