import type { Kysely } from 'kysely';

/**
 * Whether the display speaks its instructions aloud (issue 20 item 2). Off for every row, older ones
 * included: a voice is turned on by the person, on Setup or from the phone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('speak_instructions', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('speak_instructions').execute();
}
