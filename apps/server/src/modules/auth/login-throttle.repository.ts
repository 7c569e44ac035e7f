import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The key of an account for throttling: SHA-256 of the trimmed, lower-cased email. */
export function accountKey(email: string): string {
  return crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Failed sign-ins per account (migration 0007), counted in a sliding window. */
export class LoginThrottleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Failures for the account since `since`. */
  async failuresSince(key: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('account_key', '=', key)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Records an attempt at `at` (it stays a failure unless a successful sign-in clears it) and forgets every
   * account's attempts older than `forgetBefore`, so the table never outgrows one window of attempts.
   */
  async recordFailure(key: string, at: Date, forgetBefore: Date): Promise<string> {
    const row = await this.db
      .insertInto('login_failures')
      .values({ account_key: key, failed_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('login_failures').where('failed_at', '<=', forgetBefore).execute();
    return String(row.id);
  }

  /** Takes back one recorded attempt whose password was never checked (the server was too busy). */
  async forgetAttempt(id: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('id', '=', id).execute();
  }

  /** Forgets the account's failures (a successful sign-in or password reset). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account_key', '=', key).execute();
  }
}
