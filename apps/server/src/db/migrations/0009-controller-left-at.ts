import type { Kysely } from 'kysely';

/**
 * When the bound phone's last connection to a session closed (issue 15), or null while one is open.
 * A phone that closed its tab must not lock its session for good: once no phone has been connected
 * for CONTROLLER_TAKEOVER_GRACE_MS, a new phone may take the session over. The time is kept in the
 * database, not in memory, because with several instances the phone may have been connected to any of
 * them, and the takeover (one conditional update) must be decided once for all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_sessions').addColumn('controller_left_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('test_sessions').dropColumn('controller_left_at').execute();
}
