import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db/database';
import { PreparedQuery, statementName } from '../../src/db/prepared';
import { USER_COLUMNS } from '../../src/db/schema';
import { canTestDatabase, openTestDatabase, TEST_DB_KIND } from '../helpers/test-database';

const run = await canTestDatabase();

describe.runIf(run)(`PreparedQuery (${TEST_DB_KIND})`, () => {
  let database: DatabaseHandle;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const name of ['Ada', 'Bea', 'Cy']) {
      const row = await database.db
        .insertInto('users')
        .values({ email: `${name.toLowerCase()}@example.org`, name, password_hash: 'x', role: 'user' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  it('builds the query once and runs it with each call’s values, as Kysely would', async () => {
    const db = database.db;
    let builds = 0;
    const byNameAndRole = new PreparedQuery(db, (name: string, role: 'user' | 'admin') => {
      builds++;
      return db
        .selectFrom('users')
        .select(['id', 'name'])
        .where('name', '=', name)
        .where('role', '=', role)
        .where('email', 'like', '%@example.org'); // a constant stays a constant
    });
    expect(await byNameAndRole.execute('Bea', 'user')).toEqual([{ id: ids[1], name: 'Bea' }]);
    expect(await byNameAndRole.execute('Cy', 'user')).toEqual([{ id: ids[2], name: 'Cy' }]);
    expect(await byNameAndRole.execute('Cy', 'admin')).toEqual([]);
    expect(await byNameAndRole.executeTakeFirst('Ada', 'user')).toEqual({ id: ids[0], name: 'Ada' });
    expect(builds).toBe(1);
    expect(byNameAndRole.sql).toMatch(/"name" = \$1 and "role" = \$2 and "email" like \$3/);
  });

  it('passes an argument used twice, and arguments in another order than the SQL’s', async () => {
    const db = database.db;
    const q = new PreparedQuery(db, (limit: number, id: string) =>
      db
        .selectFrom('users')
        .select(USER_COLUMNS)
        .where('id', '=', id)
        .where('id', 'in', db.selectFrom('users').select('id').where('id', '=', id))
        .limit(limit),
    );
    const row = await q.executeTakeFirst(1, ids[2]!);
    expect(row?.name).toBe('Cy');
    expect(Object.keys(row ?? {}).sort()).toEqual([...USER_COLUMNS].sort());
  });

  it('refuses a query that does not use one of its arguments as a value', async () => {
    const db = database.db;
    const q = new PreparedQuery(db, (name: string, _unused: string) =>
      db.selectFrom('users').select('id').where('name', '=', name),
    );
    await expect(q.execute('Ada', 'x')).rejects.toThrow(/each of its 2 arguments/);
  });

  it.runIf(TEST_DB_KIND === 'postgres')(
    'runs as a named statement on each connection, parsed there once; other queries stay unnamed',
    async () => {
      await database.db.connection().execute(async (connection) => {
        const q = new PreparedQuery(connection, (id: string) =>
          connection.selectFrom('users').select(['name']).where('id', '=', id),
        );
        for (const id of ids) await q.execute(id);
        const unnamed = connection.selectFrom('users').select('email').where('id', '=', ids[0]!);
        await unnamed.execute();
        const { rows } = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(connection);
        const name = statementName(q.sql);
        expect(name).toMatch(/^visus_[0-9a-f]{24}$/);
        expect(rows).toContainEqual({ name, statement: q.sql });
        expect(rows.filter((r) => r.statement === unnamed.compile().sql)).toEqual([]);
      });
    },
  );
});
