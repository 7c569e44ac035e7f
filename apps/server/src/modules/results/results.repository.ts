import { sql, type Kysely, type Selectable } from 'kysely';
import type { TestId } from '@visus/core';
import type { Database, ResultsTable } from '../../db/schema';

export type ResultRow = Selectable<ResultsTable>;

/** Filters and page of the results list; `to` is exclusive when `toExclusive`, else inclusive. */
export interface ResultsFilter {
  from?: Date;
  to?: Date;
  toExclusive?: boolean;
  test?: TestId;
}

/** All SQL about stored results. */
export class ResultsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Inserts a result unless the account already has one for this session, in one statement: `on conflict
   * (user_id, session_id) do nothing` makes two concurrent saves of the same session store exactly one row
   * (the loser waits for the winner's commit, then reads it). Results without a session always insert.
   */
  async insertOnce(result: {
    userId: string;
    sessionId: string | null;
    setup: unknown;
    data: unknown;
    testedAt: Date;
  }): Promise<{ row: ResultRow; created: boolean }> {
    const inserted = await this.db
      .insertInto('results')
      .values({
        user_id: result.userId,
        session_id: result.sessionId,
        setup: JSON.stringify(result.setup),
        data: JSON.stringify(result.data),
        tested_at: result.testedAt,
      })
      .onConflict((oc) => oc.columns(['user_id', 'session_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { row: inserted, created: true };
    const existing = await this.db
      .selectFrom('results')
      .selectAll()
      .where('user_id', '=', result.userId)
      .where('session_id', '=', result.sessionId)
      .executeTakeFirstOrThrow();
    return { row: existing, created: false };
  }

  /** One result of the account, or undefined (also for another account's id). `id` must be a uuid. */
  findOwned(userId: string, id: string): Promise<ResultRow | undefined> {
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  private filtered(userId: string, filter: ResultsFilter) {
    let query = this.db.selectFrom('results').where('user_id', '=', userId);
    if (filter.from) query = query.where('tested_at', '>=', filter.from);
    if (filter.to) query = query.where('tested_at', filter.toExclusive ? '<' : '<=', filter.to);
    // jsonb key existence: the result holds this test.
    if (filter.test) query = query.where(sql<boolean>`data ? ${filter.test}`);
    return query;
  }

  /**
   * A page of the account's results, newest first by the test's date, then by storage time and id (a
   * total order, so pages never overlap or skip), with the count of all matching results. Served by the
   * index results_user_tested_idx (migration 0008): the page reads only its rows, the count only the index.
   * One statement (the count is an uncorrelated subquery, evaluated once): under load every round trip to
   * the database costs the server a socket write and a wake-up of PostgreSQL (bench/load/README.md). A page
   * past the end has no row to carry the count, so only then is it asked for on its own.
   */
  async page(
    userId: string,
    filter: ResultsFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ResultRow[]; total: number }> {
    const count = this.filtered(userId, filter).select((eb) => eb.fn.countAll<string>().as('n'));
    const withTotal = await this.filtered(userId, filter)
      .selectAll('results')
      .select(count.as('total'))
      .orderBy('tested_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    if (withTotal.length === 0) {
      const total = page.offset === 0 ? 0 : Number((await count.executeTakeFirstOrThrow()).n);
      return { rows: [], total };
    }
    const total = Number(withTotal[0]!.total);
    const rows = withTotal.map(({ total: _total, ...row }) => row);
    return { rows, total };
  }

  /** Every result of the account, newest first (account export). */
  all(userId: string): Promise<ResultRow[]> {
    return this.db
      .selectFrom('results')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('tested_at', 'desc')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
