import { sql, type Kysely } from 'kysely';

/** Screen calibration, gamma and optical history, one row per user (DESIGN.md §4). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`method in ('none', 'card', 'diagonal')`),
    )
    .addColumn('card', 'jsonb')
    .addColumn('diagonal', 'jsonb')
    .addColumn('gamma', 'double precision', (c) => c.notNull().defaultTo(1))
    .addColumn('optical_history', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
}
