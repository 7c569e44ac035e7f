import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';

/**
 * Server tests run twice (vitest.config.ts): on in-memory PGlite and on throw-away databases of a
 * PostgreSQL server. `VISUS_TEST_DB` picks which. The server's maintenance database is
 * `VISUS_TEST_PG_URL` when set, otherwise the private cluster the server-postgres project's global setup
 * started for this run (postgres-global-setup.ts); only when neither exists (PostgreSQL could not be
 * installed outside CI) postgres://postgres@127.0.0.1:5432/postgres.
 */
export const TEST_DB_KIND = process.env.VISUS_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const ADMIN_URL =
  process.env.VISUS_TEST_PG_URL || inject('visusTestPgUrl') || 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | undefined;

/**
 * Whether this run can test its database. PGlite always can. PostgreSQL must be reachable; when it is
 * not, CI fails loudly (the tests must run there) and a developer's run skips with a warning.
 */
export async function canTestDatabase(): Promise<boolean> {
  if (TEST_DB_KIND === 'pglite') return true;
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if (process.env.CI === 'true') {
        throw new Error(`PostgreSQL tests must run in CI but ${ADMIN_URL} is unreachable: ${String(error)}`, {
          cause: error,
        });
      }
      console.warn(`Skipping PostgreSQL server tests: ${ADMIN_URL} unreachable (${String(error)})`);
      return false;
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return reachable;
}

/** A fresh, empty PostgreSQL database on the test server; `drop` removes it. */
export async function createThrowawayPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `visus_test_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A fresh, migrated database of the kind under test; closing it drops a PostgreSQL one. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (TEST_DB_KIND === 'pglite') return openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const throwaway = await createThrowawayPostgres();
  const handle = await openDatabase({ kind: 'postgres', url: throwaway.url, poolSize: 4 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await throwaway.drop();
    },
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
