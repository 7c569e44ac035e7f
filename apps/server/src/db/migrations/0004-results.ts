import { sql, type Kysely } from 'kysely';

/**
 * Stored test results (DESIGN.md §4), append-only. Created now so that account deletion, the admin
 * overview ("tests this week", "last test") and exports work on real rows from the start; the results
 * API arrives with its issue. One result per (user, session): saving a session twice stores it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('results')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'text')
    .addColumn('setup', 'jsonb', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('results_user_session_unique', ['user_id', 'session_id'])
    .execute();
  await sql`create index results_user_created_idx on results (user_id, created_at desc)`.execute(db);
  await db.schema.createIndex('results_created_at_idx').on('results').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('results').execute();
}
