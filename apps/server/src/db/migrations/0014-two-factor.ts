import { sql, type Kysely } from 'kysely';

/**
 * Two-step sign-in (issue 19 item 7, docs/adr/0023-two-step-sign-in.md):
 * - on `users`: `two_factor_secret`, the TOTP secret sealed with a key derived from the server's secret
 *   (AES-256-GCM: a database dump alone does not give it away), set when enrolment starts;
 *   `two_factor_enabled_at`, set once the person confirmed a code (null: two-step sign-in is off, any
 *   secret is a pending enrolment); `two_factor_last_step`, the TOTP step (an integer: 30-second steps fit until the year 4000) of the last code accepted, so
 *   that no code is accepted twice.
 * - `two_factor_recovery_codes`: the SHA-256 of each one-time recovery code (80 random bits each), with
 *   when it was used. Removed with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('two_factor_secret', 'text')
    .addColumn('two_factor_enabled_at', 'timestamptz')
    .addColumn('two_factor_last_step', 'integer')
    .execute();
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index two_factor_recovery_codes_user_idx on two_factor_recovery_codes (user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema
    .alterTable('users')
    .dropColumn('two_factor_secret')
    .dropColumn('two_factor_enabled_at')
    .dropColumn('two_factor_last_step')
    .execute();
}
