/**
 * The server side of the load benchmark, in its own process so that the load generator (run.ts) and the
 * socket clients (sockets.ts) never share its event loop. Started by run.ts, as one of:
 *
 * - `bare`: a bare Fastify server with one route, GET /hello, answering a small JSON object — the
 *   baseline of what this machine, Node and Fastify do with no work behind a route.
 * - `pglite` / `postgres`: the real Visus app (apps/server buildApp: helmet, validation, authentication,
 *   repositories, Socket.IO) on in-memory PGlite or on the given PostgreSQL database, with the rate limits
 *   lifted (every request of the benchmark comes from 127.0.0.1). Seeds accounts (real argon2id hashes),
 *   results through the real ResultsService and test sessions for the socket phase.
 *
 * Takes its options as the first IPC message; sends `ServerReady` when it listens (and is seeded); answers
 * `inflight` with the number of requests not yet answered; closes and exits 0 on the message `close`.
 */
import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { createMemoryMailer } from '../../apps/server/src/plugins/external/mailer';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { SessionsService } from '../../apps/server/src/modules/sessions/sessions.service';
import { ResultsService } from '../../apps/server/src/modules/results/results.service';
import { hashPassword } from '../../apps/server/src/plugins/app/auth/password';
import { TokenService } from '../../apps/server/src/plugins/app/auth/tokens';
import type { UserRow } from '../../apps/server/src/db/schema';
import {
  makeRecords,
  rng,
  type SeededUser,
  type ServerInflight,
  type ServerOptions,
  type ServerReady,
  type SessionPair,
} from './fixtures';

if (!process.send)
  throw new Error('bench/load/server.ts is started by bench/load/run.ts (needs an IPC channel)');
const send = (message: ServerReady | ServerInflight) => process.send!(message);
const options = await new Promise<ServerOptions>((resolve) =>
  process.once('message', (m) => resolve(m as ServerOptions)),
);

/** Runs `work` over `items` with at most `limit` at a time (argon2 runs on libuv's 4 threads). */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    out.push(...(await Promise.all(items.slice(i, i + limit).map((item, j) => work(item, i + j)))));
  }
  return out;
}

async function bare(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ success: true, data: { hello: 'world', n: 42 } }));
  countInflight(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  send({
    type: 'ready',
    port: (app.server.address() as { port: number }).port,
    users: [],
    sessions: [],
    seedSeconds: 0,
  });
  return app;
}

async function visus(o: Exclude<ServerOptions, { kind: 'bare' }>): Promise<FastifyInstance> {
  const database =
    o.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: 'memory' })
      : await openDatabase({
          kind: 'postgres',
          url: o.url!,
          ...(o.poolSize ? { poolSize: o.poolSize } : {}),
        });
  // The database gate's settings (DATABASE_ADMISSION, _CONCURRENCY, _QUEUE, _WAIT_MS) come from the
  // environment, as in production, so that runs can compare them; so does ACCOUNT_CACHE_MS.
  const gateEnv = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => (key.startsWith('DATABASE_') && key !== 'DATABASE_URL') || key === 'ACCOUNT_CACHE_MS',
    ),
  );
  const base = loadConfig({ ...gateEnv, DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  // Every request and socket of the benchmark comes from 127.0.0.1: lift the per-address limits, and the
  // per-account failure throttle (no sign-in of the benchmark fails, but a lifted limit cannot interfere).
  const lifted = 1e9;
  const config = {
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
  };
  const secret = crypto.randomBytes(32).toString('hex');
  const app = await buildApp({
    config,
    database,
    mailer: createMemoryMailer(),
    jwtSecret: secret,
    // As the server does whenever DATABASE_URL is set: realtime events relayed through PostgreSQL.
    scaleOut: o.kind === 'postgres' && o.scaleOut,
  });
  countInflight(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;

  const seeded0 = performance.now();
  const usersRepo = new UsersRepository(database.db);
  const tokens = new TokenService(secret, '2h');
  const sessionsService = new SessionsService({ db: database.db });
  const resultsService = new ResultsService({ db: database.db, sessions: sessionsService });
  const random = rng(7);
  const rows: UserRow[] = [];
  const users = await inBatches(
    Array.from({ length: o.users }, (_, i) => i),
    8,
    async (i): Promise<SeededUser> => {
      const password = `load-bench-password-${i}`;
      const row = await usersRepo.create({
        email: `load${i}@example.org`,
        name: `Load ${i}`,
        passwordHash: await hashPassword(password),
        role: 'user',
        dob: '1980-01-01',
      });
      rows[i] = row;
      const token = await tokens.sign({ userId: row.id, role: row.role, tokenVersion: row.token_version });
      return { id: row.id, email: row.email, password, token, results: o.resultsPerUser };
    },
  );
  const now = Date.now();
  for (const row of rows) {
    for (const record of makeRecords(random, o.resultsPerUser, now)) await resultsService.save(row, record);
  }
  const sessions: SessionPair[] = [];
  for (let i = 0; i < o.sessions; i++) {
    const owner = i % rows.length;
    const { pin } = await sessionsService.createBattery(rows[owner]!, 'Sloan', 'm');
    sessions.push({ pin, token: users[owner]!.token });
  }
  send({ type: 'ready', port, users, sessions, seedSeconds: (performance.now() - seeded0) / 1000 });
  return app;
}

/**
 * Requests received and not yet answered. A request whose client has gone (autocannon closes its
 * connections at the end of a scenario) is still worked on to the end; run.ts waits until none is
 * left before the next scenario, so one scenario's backlog never lands in the next one's figures.
 */
let inflight = 0;
/** Requests answered (or given up) since the start. */
let answered = 0;
/** The longest request inside the server since the last `mark`, ms. */
let slowestMs = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** Since the last `mark`: connections accepted, and those closed without a single request read. */
let connections = 0;
let silentConnections = 0;
function countInflight(app: FastifyInstance) {
  const served = new WeakSet<object>();
  app.server.on('connection', (socket: import('node:net').Socket) => {
    connections++;
    socket.once('close', () => {
      if (!served.has(socket)) silentConnections++;
    });
  });
  app.server.prependListener('request', (request, response) => {
    served.add(request.socket);
    inflight++;
    const t0 = performance.now();
    let counted = true;
    const done = () => {
      if (counted) {
        counted = false;
        inflight--;
        answered++;
        slowestMs = Math.max(slowestMs, performance.now() - t0);
      }
    };
    const end = response.end.bind(response);
    response.end = ((...args: Parameters<typeof end>) => {
      done();
      return end(...args);
    }) as typeof response.end;
    // A connection closed before the app read the whole body (e.g. while authenticating): the body can no
    // longer be read, so no handler runs and nothing will be answered.
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0;
    response.once('close', () => {
      if (hasBody && !request.readableEnded) done();
    });
  });
}

const app = options.kind === 'bare' ? await bare() : await visus(options);
process.on('message', (message) => {
  if (message === 'inflight') {
    const cpu = process.cpuUsage();
    return send({
      type: 'inflight',
      requests: inflight,
      answered,
      cpuMs: (cpu.user + cpu.system) / 1000,
      slowestMs: Math.round(slowestMs),
      loopDelayMaxMs: Math.round(loopDelay.max / 1e6),
      connections,
      silentConnections,
    });
  }
  if (message === 'mark') {
    slowestMs = 0;
    connections = 0;
    silentConnections = 0;
    loopDelay.reset();
    const cpu = process.cpuUsage();
    return send({
      type: 'inflight',
      requests: inflight,
      answered,
      cpuMs: (cpu.user + cpu.system) / 1000,
      slowestMs: 0,
      loopDelayMaxMs: 0,
      connections,
      silentConnections,
    });
  }
  if (message !== 'close') return;
  void app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('closing the server failed:', error);
      process.exit(1);
    },
  );
});
// The parent went away (crashed or was stopped): do not linger.
process.on('disconnect', () => process.exit(1));
