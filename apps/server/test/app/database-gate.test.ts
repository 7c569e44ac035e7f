import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, register, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';
import { databaseBusyMessage } from '../../src/plugins/app/database-gate';
import { loadConfig } from '../../src/config';

/** A valid single-test record with a session of its own (the save completes that session). */
function record(session: string) {
  const start = Date.parse('2026-02-03T10:00:00.000Z');
  return {
    session,
    setup: {
      date: '2026-02-03T10:00:00.000Z',
      units: 'm',
      correction: 'None',
      testMode: false,
      testA: ['sloan'],
    },
    data: {
      start,
      end: start + 60_000,
      sloan: {
        right: { va: 0.1, rounds: 21, loopLength: 30 },
        left: { va: 0.2, rounds: 22, loopLength: 30 },
      },
    },
  };
}

/** Lets settled promise callbacks and ready I/O run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe.skipIf(!(await canTestDatabase()))('database gate (issue 21: never a hang)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  /** An app whose gate lets 2 requests work at once, with the given queue and wait limit. */
  async function gated(queue: number, waitMs: number) {
    const t = await buildTestApp({
      env: { DATABASE_CONCURRENCY: '2', DATABASE_QUEUE: String(queue), DATABASE_WAIT_MS: String(waitMs) },
    });
    apps.push(t);
    const gate = t.app.databaseGate;
    if (!gate) throw new Error('the database gate is on by default');
    return { t, gate };
  }

  async function countResults(app: TestApp, session: string): Promise<number> {
    const row = await app.database.db
      .selectFrom('results')
      .where('session_id', '=', session)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe('with no room to wait', () => {
    let ready: ReturnType<typeof gated>;
    beforeAll(() => {
      ready = gated(0, 2000);
    });

    it('is on by default, with the configured limits', async () => {
      const { gate } = await ready;
      expect(gate.limits).toEqual({ concurrency: 2, maxQueue: 0, maxWaitMs: 2000 });
    });

    it('refuses at once with 503, Retry-After and { success: false, error }; nothing is written', async () => {
      const { t, gate } = await ready;
      const person = await register(t.app);
      const session = await call(t.app, 'POST', '/tests/session', {
        token: person.token,
        body: { chart: 'Sloan' },
      });
      const pin = (session.body.data as { pin: string }).pin;

      // Every slot taken (as by two requests in progress) and no room to wait.
      const held = [await gate.acquire(), await gate.acquire()];
      const save = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record(pin) });
      expect(save.status).toBe(503);
      expect(save.raw.headers['retry-after']).toBe('2');
      expect(save.body).toEqual({ success: false, error: databaseBusyMessage(2) });
      const current = await call(t.app, 'GET', '/auth/current', { token: person.token });
      expect(current.status).toBe(503);

      // Nothing of the refused save was stored, and the session is still open for the next attempt.
      held.forEach((release) => release());
      expect(await countResults(t, pin)).toBe(0);
      const retried = await call(t.app, 'PUT', '/tests/results', { token: person.token, body: record(pin) });
      expect(retried.status).toBe(201);
      expect(await countResults(t, pin)).toBe(1);
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
    });

    it('answers the health check however busy the API is', async () => {
      const { t, gate } = await ready;
      const held = [await gate.acquire(), await gate.acquire()];
      expect((await call(t.app, 'GET', '/health')).status).toBe(200);
      held.forEach((release) => release());
    });

    it('releases the slot of every answered request, refused ones included', async () => {
      const { t, gate } = await ready;
      const person = await register(t.app);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => call(t.app, 'GET', '/auth/current', { token: person.token })),
      );
      expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
      expect(answers.some((a) => a.status === 200)).toBe(true);
      expect(gate.load).toEqual({ running: 0, waiting: 0 });
      expect((await call(t.app, 'GET', '/auth/current', { token: person.token })).status).toBe(200);
    });
  });

  it('lets a queued request wait for a slot and then answers it in full', async () => {
    const { t, gate } = await gated(4, 60_000);
    const person = await register(t.app);
    const held = [await gate.acquire(), await gate.acquire()];
    const pending = call(t.app, 'GET', '/auth/current', { token: person.token });
    let settled = false;
    void pending.then(() => (settled = true));
    await flush();
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    expect(settled).toBe(false);

    held[0]!();
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect((answer.body.data as { email: string }).email).toBe(person.email.toLowerCase());
    held[1]!();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a request that waited past the wait limit', async () => {
    const { t, gate } = await gated(4, 30);
    const person = await register(t.app);
    const held = [await gate.acquire(), await gate.acquire()];
    const answer = await call(t.app, 'GET', '/tests/results?limit=20', { token: person.token });
    expect(answer.status).toBe(503);
    expect(answer.raw.headers['retry-after']).toBe('1');
    expect(answer.body).toEqual({ success: false, error: databaseBusyMessage(1) });
    held.forEach((release) => release());
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('database gate configuration', () => {
  const base = { DATA_DIR: '/nonexistent' };
  it('is on by default; the concurrency follows the kind of database unless set', () => {
    expect(loadConfig(base).databaseAdmission).toEqual({
      concurrency: undefined,
      maxQueue: 256,
      maxWaitMs: 3000,
    });
    expect(loadConfig({ ...base, DATABASE_CONCURRENCY: '8' }).databaseAdmission?.concurrency).toBe(8);
  });
  it('can be turned off', () => {
    expect(loadConfig({ ...base, DATABASE_ADMISSION: 'off' }).databaseAdmission).toBeNull();
  });
  it('refuses nonsense with the variable named', () => {
    expect(() => loadConfig({ ...base, DATABASE_CONCURRENCY: '0' })).toThrow(/DATABASE_CONCURRENCY/);
    expect(() => loadConfig({ ...base, DATABASE_QUEUE: '-1' })).toThrow(/DATABASE_QUEUE/);
    expect(() => loadConfig({ ...base, DATABASE_WAIT_MS: 'soon' })).toThrow(/DATABASE_WAIT_MS/);
    expect(() => loadConfig({ ...base, DATABASE_ADMISSION: 'maybe' })).toThrow(/DATABASE_ADMISSION/);
  });
});
