import { sql, type Kysely } from 'kysely';

/**
 * Share links (issue 19 item 5, docs/adr/0022-share-links.md): a read-only link to one result for an
 * optometrist outside the clinic.
 * - `share_links`: one row per link; `token_hash` is the SHA-256 of the link's random token (the token
 *   itself is never stored). A link works while `revoked_at` is null and `expires_at` is in the future;
 *   `opens` and `last_opened_at` count the openings of the shared page.
 * - `clinic_access_log.share_link_id`: which link an opening or download went through (the log's
 *   `clinician_id` is then null).
 * Both go with the account (on delete cascade) and the result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('results.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_opened_at', 'timestamptz')
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index share_links_result_idx on share_links (result_id, user_id)`.execute(db);
  await db.schema
    .alterTable('clinic_access_log')
    .addColumn('share_link_id', 'uuid', (c) => c.references('share_links.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clinic_access_log').dropColumn('share_link_id').execute();
  await db.schema.dropTable('share_links').execute();
}
