import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Role } from '@visus/core';
import type { Database, UserRow } from '../../db/schema';

export type UserWithLastTest = UserRow & { last_test_at: Date | null };

/**
 * Serialises changes that could remove the last admin: two admins demoting each other at the same
 * moment must not both succeed. A transaction-scoped advisory lock works on PostgreSQL and PGlite.
 */
const LAST_ADMIN_LOCK = 0x56495355; // "VISU"

export class LastAdminError extends Error {}

/** The newest result of the account in the outer query, as `last_test_at`. */
const lastTestAt = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .selectFrom('results')
    .whereRef('results.user_id', '=', 'users.id')
    .select((r) => r.fn.max('results.created_at').as('m'))
    .as('last_test_at');

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** SQL of the admin's view of accounts. */
export class AdminUsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(options: {
    search?: string | undefined;
    offset: number;
    limit: number;
  }): Promise<{ rows: UserWithLastTest[]; total: number }> {
    let query = this.db.selectFrom('users');
    if (options.search) {
      const pattern = likePattern(options.search.toLowerCase());
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`lower(users.name)`, 'like', pattern),
          eb(sql<string>`lower(users.email)`, 'like', pattern),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll('users')
        .select(lastTestAt)
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as UserWithLastTest[], total: Number(count.n) };
  }

  async findWithLastTest(id: string): Promise<UserWithLastTest | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll('users')
      .select(lastTestAt)
      .where('users.id', '=', id)
      .executeTakeFirst();
    return row as UserWithLastTest | undefined;
  }

  /**
   * Changes a role; throws {@link LastAdminError} if that would leave no admin. Undefined when the
   * account does not exist.
   */
  async setRole(id: string, role: Role): Promise<UserRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`.execute(trx);
      const user = await trx.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      if (!user) return undefined;
      if (user.role === 'admin' && role !== 'admin' && (await this.countAdmins(trx)) <= 1) {
        throw new LastAdminError();
      }
      if (user.role === role) return user;
      return trx
        .updateTable('users')
        .set({ role, updated_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** Deletes an account with everything it owns; refuses the last admin. False if it did not exist. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`.execute(trx);
      const user = await trx.selectFrom('users').select('role').where('id', '=', id).executeTakeFirst();
      if (!user) return false;
      if (user.role === 'admin' && (await this.countAdmins(trx)) <= 1) throw new LastAdminError();
      await trx.deleteFrom('users').where('id', '=', id).execute();
      return true;
    });
  }

  async countByRole(): Promise<Record<Role, number>> {
    const rows = await this.db
      .selectFrom('users')
      .select(['role', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('role')
      .execute();
    const counts: Record<Role, number> = { admin: 0, user: 0, tester: 0, clinician: 0 };
    for (const row of rows) counts[row.role] = Number(row.n);
    return counts;
  }

  async countResultsSince(since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('results')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private async countAdmins(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
