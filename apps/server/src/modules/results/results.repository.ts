import { sql, type Kysely, type Selectable } from 'kysely';
import type { TestId } from '@visus/core';
import type { Database, ResultsTable } from '../../db/schema';
import { PreparedQuery } from '../../db/prepared';

export type ResultRow = Selectable<ResultsTable>;
/**
 * A row of a results page: setup and data as the database's own JSON text (`jsonb::text`), not parsed.
 * A page's stored results are mostly answered from the validated-JSON memo, which needs no parsed value
 * (results.service.ts storedResultOfText); parsing them on every read was a share of the page's CPU.
 */
export type ResultTextRow = Omit<ResultRow, 'setup' | 'data'> & { setup_text: string; data_text: string };
type PageRow = ResultTextRow & { total: string | null };

/** Filters and page of the results list; `to` is exclusive when `toExclusive`, else inclusive. */
export interface ResultsFilter {
  from?: Date;
  to?: Date;
  toExclusive?: boolean;
  test?: TestId;
}

/** All SQL about stored results. */
export class ResultsRepository {
  /** The save's insert, built once (db/prepared.ts). */
  private readonly insert: PreparedQuery<
    [userId: string, sessionId: string | null, setup: string, data: string, testedAt: Date],
    Pick<ResultRow, 'id' | 'created_at'>
  >;
  /** The page query of each combination of filters (from, to inclusive or exclusive, test), built once. */
  private readonly pages = new Map<string, PreparedQuery<unknown[], PageRow>>();

  constructor(private readonly db: Kysely<Database>) {
    this.insert = new PreparedQuery(db, (userId, sessionId, setup, data, testedAt) =>
      db
        .insertInto('results')
        .values({ user_id: userId, session_id: sessionId, setup, data, tested_at: testedAt })
        .onConflict((oc) => oc.columns(['user_id', 'session_id']).doNothing())
        .returning(['id', 'created_at']),
    );
  }

  /**
   * Inserts a result unless the account already has one for this session, in one statement: `on conflict
   * (user_id, session_id) do nothing` makes two concurrent saves of the same session store exactly one row
   * (the loser waits for the winner's commit, then reads it). Results without a session always insert.
   * A new row is answered from what was inserted: the database returns only the columns it makes (id,
   * created_at), not the setup and data it was just sent (issue 21 item 2: sending the jsonb back and
   * parsing it was a share of the save's CPU on both sides). jsonb keeps every value of the JSON text
   * exactly (numbers as written), so the row read later holds the same values; only its key order may
   * differ, which no reader depends on.
   */
  async insertOnce(result: {
    userId: string;
    sessionId: string | null;
    setup: unknown;
    data: unknown;
    testedAt: Date;
  }): Promise<{ row: ResultRow; created: boolean }> {
    const inserted = await this.insert.executeTakeFirst(
      result.userId,
      result.sessionId,
      JSON.stringify(result.setup),
      JSON.stringify(result.data),
      result.testedAt,
    );
    if (inserted) {
      const row: ResultRow = {
        id: inserted.id,
        user_id: result.userId,
        session_id: result.sessionId,
        setup: result.setup,
        data: result.data,
        created_at: inserted.created_at,
        tested_at: result.testedAt,
      };
      return { row, created: true };
    }
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
  ): Promise<{ rows: ResultTextRow[]; total: number }> {
    const values = [filter.from, filter.to, filter.test].filter((value) => value !== undefined);
    const withTotal = await this.pageQuery(filter).execute(userId, page.limit, page.offset, ...values);
    if (withTotal.length === 0) {
      if (page.offset === 0) return { rows: [], total: 0 };
      const count = this.filtered(userId, filter).select((eb) => eb.fn.countAll<string>().as('n'));
      return { rows: [], total: Number((await count.executeTakeFirstOrThrow()).n) };
    }
    const total = Number(withTotal[0]!.total);
    const rows = withTotal.map(({ total: _total, ...row }) => row);
    return { rows, total };
  }

  /**
   * The page query for this combination of filters, built once: its arguments are the account, limit and
   * offset, then the values of the filters present (from, to, test, in this order).
   */
  private pageQuery(filter: ResultsFilter): PreparedQuery<unknown[], PageRow> {
    const shape = [
      filter.from ? 'from' : '',
      filter.to ? (filter.toExclusive ? 'to<' : 'to<=') : '',
      filter.test ? 'test' : '',
    ].join(',');
    const known = this.pages.get(shape);
    if (known) return known;
    const arity = 3 + [filter.from, filter.to, filter.test].filter((v) => v !== undefined).length;
    const query = new PreparedQuery<unknown[], PageRow>(
      this.db,
      (...args: unknown[]) => {
        const [userId, limit, offset, ...values] = args as [string, number, number, ...unknown[]];
        const placeholders: ResultsFilter = { ...(filter.toExclusive ? { toExclusive: true } : {}) };
        if (filter.from) placeholders.from = values.shift() as Date;
        if (filter.to) placeholders.to = values.shift() as Date;
        if (filter.test) placeholders.test = values.shift() as TestId;
        const count = this.filtered(userId, placeholders).select((eb) => eb.fn.countAll<string>().as('n'));
        return this.filtered(userId, placeholders)
          .select(['id', 'user_id', 'session_id', 'created_at', 'tested_at'])
          .select([sql<string>`setup::text`.as('setup_text'), sql<string>`data::text`.as('data_text')])
          .select(count.as('total'))
          .orderBy('tested_at', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset);
      },
      arity,
    );
    this.pages.set(shape, query);
    return query;
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
