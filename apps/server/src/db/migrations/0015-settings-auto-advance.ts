import type { Kysely } from 'kysely';

/**
 * Whether the screens between eyes and tests move on by themselves after their countdown (issue 25,
 * WCAG 2.2.1); false: they wait for CONTINUE. Rows from before it existed keep today's behaviour, which
 * the default true says.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('settings')
    .addColumn('auto_advance', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('auto_advance').execute();
}
