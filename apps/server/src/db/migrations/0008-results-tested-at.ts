import { sql, type Kysely } from 'kysely';

/**
 * The results list (issue 7) is ordered newest first by the test's date (`setup.date`, an ISO string in
 * jsonb) and filtered by from/to on it. Text order of ISO strings with different offsets is not time
 * order, and a cast in an index expression is not immutable, so the instant is kept in its own column,
 * written by the service from `setup.date`. One index serves the owner filter, the date range and the
 * order (tested_at, then created_at, then id as the tie-breakers), so a page of a user with thousands
 * of results reads only that page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('results').addColumn('tested_at', 'timestamptz').execute();
  // Existing rows: the setup date when it reads as an ISO date-time, else the time they were stored.
  await sql`
    update results set tested_at = case
      when setup->>'date' ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$'
        then (setup->>'date')::timestamptz
      else created_at end
  `.execute(db);
  await sql`alter table results alter column tested_at set default now()`.execute(db);
  await sql`alter table results alter column tested_at set not null`.execute(db);
  await sql`create index results_user_tested_idx on results (user_id, tested_at desc, created_at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists results_user_tested_idx`.execute(db);
  await db.schema.alterTable('results').dropColumn('tested_at').execute();
}
