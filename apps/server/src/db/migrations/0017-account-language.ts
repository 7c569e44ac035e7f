import { sql, type Kysely } from 'kysely';

/**
 * The account's language (issue 20 item 1, docs/adr/0028): 'en', 'es', 'de' or 'fr', or null when the
 * person never chose one (the app then follows the browser's languages, mails go out in English). The
 * check keeps the column to the languages the app and the mails have catalogs for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('language', 'text', (c) => c.check(sql`language in ('en', 'es', 'de', 'fr')`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
