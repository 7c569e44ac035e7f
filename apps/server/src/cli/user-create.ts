import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, roleSchema, dobSchema } from '@visus/contracts';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../runtime';
import { hashPassword } from '../plugins/app/auth/password';
import { DuplicateEmailError, UsersRepository } from '../modules/users/users.repository';
import { DataDirLockedError } from '../db/data-dir-lock';

const USAGE =
  'Usage: npm run user:create -- --email E --password P --name N [--role admin|user|tester|clinician] [--dob YYYY-MM-DD]';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  role: roleSchema.default('user'),
  dob: dobSchema.optional(),
});

/**
 * Creates an account directly in the configured database (PGlite in DATA_DIR or DATABASE_URL), e.g.
 * the first admin. Refuses to open a PGlite folder that a running server holds.
 */
export async function createUserFromArgs(argv: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      dob: { type: 'string' },
    },
    strict: true,
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ');
    throw new UsageError(`${problems}\n${USAGE}`);
  }
  const config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  try {
    const users = new UsersRepository(database.db);
    const user = await users.create({
      email: parsed.data.email,
      name: parsed.data.name,
      passwordHash: await hashPassword(parsed.data.password),
      role: parsed.data.role,
      dob: parsed.data.dob ?? null,
    });
    return `Created ${user.role} account ${user.email} (id ${user.id}) in ${database.kind} ${database.location}`;
  } finally {
    await database.close();
  }
}

export class UsageError extends Error {}

async function main() {
  try {
    console.log(await createUserFromArgs(process.argv.slice(2), process.env));
  } catch (error) {
    if (error instanceof DuplicateEmailError) {
      console.error(`Error: ${error.message}`);
    } else if (
      error instanceof UsageError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(`Error: ${error.message}`);
    } else if (
      error instanceof TypeError &&
      (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`Error: ${error.message}\n${USAGE}`);
    } else {
      console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
