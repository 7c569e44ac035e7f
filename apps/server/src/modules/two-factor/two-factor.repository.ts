import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';

/** All SQL of two-step sign-in (migration 0014). */
export class TwoFactorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a pending secret (two-step sign-in stays off until confirmed); only while it is off. */
  async setPendingSecret(userId: string, sealed: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_secret: sealed, two_factor_last_step: null })
      .where('id', '=', userId)
      .where('two_factor_enabled_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Turns it on with the step of the confirming code and a new set of recovery codes (the old ones, if
   * any, are gone), in one transaction; false when it was already on (a second tab confirmed first).
   */
  async enable(userId: string, step: number, codeHashes: readonly string[], now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('users')
        .set({ two_factor_enabled_at: now, two_factor_last_step: step, updated_at: now })
        .where('id', '=', userId)
        .where('two_factor_enabled_at', 'is', null)
        .where('two_factor_secret', 'is not', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await replaceCodes(trx, userId, codeHashes);
      return true;
    });
  }

  /** Turns it off: secret, last step and recovery codes are gone. */
  async disable(userId: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          two_factor_secret: null,
          two_factor_enabled_at: null,
          two_factor_last_step: null,
          updated_at: now,
        })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    });
  }

  /**
   * Records that the code of `step` was used, only if no code of that step or a later one was: true when
   * this call won (two requests with the same code at once: one wins, the other is refused as reused).
   */
  async useStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ two_factor_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', step)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Uses up an unused recovery code of the account with this hash; true when one was found (once only). */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async replaceRecoveryCodes(userId: string, codeHashes: readonly string[]): Promise<void> {
    await this.db.transaction().execute((trx) => replaceCodes(trx, userId, codeHashes));
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('two_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The account as it is now (the cached one may be a few seconds old). */
  findAccount(userId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }
}

async function replaceCodes(trx: Kysely<Database>, userId: string, codeHashes: readonly string[]) {
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length === 0) return;
  await trx
    .insertInto('two_factor_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}
