/**
 * One Visus instance of the clinic-day benchmark, in its own process (started by run.ts; options as the
 * first IPC message). The real app (apps/server buildApp) on in-memory PGlite or on the run's PostgreSQL
 * database (then with the Socket.IO PostgreSQL adapter, as in production, and TRUST_PROXY behind nginx);
 * per-address rate limits lifted, since every client of the benchmark is 127.0.0.1. The database gate
 * runs with its defaults (or DATABASE_* from the environment). The seeding instance creates the accounts
 * (real argon2id hashes) and signs their tokens.
 *
 * Messages: → `ready` { port, people, clinicians }; `meet` n → `met` when the adapter counts n instances;
 * `count` pins → `counted` { stored, duplicated }: result rows of those sessions in the database.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { createMemoryMailer } from '../../apps/server/src/plugins/external/mailer';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { hashPassword } from '../../apps/server/src/plugins/app/auth/password';
import { TokenService } from '../../apps/server/src/plugins/app/auth/tokens';

export interface ClinicServerOptions {
  kind: 'pglite' | 'postgres';
  url?: string;
  secret: string;
  /** Accounts to create (only the first instance seeds). */
  seed?: { people: number; clinicians: number };
}
export interface Account {
  email: string;
  token: string;
}
export type ClinicServerMessage =
  | { type: 'ready'; port: number; people: Account[]; clinicians: Account[] }
  | { type: 'met' }
  | { type: 'counted'; stored: number; duplicated: number };
export type ClinicServerRequest = { type: 'meet'; instances: number } | { type: 'count'; pins: string[] };

if (!process.send) throw new Error('bench/clinic/server.ts is started by bench/clinic/run.ts');
const send = (message: ClinicServerMessage) => process.send!(message);
const options = await new Promise<ClinicServerOptions>((resolve) =>
  process.once('message', (m) => resolve(m as ClinicServerOptions)),
);

const database =
  options.kind === 'pglite'
    ? await openDatabase({ kind: 'pglite', dataDir: 'memory' })
    : await openDatabase({ kind: 'postgres', url: options.url! });
const gateEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key.startsWith('DATABASE_') && key !== 'DATABASE_URL'),
);
const base = loadConfig({
  ...gateEnv,
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  TRUST_PROXY: options.kind === 'postgres' ? 'true' : 'false',
});
const lifted = 1e9;
const app = await buildApp({
  config: {
    ...base,
    webDist: undefined,
    rateLimits: {
      ...base.rateLimits,
      login: lifted,
      loginFailuresPerAccountPerHour: lifted,
      register: lifted,
      forgotPassword: lifted,
      resetPassword: lifted,
      socketHandshakesPerMinute: lifted,
    },
  },
  database,
  mailer: createMemoryMailer(),
  jwtSecret: options.secret,
  scaleOut: options.kind === 'postgres',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;

async function seed(kind: 'user' | 'admin', count: number, prefix: string): Promise<Account[]> {
  const users = new UsersRepository(database.db);
  const tokens = new TokenService(options.secret, '12h');
  const passwordHash = await hashPassword(`${prefix}-password`);
  const out: Account[] = [];
  for (let i = 0; i < count; i++) {
    const row = await users.create({
      email: `${prefix}${i}@example.org`,
      name: `${prefix} ${i}`,
      passwordHash,
      role: kind,
      dob: '1970-01-01',
    });
    const token = await tokens.sign({ userId: row.id, role: row.role, tokenVersion: row.token_version });
    out.push({ email: row.email, token });
  }
  return out;
}

const people = options.seed ? await seed('user', options.seed.people, 'person') : [];
const clinicians = options.seed ? await seed('admin', options.seed.clinicians, 'clinician') : [];
send({ type: 'ready', port, people, clinicians });

process.on('message', (raw) => {
  const message = raw as ClinicServerRequest | 'close';
  if (message === 'close') {
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    return;
  }
  if (message.type === 'meet') {
    void (async () => {
      while ((await app.io.of('/tests').adapter.serverCount()) < message.instances) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      send({ type: 'met' });
    })();
  } else if (message.type === 'count') {
    void (async () => {
      const rows = message.pins.length
        ? await database.db
            .selectFrom('results')
            .where('session_id', 'in', message.pins)
            .select(['session_id', (eb) => eb.fn.countAll<string>().as('n')])
            .groupBy('session_id')
            .execute()
        : [];
      send({
        type: 'counted',
        stored: rows.length,
        duplicated: rows.filter((row) => Number(row.n) > 1).length,
      });
    })();
  }
});
process.on('disconnect', () => process.exit(1));
