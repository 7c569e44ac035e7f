import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Password-reset tokens, stored as hashes only (DESIGN.md §4). */
export class PasswordResetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a new reset and retires the account's older unused ones: only the latest link works. */
  async create(userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('password_resets')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
        .execute();
    });
  }

  /**
   * Marks the reset used and returns its account, in one statement: of two concurrent uses of the
   * same link exactly one wins. Undefined for an unknown, used or expired token.
   */
  async consume(tokenHash: string, now: Date, db: Kysely<Database> = this.db): Promise<string | undefined> {
    const row = await db
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }
}
