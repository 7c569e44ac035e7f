import { describe, expect, it } from 'vitest';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../../src/db/schema';
import { migrationProvider } from '../../src/db/migrations';
import { TEST_DB_KIND, canTestDatabase, createThrowawayPostgres } from '../helpers/test-database';

/** An empty, unmigrated database of the kind under test. */
async function emptyDatabase(): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  if (TEST_DB_KIND === 'pglite') {
    const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: await PGlite.create() }) });
    return { db, close: () => db.destroy() };
  }
  const throwaway = await createThrowawayPostgres();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: throwaway.url, max: 2 }) }),
  });
  return { db, close: async () => (await db.destroy(), await throwaway.drop()) };
}

/** Migration 0008 on rows stored before it: tested_at from setup.date, or the storage time. */
describe.skipIf(!(await canTestDatabase()))('migration 0008-results-tested-at', () => {
  it('backfills tested_at from setup.date, falls back to created_at, and migrates down again', async () => {
    const { db, close } = await emptyDatabase();
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      expect((await migrator.migrateTo('0007-login-failures')).error).toBeUndefined();
      const user = await sql<{ id: string }>`
        insert into users (email, name, password_hash, role) values ('a@example.org', 'A', 'x', 'user') returning id
      `.execute(db);
      const userId = user.rows[0]!.id;
      const stored = '2026-03-01T12:00:00.000Z';
      for (const date of ['2026-01-31T09:30:00+01:00', 'not a date']) {
        await sql`insert into results (user_id, setup, data, created_at)
                  values (${userId}, ${JSON.stringify({ date })}, '{}', ${stored})`.execute(db);
      }
      expect((await migrator.migrateTo('0008-results-tested-at')).error).toBeUndefined();
      const rows = await db
        .selectFrom('results')
        .select(['setup', 'tested_at'])
        .orderBy('tested_at')
        .execute();
      expect(rows.map((r) => r.tested_at.toISOString())).toEqual(['2026-01-31T08:30:00.000Z', stored]);
      expect((await migrator.migrateDown()).error).toBeUndefined();
      const columns = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = 'results'
      `.execute(db);
      expect(columns.rows.map((c) => c.column_name)).not.toContain('tested_at');
    } finally {
      await close();
    }
  });
});
