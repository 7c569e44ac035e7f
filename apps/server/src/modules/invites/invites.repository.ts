import { sql, type Kysely } from 'kysely';
import type { Role } from '@visus/core';
import type { InviteStatus } from '@visus/contracts';
import type { Database, InviteRow } from '../../db/schema';

export type InviteWithCreator = InviteRow & { created_by_name: string | null };

/** All SQL about invites. Status is derived from the timestamps, never stored twice. */
export class InvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates an invite and revokes any still-pending invite for the same email: only the newest link works. */
  async create(invite: {
    email: string;
    role: Role;
    codeHash: string;
    createdBy: string;
    expiresAt: Date;
    now: Date;
  }): Promise<InviteRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('invites')
        .set({ revoked_at: invite.now })
        .where(sql<string>`lower(email)`, '=', invite.email.toLowerCase())
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      return trx
        .insertInto('invites')
        .values({
          email: invite.email.toLowerCase(),
          role: invite.role,
          code_hash: invite.codeHash,
          created_by: invite.createdBy,
          expires_at: invite.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  findById(id: string): Promise<InviteRow | undefined> {
    return this.db.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A pending invite by its code hash (not used, not revoked, not expired at `now`). */
  findUsable(codeHash: string, now: Date, db: Kysely<Database> = this.db): Promise<InviteRow | undefined> {
    return db
      .selectFrom('invites')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Marks a pending invite used; false if someone else used it first. */
  async markUsed(id: string, now: Date, db: Kysely<Database> = this.db): Promise<boolean> {
    const result = await db
      .updateTable('invites')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Revokes a pending invite; undefined if it was not pending any more. */
  revoke(id: string, now: Date): Promise<InviteRow | undefined> {
    return this.db
      .updateTable('invites')
      .set({ revoked_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
  }

  /** One page of invites, newest first, with the inviting admin's name. */
  async list(options: {
    status?: InviteStatus | undefined;
    now: Date;
    offset: number;
    limit: number;
  }): Promise<{ rows: InviteWithCreator[]; total: number }> {
    let query = this.db.selectFrom('invites');
    const { now } = options;
    switch (options.status) {
      case 'used':
        query = query.where('invites.used_at', 'is not', null);
        break;
      case 'revoked':
        query = query.where('invites.used_at', 'is', null).where('invites.revoked_at', 'is not', null);
        break;
      case 'expired':
        query = query
          .where('invites.used_at', 'is', null)
          .where('invites.revoked_at', 'is', null)
          .where('invites.expires_at', '<=', now);
        break;
      case 'pending':
        query = query
          .where('invites.used_at', 'is', null)
          .where('invites.revoked_at', 'is', null)
          .where('invites.expires_at', '>', now);
        break;
      default:
        break;
    }
    const [rows, count] = await Promise.all([
      query
        .leftJoin('users', 'users.id', 'invites.created_by')
        .selectAll('invites')
        .select('users.name as created_by_name')
        .orderBy('invites.created_at', 'desc')
        .orderBy('invites.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async countPending(now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** The status an invite has at `now`. */
export function inviteStatus(
  row: Pick<InviteRow, 'used_at' | 'revoked_at' | 'expires_at'>,
  now: Date,
): InviteStatus {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
}
