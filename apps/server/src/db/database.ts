import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './schema';
import { migrationProvider } from './migrations';
import { runPreparedAsNamed } from './prepared';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for logs: a folder, `memory` or the server URL without password. */
  location: string;
  /** PostgreSQL only: the connection string, for the Socket.IO adapter's own connections. */
  connectionString?: string;
  /** PostgreSQL only: connections in the pool. */
  poolSize?: number;
  close(): Promise<void>;
}

export type DatabaseOptions =
  { kind: 'pglite'; dataDir: string | 'memory' } | { kind: 'postgres'; url: string; poolSize?: number };

/** PostgreSQL connections per server process. */
export const DEFAULT_POOL_SIZE = 10;

// `date` columns come back as the calendar text they are; JS Dates would shift them by time zone.
const DATE_OID = 1082;
pg.types.setTypeParser(DATE_OID, (value) => value);

/** Opens the database and brings its schema up to date. PGlite allows one process per folder. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.kind === 'pglite' ? await openPglite(options.dataDir) : openPostgres(options);
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPglite(dataDir: string | 'memory'): Promise<DatabaseHandle> {
  if (dataDir !== 'memory') fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(dataDir === 'memory' ? {} : { dataDir }),
    parsers: { [DATE_OID]: (value: string) => value },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    location: dataDir === 'memory' ? 'memory' : path.resolve(dataDir),
    close: () => db.destroy(),
  };
}

function openPostgres(options: { url: string; poolSize?: number }): DatabaseHandle {
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: options.url, max: poolSize });
  catchConnectionErrors(pool, () => {});
  // The hot queries (db/prepared.ts) are parsed and planned once per connection, not once per request.
  pool.on('connect', runPreparedAsNamed);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const url = new URL(options.url);
  url.password = url.password ? '***' : '';
  return {
    db,
    kind: 'postgres',
    location: url.toString(),
    connectionString: options.url,
    poolSize,
    close: () => db.destroy(),
  };
}

/**
 * A PostgreSQL server may end a connection at any time (restart, administrator, timeout); pg reports it
 * as an 'error' event, and an 'error' event nobody listens to ends the Node process. The pool listens to
 * its idle clients only; a client checked out between two statements (inside a transaction, or a
 * LISTEN client held for good) has nobody to hear it. So every client gets a listener of its own for
 * its whole life. The error itself is not lost: the client is marked unusable, its next query fails with
 * a connection error (answered as 503 'Database unavailable') and the pool discards it on release.
 */
export function catchConnectionErrors(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

/** Runs pending migrations; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`Database migration ${failed ?? ''} failed: ${String(error)}`);
  }
}

/** Cheap liveness probe for health checks. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
