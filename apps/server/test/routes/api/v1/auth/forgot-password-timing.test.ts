import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../../../src/config';
import { buildApp } from '../../../../../src/app';
import type { DatabaseHandle } from '../../../../../src/db/database';
import type { Mailer, MailMessage } from '../../../../../src/plugins/external/mailer';
import { call, newPerson, register, TEST_JWT_SECRET } from '../../../../helpers/build-app';
import { canTestDatabase, openTestDatabase } from '../../../../helpers/test-database';

/*
 * Forgot-password must not tell by its timing whether an email has an account. No wall clock here:
 * the tests check what is done before the answer (the same single lookup for every email) and that the
 * answer never waits for the work only an account needs (storing the link, the mail transport).
 */

/** A mail transport that holds every mail until the test releases it. */
function gatedMailer() {
  const attempted: MailMessage[] = [];
  const sent: MailMessage[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let onAttempt: (() => void) | undefined;
  const mailer: Mailer = {
    description: 'gated',
    async send(message) {
      attempted.push(message);
      onAttempt?.();
      await gate;
      sent.push(message);
    },
  };
  return {
    mailer,
    attempted,
    sent,
    release: () => release(),
    /** Resolves once the transport has been asked to send a mail. */
    nextAttempt: () => new Promise<void>((resolve) => (onAttempt = resolve)),
  };
}

/** Each query the app runs: its kind and the tables it names. */
function queryLog() {
  const queries: string[] = [];
  const tablesOf = (node: unknown, into = new Set<string>()): Set<string> => {
    if (node && typeof node === 'object') {
      const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
      if (n.kind === 'TableNode' && n.table?.identifier?.name) into.add(n.table.identifier.name);
      for (const value of Object.values(node)) tablesOf(value, into);
    }
    return into;
  };
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      queries.push(`${args.node.kind} ${[...tablesOf(args.node)].sort().join(',')}`);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      return args.result;
    },
  };
  return { plugin, queries };
}

describe.skipIf(!(await canTestDatabase()))('forgot-password: the same answer in the same time', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const mail = gatedMailer();
  const log = queryLog();

  beforeAll(async () => {
    const base = loadConfig({ DATA_DIR: '/nonexistent-visus-test-data', LOG_LEVEL: 'silent' });
    database = await openTestDatabase();
    app = await buildApp({
      config: { ...base, rateLimits: { ...base.rateLimits, register: 1000, forgotPassword: 1000 } },
      database: { ...database, db: database.db.withPlugin(log.plugin) },
      mailer: mail.mailer,
      jwtSecret: TEST_JWT_SECRET,
    });
    await app.ready();
  });
  afterAll(async () => {
    mail.release();
    await app?.close();
  });

  it('answers a known email while its mail is still held by the transport, then mails it', async () => {
    const person = await register(app, newPerson());
    const attempted = mail.nextAttempt();
    // Were the mail awaited before answering, this would wait for the release below: it never comes first.
    const known = await call(app, 'POST', '/auth/forgotpassword', { body: { email: person.email } });
    const unknown = await call(app, 'POST', '/auth/forgotpassword', {
      body: { email: 'nobody-at-all@example.org' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.raw.body).toBe(known.raw.body);
    for (const header of ['content-type', 'content-length'])
      expect(unknown.raw.headers[header]).toBe(known.raw.headers[header]);

    await attempted; // the mail is on its way, after the answer ...
    expect(mail.attempted.map((m) => m.to)).toEqual([person.email]);
    expect(mail.sent).toEqual([]); // ... and still held by the transport
    mail.release();
    await app.authService.flushMail();
    expect(mail.sent.map((m) => m.to)).toEqual([person.email]);

    const token = /\/reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.sent[0]!.text)![1]!;
    const reset = await call(app, 'PUT', `/auth/resetpassword/${token}`, {
      body: { password: 'a new password after the answer' },
    });
    expect(reset.status).toBe(200);
  });

  it('does only the same lookup for a known and an unknown email before the answer is sent', async () => {
    const person = await register(app, newPerson());
    const userId = (await app.authService.users.findByEmail(person.email))!.id;
    const resetsOfPerson = async () =>
      (await database.db.selectFrom('password_resets').select('id').where('user_id', '=', userId).execute())
        .length;
    const attemptsBefore = mail.attempted.length;

    const before: Record<'known' | 'unknown', string[]> = { known: [], unknown: [] };
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    for (const [which, email] of [
      ['known', person.email],
      ['unknown', 'still-nobody@example.org'],
    ] as const) {
      log.queries.length = 0;
      await app.authService.forgotPassword(email, answered);
      before[which] = [...log.queries];
    }
    expect(before.known).toEqual(['SelectQueryNode users']);
    expect(before.unknown).toEqual(before.known);
    // nothing stored and nothing mailed while the answer is not out
    expect(await resetsOfPerson()).toBe(0);
    expect(mail.attempted.length).toBe(attemptsBefore);

    log.queries.length = 0;
    mail.release();
    answer();
    await app.authService.flushMail();
    expect(log.queries.some((q) => q.includes('password_resets'))).toBe(true);
    expect(await resetsOfPerson()).toBe(1);
    expect(mail.attempted.slice(attemptsBefore).map((m) => m.to)).toEqual([person.email]);
  });
});
