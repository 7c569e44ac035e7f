/**
 * Results list benchmark (issue 7): latency of `GET /api/v1/tests/results` for one account holding
 * 10 000 stored results (among other accounts' rows), through the whole server via `fastify.inject`
 * (authentication, query validation, the page and count queries, response validation and
 * serialisation), on in-memory PGlite and on a throw-away PostgreSQL database; and, in the same run, a
 * bare `SELECT` of the same page on the same database as the baseline. Prints a table and one JSON line.
 *
 *   node --import tsx bench/results/run.ts [--results 10000] [--others 3] [--requests 300] [--no-postgres]
 *
 * PostgreSQL: VISUS_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server's
 * maintenance database; a database `visus_bench_<random>` is created there and dropped at the end.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { TestId } from '@visus/core';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import type { Database } from '../../apps/server/src/db/schema';
import { createMemoryMailer } from '../../apps/server/src/plugins/external/mailer';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { TokenService } from '../../apps/server/src/plugins/app/auth/tokens';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}
const RESULTS = flag('results', 10_000);
const OTHERS = flag('others', 3);
const REQUESTS = flag('requests', 300);
const WITH_POSTGRES = !process.argv.includes('--no-postgres');
const ADMIN_URL = process.env.VISUS_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** A deterministic generator (mulberry32) so every run stores the same rows. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A realistic record: a full battery (acuity, duochrome, axis, power, spokes, presbyopia) or a single test. */
function makeRecord(random: () => number, testedAt: number) {
  const va = () => Math.round((random() * 1.2 - 0.1) * 10_000) / 10_000;
  const acuity = () => {
    const v = va();
    return { va: v, rounds: 21, loopLength: 30, logMAR: v, ci95: [v - 0.08, v + 0.08] };
  };
  const full = random() < 0.6;
  const data: Record<string, unknown> = { start: testedAt, end: testedAt + 900_000 };
  if (full) {
    data.sloan = { right: acuity(), left: acuity() };
    data.duoChrome = { right: ['red', 'green'], left: ['green'] };
    data.astigAxis = {
      right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: 'same' },
      left: { endpoint: 80, firstResponseKey: 'right', secondResponseKey: null },
    };
    data.astigPower = { right: acuity(), left: acuity() };
    data.spokeCircle = { right: { diff: 12, average: 201.5, acuityResults: [200, 190, 210, 205, 198, 206] } };
    data.presbyopia = { stereo: { add: 1.25, answer: 3 } };
  } else {
    const test = (['landoltC', 'tumblingE', 'diamond', 'spokeEllipse'] as const)[Math.floor(random() * 4)]!;
    data[test] =
      test === 'diamond'
        ? { right: { selected: 2, rotation: -45, contrast: 8 } }
        : test === 'spokeEllipse'
          ? {
              right: {
                diffWidth: 20,
                diffRotation: 30,
                averageWidth: 66.667,
                averageRotation: 85,
                acuityResults: Array.from({ length: 6 }, () => ({ width: 60, rotation: 80 })),
              },
            }
          : { right: acuity(), left: acuity() };
  }
  const setup = full
    ? {
        date: new Date(testedAt).toISOString(),
        units: 'm',
        correction: 'None',
        testMode: false,
        testA: ['sloan', 'duoChrome'],
        testB: ['astigAxis', 'astigPower'],
        testC: ['presbyopia'],
      }
    : {
        date: new Date(testedAt).toISOString(),
        units: 'm',
        correction: 'Glasses',
        testMode: false,
        singleTest: Object.keys(data)[2],
      };
  return { setup, data };
}

/** Stores `count` results for a user, spread over three years, in batches. */
async function seed(db: Kysely<Database>, userId: string, count: number, seedValue: number) {
  const random = rng(seedValue);
  const end = Date.UTC(2026, 10, 1);
  const span = 3 * 365 * 86_400_000;
  for (let done = 0; done < count; done += 500) {
    const rows = Array.from({ length: Math.min(500, count - done) }, () => {
      const testedAt = end - Math.floor(random() * span);
      const { setup, data } = makeRecord(random, testedAt);
      return {
        user_id: userId,
        session_id: crypto.randomBytes(6).toString('hex'),
        setup: JSON.stringify(setup),
        data: JSON.stringify(data),
        tested_at: new Date(testedAt),
      };
    });
    await db.insertInto('results').values(rows).execute();
  }
}

interface Scenario {
  name: string;
  query: string;
  /** The same page as the API reads, as one bare SELECT. */
  bare: (db: Kysely<Database>, userId: string) => Promise<unknown>;
  /** The count the API also answers (`total`), as one bare SELECT. */
  count: (db: Kysely<Database>, userId: string) => Promise<unknown>;
}

const page = (db: Kysely<Database>, userId: string, limit: number, offset: number, test?: TestId) =>
  sql`select * from results where user_id = ${userId} ${test ? sql`and data ? ${test}` : sql``}
      order by tested_at desc, created_at desc, id desc limit ${limit} offset ${offset}`.execute(db);

const count = (db: Kysely<Database>, userId: string, test?: TestId) =>
  sql`select count(*) from results where user_id = ${userId} ${test ? sql`and data ? ${test}` : sql``}`.execute(
    db,
  );

const SCENARIOS: Scenario[] = [
  {
    name: 'page 1, limit 20',
    query: '',
    bare: (db, u) => page(db, u, 20, 0),
    count: (db, u) => count(db, u),
  },
  {
    name: 'page 1, limit 100',
    query: '?limit=100',
    bare: (db, u) => page(db, u, 100, 0),
    count: (db, u) => count(db, u),
  },
  {
    name: 'page 250, limit 20',
    query: '?page=250&limit=20',
    bare: (db, u) => page(db, u, 20, 4980),
    count: (db, u) => count(db, u),
  },
  {
    name: 'test=tumblingE, limit 20',
    query: '?test=tumblingE',
    bare: (db, u) => page(db, u, 20, 0, 'tumblingE'),
    count: (db, u) => count(db, u, 'tumblingE'),
  },
];

/**
 * Times several calls interleaved (a, b, c, a, b, c, …) so that a burst of load on a shared machine hits
 * all of them alike; 20 warm-up rounds first (plans cached, JIT warm). Sorted samples per call, ms.
 */
async function time(...fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  const samples = fns.map(() => [] as number[]);
  for (let round = 0; round < REQUESTS + 20; round++) {
    for (const [i, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      if (round >= 20) samples[i]!.push(performance.now() - t0);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}

interface Row {
  backend: string;
  scenario: string;
  total: number;
  apiP50: number;
  apiP99: number;
  bareP50: number;
  bareP99: number;
  countP50: number;
  floorP50: number;
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

async function run(backend: 'pglite' | 'postgres', database: DatabaseHandle): Promise<Row[]> {
  const base = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  const secret = crypto.randomBytes(32).toString('hex');
  const app: FastifyInstance = await buildApp({
    config: { ...base, webDist: undefined },
    database,
    mailer: createMemoryMailer(),
    jwtSecret: secret,
  });
  await app.ready();
  const users = new UsersRepository(database.db);
  const make = (i: number) =>
    users.create({
      email: `bench${i}@example.org`,
      name: `Bench ${i}`,
      passwordHash: 'x',
      role: 'user',
      dob: null,
    });
  const me = await make(0);
  const seeded0 = performance.now();
  await seed(database.db, me.id, RESULTS, 1);
  for (let i = 1; i <= OTHERS; i++)
    await seed(database.db, (await make(i)).id, Math.ceil(RESULTS / 2), i + 1);
  // As autovacuum would have by now: visibility map set (index-only count) and statistics fresh.
  await sql`vacuum analyze results`.execute(database.db);
  const seconds = ((performance.now() - seeded0) / 1000).toFixed(1);
  console.error(
    `${backend}: seeded ${RESULTS} + ${OTHERS} × ${Math.ceil(RESULTS / 2)} results in ${seconds} s`,
  );
  const token = await new TokenService(secret, '1h').sign({ userId: me.id, role: 'user', tokenVersion: 0 });
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: token } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };

  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    let total = 0;
    const [api, bare, counted, floor] = (await time(
      async () => {
        const res = await get(`/api/v1/tests/results${scenario.query}`);
        total = (res.json() as { data: { total: number } }).data.total;
      },
      () => scenario.bare(database.db, me.id),
      () => scenario.count(database.db, me.id),
      // The floor of any signed-in call: token check, account lookup, a tiny response.
      () => get('/api/v1/auth/current'),
    )) as [number[], number[], number[], number[]];
    rows.push({
      backend,
      scenario: scenario.name,
      total,
      apiP50: median(api),
      apiP99: quantile(api, 0.99),
      bareP50: median(bare),
      bareP99: quantile(bare, 0.99),
      countP50: median(counted),
      floorP50: median(floor),
    });
  }
  await app.close(); // closes the database too
  return rows;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const rows: Row[] = [];
rows.push(...(await run('pglite', await openDatabase({ kind: 'pglite', dataDir: 'memory' }))));
if (WITH_POSTGRES) {
  const name = `visus_bench_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    rows.push(
      ...(await run('postgres', await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 }))),
    );
  } finally {
    await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

const f = (n: number) => n.toFixed(2);
console.log(
  `Results list: GET /api/v1/tests/results via fastify.inject vs a bare SELECT of the same page, interleaved; ` +
    `${RESULTS} results for the account (+ ${OTHERS} other accounts × ${Math.ceil(RESULTS / 2)}), ` +
    `${REQUESTS} requests each; ms. count = the bare count(*) the API also runs; floor = GET /auth/current.`,
);
console.log(
  'backend   scenario                     total   API p50   API p99  bare p50  bare p99  count p50  floor p50  p50 ratio',
);
for (const r of rows) {
  const cells = [r.apiP50, r.apiP99, r.bareP50, r.bareP99].map((n) => f(n).padStart(9)).join(' ');
  const tail = [r.countP50, r.floorP50, r.apiP50 / r.bareP50].map((n) => f(n).padStart(10)).join(' ');
  console.log(
    `${r.backend.padEnd(9)} ${r.scenario.padEnd(27)} ${String(r.total).padStart(6)} ${cells} ${tail}`,
  );
}
console.log(JSON.stringify({ bench: 'results', results: RESULTS, others: OTHERS, requests: REQUESTS, rows }));
