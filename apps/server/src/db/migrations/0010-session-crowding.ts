import type { Kysely } from 'kysely';

/**
 * Whether a session's Sloan or Tumbling E chart is drawn with crowding bars (SPEC.md §3 `crowding`,
 * issue 23). Sessions made before it existed were uncrowded, which the default false says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('test_sessions')
    .addColumn('crowding', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_sessions').dropColumn('crowding').execute();
}
