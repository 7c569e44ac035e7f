import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserFromArgs } from '../../src/cli/user-create';
import { openDatabase } from '../../src/db/database';
import { canTestDatabase, createThrowawayPostgres, TEST_DB_KIND } from '../helpers/test-database';

const args = (email: string, role = 'admin') => [
  '--email',
  email,
  '--password',
  'admin password',
  '--name',
  'Clinic Admin',
  '--role',
  role,
];

/** `npm run user:create` on the database kind under test: PGlite in DATA_DIR, or DATABASE_URL. */
describe.skipIf(!(await canTestDatabase()))(`user:create on ${TEST_DB_KIND}`, () => {
  let env: NodeJS.ProcessEnv;
  let cleanup: () => Promise<void>;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-cli-'));
    if (TEST_DB_KIND === 'postgres') {
      const pg = await createThrowawayPostgres();
      env = { DATA_DIR: dataDir, DATABASE_URL: pg.url };
      cleanup = pg.drop;
    } else {
      env = { DATA_DIR: dataDir };
      cleanup = async () => {};
    }
  });
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates an admin that is really stored', async () => {
    const message = await createUserFromArgs(args('First.Admin@Example.org'), env);
    expect(message).toMatch(/^Created admin account first\.admin@example\.org/);
    const database =
      TEST_DB_KIND === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL! })
        : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const row = await database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: 'first.admin@example.org', role: 'admin', name: 'Clinic Admin' });
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await database.close();
    }
  }, 60_000); // opens the PGlite folder twice (migrations, argon2): slow on a loaded machine

  it('refuses a duplicate email clearly', async () => {
    await expect(createUserFromArgs(args('first.admin@example.org', 'user'), env)).rejects.toThrow(
      'An account with this email already exists',
    );
  });

  it('refuses bad arguments with usage', async () => {
    await expect(
      createUserFromArgs(['--email', 'nope', '--password', 'x', '--name', 'A', '--role', 'boss'], env),
    ).rejects.toThrow(
      /--email: Please include a valid email; --password: Password must be at least 8 characters; --role: .*\nUsage:/,
    );
  });
});
