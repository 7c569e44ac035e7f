import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey } from '../../../../../src/modules/auth/login-throttle.repository';
import { passwordWorkBusyMessage } from '../../../../../src/plugins/app/auth/password';
import {
  buildTestApp,
  call,
  countUsers,
  newPerson,
  register,
  type TestApp,
} from '../../../../helpers/build-app';
import { canTestDatabase } from '../../../../helpers/test-database';

/**
 * Password hashing is bounded (config.passwordHashing): here one argon2 at a time and one request waiting.
 * The tests hold the only slot themselves, through the app's own limiter, so that what happens next
 * depends on no timing.
 */
describe.skipIf(!(await canTestDatabase()))('argon2 work is bounded: 503 beyond the queue', () => {
  let t: TestApp;
  /** The same limits, but a waiter gives up after 100 ms. */
  let impatient: TestApp;
  const BUSY = { success: false, error: passwordWorkBusyMessage(60) };

  beforeAll(async () => {
    t = await buildTestApp({
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_WAIT_MS: '60000' },
    });
    impatient = await buildTestApp({
      env: { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_WAIT_MS: '100' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await impatient?.close();
  });

  const limiter = (app = t) => app.app.authService.passwords.limiter;

  /** Takes the only slot until `release` is called. */
  function holdTheSlot(app = t) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = limiter(app).run(() => released);
    return { release: async () => (release(), await held) };
  }

  /** Puts a task in the queue that waits for the slot, so the queue (of 1) is full. */
  function fillTheQueue() {
    const queued = limiter().run(async () => undefined);
    return () => queued;
  }

  async function waitUntil(condition: () => boolean) {
    for (let i = 0; i < 1000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(condition()).toBe(true);
  }

  async function failuresOf(email: string) {
    const row = await t.database.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_key', '=', accountKey(email))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('reads its limits from the configuration', () => {
    expect(t.config.passwordHashing).toEqual({ concurrency: 1, maxQueue: 1, maxWaitMs: 60_000 });
    expect(limiter().limits).toEqual(t.config.passwordHashing);
  });

  it('answers 503 with Retry-After when the queue is full, for every route that hashes, storing nothing', async () => {
    const person = await register(t.app);
    const users = await countUsers(t.database);
    const slot = holdTheSlot();
    const queued = fillTheQueue();
    try {
      const requests = [
        call(t.app, 'POST', '/auth/login', { body: { email: person.email, password: person.password } }),
        call(t.app, 'POST', '/auth/login', {
          body: { email: 'nobody@example.org', password: 'whatever it is' },
        }),
        call(t.app, 'POST', '/auth/register', { body: newPerson() }),
        call(t.app, 'PUT', '/auth/updatepassword', {
          token: person.token,
          body: { currentPassword: person.password, newPassword: 'another long passphrase' },
        }),
      ];
      for (const res of await Promise.all(requests)) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual(BUSY);
        expect(res.raw.headers['retry-after']).toBe('60');
      }
    } finally {
      await slot.release();
      await queued();
    }
    expect(await countUsers(t.database)).toBe(users);
    // The refused sign-ins checked no password: they are not counted against the accounts.
    expect(await failuresOf(person.email)).toBe(0);
    expect(await failuresOf('nobody@example.org')).toBe(0);
    // The old password still works (the refused change did nothing), and the server is not stuck.
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: person.email, password: person.password },
    });
    expect(login.status).toBe(200);
  });

  it('answers 503 to a request that waited past the wait limit, never hangs', async () => {
    const person = await register(impatient.app);
    const slot = holdTheSlot(impatient);
    try {
      const res = await call(impatient.app, 'POST', '/auth/login', {
        body: { email: person.email, password: person.password },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, error: passwordWorkBusyMessage(1) });
      expect(res.body.error).toBe(
        'The server is busy checking other passwords. Please try again in 1 second.',
      );
      expect(res.raw.headers['retry-after']).toBe('1');
      expect(limiter(impatient).load).toEqual({ running: 1, waiting: 0 });
    } finally {
      await slot.release();
    }
  });

  it('queues a sign-in of an unknown email exactly like a known one (timing equalisation goes through the bound)', async () => {
    const person = await register(t.app);
    for (const [email, expected] of [
      ['nobody-at-all@example.org', 401],
      [person.email, 200],
    ] as const) {
      const slot = holdTheSlot();
      const pending = call(t.app, 'POST', '/auth/login', { body: { email, password: person.password } });
      // The request waits for the argon2 slot: the unknown email's dummy check too.
      await waitUntil(() => limiter().load.waiting === 1);
      expect(limiter().load).toEqual({ running: 1, waiting: 1 });
      await slot.release();
      expect((await pending).status).toBe(expected);
      expect(limiter().load).toEqual({ running: 0, waiting: 0 });
    }
  });
});
