import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { call, register } from '../helpers/build-app';
import { buildInstance } from '../helpers/instances';
import { canTestDatabase, createThrowawayPostgres } from '../helpers/test-database';

/**
 * A PostgreSQL connection can be ended by the server at any moment (a restart, an administrator, an
 * idle-session timeout). pg reports it as an 'error' event on the client; a client checked out of the
 * pool between two statements (inside a transaction, or the realtime adapter's LISTEN client) has no
 * query to hand the error to, and an 'error' event nobody listens to ends the Node process. Found when
 * the restart fault test (test/faults) failed in CI with an uncaught 57P01.
 */
describe.skipIf(!(await canTestDatabase()))('PostgreSQL connections ended by the server', () => {
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let database: DatabaseHandle;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onUncaught);
    throwaway = await createThrowawayPostgres();
    database = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 2 });
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await database?.close();
    await throwaway?.drop();
  });

  /** Ends one server connection (`pid`), or every connection to the database but the admin's own. */
  async function terminate(pid?: number): Promise<number> {
    const admin = new pg.Client({ connectionString: throwaway.url });
    await admin.connect();
    try {
      const { rowCount } = await (pid === undefined
        ? admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
          )
        : admin.query('select pg_terminate_backend($1)', [pid]));
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('fails a transaction cut between two statements cleanly, and the next request is served', async () => {
    const transaction = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await terminate(rows[0]!.pid);
      // Give the server's goodbye time to arrive while the client holds no query.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    expect(uncaught).toEqual([]);

    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('keeps a scale-out instance alive and listening when its connections end, again and again', async () => {
    const app = await buildInstance(database);
    try {
      await app.ready();
      const owner = await register(app);
      const listening = async () => {
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and query like 'LISTEN%'`.execute(database.db);
        return rows[0]!.n;
      };
      // The adapter's pool has two places; three rounds show an ended LISTEN client does not keep one.
      for (let round = 0; round < 3; round++) {
        await expect.poll(listening, { timeout: 8000, interval: 200 }).toBeGreaterThan(0);
        expect(await terminate()).toBeGreaterThan(0);
        await expect
          .poll(async () => (await call(app, 'GET', '/auth/current', { token: owner.token })).status)
          .toBe(200);
      }
      await expect.poll(listening, { timeout: 8000, interval: 200 }).toBeGreaterThan(0);
      expect(uncaught).toEqual([]);
    } finally {
      // Would wait forever on a pool place an ended client never gave back.
      await app.close();
    }
  });
});
