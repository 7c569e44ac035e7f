import { sql, type Kysely } from 'kysely';

/** Test sessions (DESIGN.md §4): the pin pairs a display with one controller until completed or expired. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('test_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('pin', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('units', 'text', (c) => c.notNull().check(sql`units in ('m', 'ft')`))
    .addColumn('pixel_size', 'double precision')
    .addColumn('test_flow_a', 'jsonb', (c) => c.notNull())
    .addColumn('single', 'text')
    .addColumn('test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    // What a reconnecting display or controller needs to resume (the realtime layer keeps it current).
    .addColumn('state', 'jsonb')
    // SHA-256 of the key of the phone that paired first; only that phone may reconnect.
    .addColumn('controller_key_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('test_sessions_user_idx')
    .on('test_sessions')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('test_sessions').execute();
}
