import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccessAction } from '@visus/contracts';
import type { Database, ShareLinksTable } from '../../db/schema';

export type ShareLinkRow = Selectable<ShareLinksTable>;

/** The name the access log shows for an opening through a share link (no account is behind it). */
export const SHARE_LINK_VISITOR = 'Someone with your share link';

/** All SQL about share links. A link works while not revoked and not expired, checked in the statement. */
export class ShareLinksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The caller's result, if `resultId` is one of theirs. */
  ownedResult(userId: string, resultId: string) {
    return this.db
      .selectFrom('results')
      .select('id')
      .where('id', '=', resultId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  create(link: {
    userId: string;
    resultId: string;
    tokenHash: string;
    now: Date;
    expiresAt: Date;
  }): Promise<ShareLinkRow> {
    return this.db
      .insertInto('share_links')
      .values({
        user_id: link.userId,
        result_id: link.resultId,
        token_hash: link.tokenHash,
        created_at: link.now,
        expires_at: link.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** All of the caller's links, newest first (the account's data download). */
  listAll(userId: string): Promise<ShareLinkRow[]> {
    return this.db
      .selectFrom('share_links')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /** The caller's links to one result, newest first. */
  list(userId: string, resultId: string): Promise<ShareLinkRow[]> {
    return this.db
      .selectFrom('share_links')
      .selectAll()
      .where('user_id', '=', userId)
      .where('result_id', '=', resultId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Revokes one of the caller's links to that result (a revoked link stays revoked, from the first
   * time); undefined when no such link is theirs.
   */
  async revoke(userId: string, resultId: string, linkId: string, now: Date) {
    await this.db
      .updateTable('share_links')
      .set({ revoked_at: now })
      .where('id', '=', linkId)
      .where('user_id', '=', userId)
      .where('result_id', '=', resultId)
      .where('revoked_at', 'is', null)
      .execute();
    return this.db
      .selectFrom('share_links')
      .selectAll()
      .where('id', '=', linkId)
      .where('user_id', '=', userId)
      .where('result_id', '=', resultId)
      .executeTakeFirst();
  }

  /**
   * Uses the working link with this token hash: stamps when it was last used and, for the shared page
   * itself, counts an opening, in the one statement that checks it is neither revoked nor expired at
   * `now`. undefined when no working link has this hash.
   */
  use(tokenHash: string, now: Date, countOpening: boolean) {
    return this.db
      .updateTable('share_links')
      .set(countOpening ? { last_opened_at: now, opens: sql`opens + 1` } : { last_opened_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'user_id', 'result_id', 'expires_at'])
      .executeTakeFirst();
  }

  /** The shared result with its owner's name and date of birth. */
  sharedResult(userId: string, resultId: string) {
    return this.db
      .selectFrom('results')
      .innerJoin('users', 'users.id', 'results.user_id')
      .selectAll('results')
      .select(['users.name as owner_name', 'users.dob as owner_dob'])
      .where('results.id', '=', resultId)
      .where('results.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** One row in the owner's access log: which link, what, when. */
  async logUse(
    link: { id: string; user_id: string; result_id: string },
    action: AccessAction,
    now: Date,
  ): Promise<void> {
    await this.db
      .insertInto('clinic_access_log')
      .values({
        patient_id: link.user_id,
        clinician_id: null,
        clinician_name: SHARE_LINK_VISITOR,
        action,
        result_id: link.result_id,
        share_link_id: link.id,
        at: now,
      })
      .execute();
  }
}
