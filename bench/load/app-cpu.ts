/**
 * The app's own CPU per request, without sockets (issue 21 item 2): the real app (buildApp, as server.ts
 * builds it) on a throw-away PostgreSQL database, driven through Fastify's `inject` at a fixed concurrency,
 * so the figure does not swing with a closed loop's throughput on a busy machine the way bench:load's
 * does. Prints one JSON line per route: the server process's CPU µs per request (user, system) and the CPU
 * µs of this database's PostgreSQL backends per request (from /proc, Linux only; 10 ms ticks).
 *
 *   node --import tsx bench/load/app-cpu.ts [--requests 3000] [--concurrency 10] [--only current,results,save]
 *     [--no-scale-out]
 *
 * `inject` builds its own request and response objects (light-my-request): its absolute figures are
 * higher than a socket's and only compare with each other — run two builds in turn (A B A B) and compare.
 * 200 accounts × 5 results, one token each, taken in turn as in bench:load.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { createMemoryMailer } from '../../apps/server/src/plugins/external/mailer';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { SessionsService } from '../../apps/server/src/modules/sessions/sessions.service';
import { ResultsService } from '../../apps/server/src/modules/results/results.service';
import { TokenService } from '../../apps/server/src/plugins/app/auth/tokens';
import { makeRecord, makeRecords, rng } from './fixtures';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number ≥ 1`);
  return value;
}
const REQUESTS = flag('requests', 3000);
const CONCURRENCY = flag('concurrency', 10);
const ONLY = process.argv.includes('--only')
  ? String(process.argv[process.argv.indexOf('--only') + 1]).split(',')
  : ['current', 'results', 'save'];
const ADMIN_URL = process.env.VISUS_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const admin = new pg.Client(ADMIN_URL);
await admin.connect();
const name = `visus_app_cpu_${crypto.randomBytes(4).toString('hex')}`;
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
try {
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  const secret = crypto.randomBytes(32).toString('hex');
  const app = await buildApp({
    config: { ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' }), webDist: undefined },
    database,
    mailer: createMemoryMailer(),
    jwtSecret: secret,
    scaleOut: !process.argv.includes('--no-scale-out'),
  });
  await app.ready();
  const users = new UsersRepository(database.db);
  const tokens = new TokenService(secret, '2h');
  const results = new ResultsService({ db: database.db, sessions: new SessionsService({ db: database.db }) });
  const random = rng(7);
  const seeded: string[] = [];
  for (let i = 0; i < 200; i++) {
    const row = await users.create({
      email: `cpu${i}@example.org`,
      name: `CPU ${i}`,
      passwordHash: 'not used',
      role: 'user',
      dob: '1980-01-01',
    });
    for (const record of makeRecords(random, 5, Date.now())) await results.save(row, record);
    seeded.push(await tokens.sign({ userId: row.id, role: row.role, tokenVersion: row.token_version }));
  }
  const bodies = Array.from({ length: 200 }, () =>
    JSON.stringify(makeRecord(random, Date.now() - 86_400_000)),
  );

  /** CPU ms of this database's PostgreSQL backends so far (utime + stime, 100 ticks a second). */
  const backendsCpuMs = async () => {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [name],
    );
    let ticks = 0;
    for (const { pid } of rows) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the backend ended meanwhile
      }
    }
    return ticks * 10;
  };

  let k = 0;
  const routes: Record<string, () => InjectOptions> = {
    current: () => ({
      method: 'GET',
      url: '/api/v1/auth/current',
      headers: { authorization: seeded[k++ % 200]! },
    }),
    results: () => ({
      method: 'GET',
      url: '/api/v1/tests/results?limit=20',
      headers: { authorization: seeded[k++ % 200]! },
    }),
    save: () => ({
      method: 'PUT',
      url: '/api/v1/tests/results',
      headers: { authorization: seeded[k % 200]!, 'content-type': 'application/json' },
      payload: bodies[k++ % 200]!,
    }),
  };
  for (const [route, request] of Object.entries(routes)) {
    if (!ONLY.includes(route)) continue;
    const send = async (n: number) => {
      let left = n;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) {
            const res = await app.inject(request());
            if (res.statusCode >= 300) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
          }
        }),
      );
    };
    await send(Math.ceil(REQUESTS / 3)); // warm-up: JIT, plans, the pool
    const pg0 = await backendsCpuMs();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await send(REQUESTS);
    const cpu = process.cpuUsage(cpu0);
    const pgMs = (await backendsCpuMs()) - pg0;
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      JSON.stringify({
        route,
        serverUs: Math.round((cpu.user + cpu.system) / REQUESTS),
        userUs: Math.round(cpu.user / REQUESTS),
        systemUs: Math.round(cpu.system / REQUESTS),
        postgresUs: Math.round((pgMs * 1000) / REQUESTS),
        perSecond: Math.round(REQUESTS / seconds),
        loadAverage: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
      }),
    );
  }
  await app.close();
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
