import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins per account (issue 9, OWASP ASVS V2.2.1: at most 100 failed attempts per hour per
 * account). Keyed by a hash of the normalised email, so unknown emails are throttled exactly like real
 * accounts (no enumeration) and no address is stored in clear. Kept in the database so that every
 * instance counts the same attempts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('login_failures_account_idx')
    .on('login_failures')
    .columns(['account_key', 'failed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_failures').execute();
}
