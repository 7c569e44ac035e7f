import { sql, type Kysely } from 'kysely';
import type { TestId } from '@visus/core';
import type { Database, TestSessionRow } from '../../db/schema';

/** Postgres' unique-violation code: a pin collision (≈ 1 in 10^11 per pair) is retried by the service. */
const UNIQUE_VIOLATION = '23505';

export class PinTakenError extends Error {}

/** All SQL about test sessions. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: {
    pin: string;
    userId: string;
    units: 'm' | 'ft';
    pixelSize: number | null;
    testFlowA: TestId[];
    single: TestId | null;
    testMode: boolean;
    crowding: boolean;
    expiresAt: Date;
  }): Promise<TestSessionRow> {
    try {
      return await this.db
        .insertInto('test_sessions')
        .values({
          pin: session.pin,
          user_id: session.userId,
          units: session.units,
          pixel_size: session.pixelSize,
          test_flow_a: JSON.stringify(session.testFlowA),
          single: session.single,
          test_mode: session.testMode,
          crowding: session.crowding,
          expires_at: session.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new PinTakenError();
      throw error;
    }
  }

  findByPin(pin: string): Promise<TestSessionRow | undefined> {
    return this.db.selectFrom('test_sessions').selectAll().where('pin', '=', pin).executeTakeFirst();
  }

  /** Marks the session completed once; later calls keep the first completion time. */
  complete(pin: string, now: Date): Promise<TestSessionRow | undefined> {
    return this.db
      .updateTable('test_sessions')
      .set((eb) => ({ completed_at: eb.fn.coalesce('completed_at', eb.val(now)) }))
      .where('pin', '=', pin)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * mm per CSS pixel from the account's active screen calibration, or null when there is none.
   * The calibration is stored as pixels per mm (settings.card / settings.diagonal).
   */
  async calibratedPixelSize(userId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('settings')
      .select(['method', 'card', 'diagonal'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row || row.method === 'none') return null;
    const calibration = (row.method === 'card' ? row.card : row.diagonal) as { pixelsPerMm?: unknown } | null;
    const pxPerMm = calibration?.pixelsPerMm;
    return typeof pxPerMm === 'number' && Number.isFinite(pxPerMm) && pxPerMm > 0 ? 1 / pxPerMm : null;
  }

  /**
   * Binds the session to a controller key hash if none is bound yet. True when `keyHash` is (now)
   * the bound one; false when another phone holds the session. One statement, so two phones racing
   * for the same pin cannot both win. The bound phone is arriving, so its leaving time is cleared:
   * no other phone can take over from here on (see takeOverController).
   */
  async bindController(pin: string, keyHash: string): Promise<boolean> {
    const bound = await this.db
      .updateTable('test_sessions')
      .set({ controller_key_hash: keyHash, controller_left_at: null })
      .where('pin', '=', pin)
      .where((eb) => eb.or([eb('controller_key_hash', 'is', null), eb('controller_key_hash', '=', keyHash)]))
      .returning('id')
      .executeTakeFirst();
    return bound !== undefined;
  }

  /**
   * Rebinds the session to `keyHash` if the bound phone left at or before `leftBy`. One conditional
   * statement: it clears the leaving time as it rebinds, so of two phones racing for the takeover the
   * second finds the row changed (Postgres re-checks the condition on the updated row) and loses, and
   * a bound phone that came back in the meantime (bindController) keeps the session.
   */
  async takeOverController(pin: string, keyHash: string, leftBy: Date): Promise<boolean> {
    const taken = await this.db
      .updateTable('test_sessions')
      .set({ controller_key_hash: keyHash, controller_left_at: null })
      .where('pin', '=', pin)
      .where('controller_left_at', 'is not', null)
      .where('controller_left_at', '<=', leftBy)
      .returning('id')
      .executeTakeFirst();
    return taken !== undefined;
  }

  /** Records that the phone bound with `keyHash` has no connection left, at `at`. */
  async controllerLeft(pin: string, keyHash: string, at: Date): Promise<void> {
    await this.db
      .updateTable('test_sessions')
      .set({ controller_left_at: at })
      .where('pin', '=', pin)
      .where('controller_key_hash', '=', keyHash)
      .execute();
  }

  /** Clears the leaving time of the phone bound with `keyHash`: it has a connection again. */
  async controllerArrived(pin: string, keyHash: string): Promise<void> {
    await this.db
      .updateTable('test_sessions')
      .set({ controller_left_at: null })
      .where('pin', '=', pin)
      .where('controller_key_hash', '=', keyHash)
      .where('controller_left_at', 'is not', null)
      .execute();
  }

  /**
   * Starts the bound phone's leaving time at `at` unless one is recorded: for a bound phone found
   * with no connection but no leaving time (its instance stopped before it could record one).
   */
  async controllerMissingSince(pin: string, at: Date): Promise<void> {
    await this.db
      .updateTable('test_sessions')
      .set({ controller_left_at: at })
      .where('pin', '=', pin)
      .where('controller_key_hash', 'is not', null)
      .where('controller_left_at', 'is', null)
      .execute();
  }

  /**
   * Merges `patch` (top-level keys) into the state a reconnecting phone needs (the display's last
   * status, test and method). One statement: Postgres locks the row for the update and a concurrent
   * one re-reads the merged row, so two events of the display at once both land (a read in JavaScript and
   * a write back would let the later write drop the other's key). A state that is missing or not an
   * object starts afresh.
   */
  async mergeState(pin: string, patch: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('test_sessions')
      .set({
        state: sql<string>`
          (case when jsonb_typeof(state) = 'object' then state else '{}'::jsonb end)
          || ${JSON.stringify(patch)}::jsonb`,
      })
      .where('pin', '=', pin)
      .execute();
  }
}
