import crypto from 'node:crypto';
import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type pg from 'pg';

/**
 * A query that is built with Kysely once and then run with new parameter values (issue 21, bench/load).
 *
 * Building and compiling a Kysely query costs the server more CPU than sending it: for the results page
 * about 70 µs of a 150 µs query. The hot queries (the token check's account lookup, the results page, the
 * save) are therefore built once, with placeholders, into their SQL text; each run only fills in the
 * parameter values. On PostgreSQL their text also runs as a named statement (see
 * {@link runPreparedAsNamed}): each pool connection parses and plans it once instead of on every request,
 * which halves PostgreSQL's own CPU for the results page.
 *
 * The query must be the same text whatever the values: no `in (…)` lists of varying length, no values that
 * decide the shape of the query. A query that selects rows names its columns (no `select *`): a named
 * statement whose result columns changed (a migration adding a column while an older instance still runs)
 * fails with "cached plan must not change result type".
 */
export class PreparedQuery<Args extends readonly unknown[], Row> {
  private compiled?: { sql: string; slots: readonly Slot[] };

  constructor(
    /** The Kysely instance (or transaction) the query runs on. */
    private readonly db: { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> },
    /** Builds the query from its arguments; called once, with placeholders in place of the arguments. */
    private readonly build: (...args: Args) => Compilable<Row>,
    /** How many arguments the query takes (a rest parameter does not count in `build.length`). */
    private readonly arity = build.length,
  ) {}

  /** The compiled SQL text (the same for every run). */
  get sql(): string {
    return this.compile().sql;
  }

  async execute(...args: Args): Promise<Row[]> {
    const { sql, slots } = this.compile();
    const parameters = slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    const { rows } = await this.db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    return rows;
  }

  async executeTakeFirst(...args: Args): Promise<Row | undefined> {
    return (await this.execute(...args))[0];
  }

  private compile(): { sql: string; slots: readonly Slot[] } {
    if (this.compiled) return this.compiled;
    // Enough placeholders for any arity; each is an object only this compile can recognise.
    const placeholders = Array.from({ length: this.arity }, (_, arg) => new Placeholder(arg));
    const query = this.build(...(placeholders as unknown as Args)).compile();
    const slots = query.parameters.map((value): Slot =>
      value instanceof Placeholder ? { arg: value.arg } : { value },
    );
    const used = new Set(slots.flatMap((slot) => ('arg' in slot ? [slot.arg] : [])));
    if (used.size !== placeholders.length)
      throw new Error(`a prepared query must use each of its ${placeholders.length} arguments as a value`);
    namedStatements.set(
      query.sql,
      `visus_${crypto.createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`,
    );
    this.compiled = { sql: query.sql, slots };
    return this.compiled;
  }
}

/** A parameter of a prepared query while it is built: `arg` is the argument's position. */
class Placeholder {
  constructor(readonly arg: number) {}
}

type Slot = { arg: number } | { value: unknown };

/** The SQL texts of prepared queries, and the name each runs under as a named statement. */
const namedStatements = new Map<string, string>();

/** The statement name of a prepared query's SQL text, or undefined for any other text (tests). */
export function statementName(sql: string): string | undefined {
  return namedStatements.get(sql);
}

/**
 * Makes `client` (a pg connection, as the pool hands it out) run the SQL text of every
 * {@link PreparedQuery} as a named statement: pg parses it on this connection the first time and then only
 * binds and executes it. Any other query goes through unchanged. Called once per new pool connection.
 */
export function runPreparedAsNamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length <= 2 ? namedStatements.get(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
}
