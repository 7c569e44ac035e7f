import { sql, type Kysely } from 'kysely';

/**
 * Screen profiles (issue 18 item 4, docs/adr/0027): one calibration per display, not per account. Each
 * row is one screen a person calibrated: its name, the settings made on it (method, card, diagonal, gamma
 * as in `settings`) and the person's camera scale for it. `settings` stays the account's calibration in
 * use, so every existing reader keeps working; putting a profile in use copies it there. Removed with the
 * account (on delete cascade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screen_profiles')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('camera_scale', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index screen_profiles_user_idx on screen_profiles (user_id, last_used_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_profiles').execute();
}
