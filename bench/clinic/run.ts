/**
 * A clinic day (issue 21 item 3): 100 people each take a full battery at human pace — a display and a
 * phone on the /tests namespace (websocket), one answer every 1–2 s from the phone to the display — and
 * save their result at the end, while 20 clinicians (admins) page through the account and result lists.
 * First on PGlite (one instance), then on PostgreSQL with two instances behind nginx with
 * deploy/nginx/visus-proxy.conf (round-robin, so a person's display and phone often land on different
 * instances and the PostgreSQL adapter relays between them). Prints a table and one JSON line.
 *
 *   node --import tsx bench/clinic/run.ts [--people 100] [--clinicians 20] [--answers 60]
 *     [--time-scale 1] [--arrivals 30] [--no-pglite] [--no-postgres]
 *
 * `--time-scale 10` runs the day ten times faster (answers every 0.1–0.2 s); `--arrivals` is the window
 * (s, before scaling) over which people start. A save answered 503 (the database gate) is sent again after
 * its Retry-After, as the web app's outbox does; 503s are counted apart, every other failure is an error.
 * Stored results are counted in the database afterwards: they must equal the batteries completed, with
 * no session stored twice. PostgreSQL: VISUS_BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres); a database `visus_clinic_<random>` is created there and dropped at the end.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { quantile, rng } from '../load/fixtures';
import type { Account, ClinicServerMessage, ClinicServerOptions, ClinicServerRequest } from './server';
import { startNginx, type Front } from './nginx';

function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a number > 0`);
  return value;
}
const PEOPLE = Math.round(flag('people', 100));
const CLINICIANS = Math.round(flag('clinicians', 20));
const ANSWERS = Math.round(flag('answers', 60));
const SCALE = flag('time-scale', 1);
const ARRIVALS_S = flag('arrivals', 30);
const ADMIN_URL = process.env.VISUS_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SAVE_ATTEMPTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((child) => child.kill('SIGKILL')));

function startServer(options: ClinicServerOptions) {
  const child = fork(here('./server.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  child.send(options);
  const next = <T extends ClinicServerMessage['type']>(type: T) =>
    new Promise<Extract<ClinicServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (m: ClinicServerMessage) => {
        if (m.type !== type) return;
        child.off('message', onMessage);
        resolve(m as Extract<ClinicServerMessage, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`bench/clinic/server.ts exited (${code})`)));
    });
  const ask = (request: ClinicServerRequest) => child.send(request);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.send('close');
    });
  return { next, ask, stop };
}

/** A full battery (Part A, B and C) valid under the contracts, as the display saves it at the end. */
function batteryRecord(pin: string, random: () => number) {
  const acuity = () => {
    const va = Math.round((random() * 1.2 - 0.1) * 1e4) / 1e4;
    return {
      va,
      rounds: 21,
      loopLength: 30,
      logMAR: va,
      ci95: [va - 0.08, va + 0.08].map((v) => Math.round(v * 1e4) / 1e4),
    };
  };
  const start = Date.now() - 600_000;
  return {
    session: pin,
    setup: {
      date: new Date(start).toISOString(),
      units: 'm',
      correction: 'None',
      testMode: false,
      testA: ['sloan', 'duoChrome'],
      testB: ['astigAxis', 'astigPower'],
      testC: ['presbyopia'],
    },
    data: {
      start,
      end: Date.now(),
      sloan: { right: acuity(), left: acuity() },
      duoChrome: { right: ['red', 'green'], left: ['green'] },
      astigAxis: {
        right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: 'same' },
        left: { endpoint: 80, firstResponseKey: 'right', secondResponseKey: null },
      },
      astigPower: { right: acuity(), left: acuity() },
      presbyopia: { stereo: { add: 1.25, answer: 3 } },
    },
  };
}

interface Tally {
  api: number[];
  keyLatency: number[];
  keysSent: number;
  refused503: number;
  errors: string[];
  completed: number;
  pins: string[];
}

async function api(t: Tally, base: string, method: string, path: string, token: string, body?: unknown) {
  for (let attempt = 1; ; attempt++) {
    const t0 = performance.now();
    let response: Response;
    try {
      response = await fetch(`${base}/api/v1${path}`, {
        method,
        headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      t.errors.push(`${method} ${path}: ${String(error)}`);
      if (attempt >= SAVE_ATTEMPTS || method === 'GET') return undefined;
      await sleep(1000);
      continue;
    }
    const text = await response.text();
    t.api.push(performance.now() - t0);
    if (response.status === 503 && attempt < SAVE_ATTEMPTS) {
      // The database gate: as the web app's outbox, wait for Retry-After and send again.
      t.refused503++;
      await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
      continue;
    }
    if (!response.ok) {
      t.errors.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return undefined;
    }
    return JSON.parse(text) as { data?: unknown };
  }
}

function openSocket(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = connect(`${url}/tests`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`handshake refused: ${error.message}`)));
  });
}

async function person(t: Tally, base: string, account: Account, index: number, random: () => number) {
  await sleep(((index / PEOPLE) * ARRIVALS_S * 1000) / SCALE);
  const created = await api(t, base, 'POST', '/tests/session', account.token, { chart: 'Sloan' });
  const pin = (created?.data as { pin?: string } | undefined)?.pin;
  if (!pin) return;
  let display: Socket | undefined;
  let phone: Socket | undefined;
  let saving = false;
  try {
    display = await openSocket(base, { role: 'display', token: account.token, pin });
    phone = await openSocket(base, {
      role: 'controller',
      pin,
      controllerKey: crypto.randomBytes(16).toString('base64url'),
    });
    for (const [who, socket] of [
      ['display', display],
      ['phone', phone],
    ] as const) {
      socket.on('disconnect', (reason) => {
        if (!saving) t.errors.push(`${who} of ${pin} disconnected: ${reason}`);
      });
    }
    let delivered = 0;
    display.on('controller-key', (body: { key?: string }, ack?: () => void) => {
      ack?.();
      delivered++;
      t.keyLatency.push(performance.now() - Number(String(body.key).slice(1)) / 1000);
    });
    for (let i = 0; i < ANSWERS; i++) {
      await sleep((1000 + random() * 1000) / SCALE);
      t.keysSent++;
      phone.emit('controller-key', { key: `K${Math.round(performance.now() * 1000)}` });
    }
    for (let waited = 0; delivered < ANSWERS && waited < 10_000; waited += 50) await sleep(50);
    if (delivered < ANSWERS)
      t.errors.push(`${pin}: ${ANSWERS - delivered} answers never reached the display`);
    saving = true;
    const saved = await api(t, base, 'PUT', '/tests/results', account.token, batteryRecord(pin, random));
    if (saved) {
      t.completed++;
      t.pins.push(pin);
    }
  } catch (error) {
    t.errors.push(`${pin}: ${String(error)}`);
  } finally {
    saving = true;
    display?.disconnect();
    phone?.disconnect();
  }
}

async function clinician(
  t: Tally,
  base: string,
  account: Account,
  done: () => boolean,
  random: () => number,
) {
  for (let page = 1; !done(); page = (page % 5) + 1) {
    await sleep(((1000 + random() * 2000) / SCALE) | 0);
    if (random() < 0.5) await api(t, base, 'GET', `/admin/users?page=${page}&limit=20`, account.token);
    else await api(t, base, 'GET', `/tests/results?page=${page}&limit=20`, account.token);
  }
}

async function day(backend: string, base: string, people: Account[], clinicians: Account[]) {
  const t: Tally = {
    api: [],
    keyLatency: [],
    keysSent: 0,
    refused503: 0,
    errors: [],
    completed: 0,
    pins: [],
  };
  const random = rng(21);
  const t0 = performance.now();
  let finished = false;
  const staff = clinicians.map((c) => clinician(t, base, c, () => finished, random));
  await Promise.all(people.map((p, i) => person(t, base, p, i, random)));
  finished = true;
  await Promise.all(staff);
  console.error(`  ${backend}: day over in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return { t, seconds: (performance.now() - t0) / 1000 };
}

async function report(
  backend: string,
  t: Tally,
  seconds: number,
  counted: { stored: number; duplicated: number },
) {
  const sortedApi = [...t.api].sort((a, b) => a - b);
  const sortedKeys = [...t.keyLatency].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    backend,
    seconds: Math.round(seconds),
    batteries: PEOPLE,
    completed: t.completed,
    stored: counted.stored,
    duplicated: counted.duplicated,
    apiRequests: t.api.length,
    apiP50: round(quantile(sortedApi, 0.5)),
    apiP99: round(quantile(sortedApi, 0.99)),
    keysSent: t.keysSent,
    keysDelivered: t.keyLatency.length,
    keyP50: round(quantile(sortedKeys, 0.5)),
    keyP99: round(quantile(sortedKeys, 0.99)),
    refused503: t.refused503,
    errors: t.errors.length,
    firstErrors: t.errors.slice(0, 5),
  };
}
type Row = Awaited<ReturnType<typeof report>>;

const rows: Row[] = [];
const load0 = os.loadavg();

if (!process.argv.includes('--no-pglite')) {
  const secret = crypto.randomBytes(32).toString('hex');
  const server = startServer({ kind: 'pglite', secret, seed: { people: PEOPLE, clinicians: CLINICIANS } });
  const ready = await server.next('ready');
  const { t, seconds } = await day(
    'pglite',
    `http://127.0.0.1:${ready.port}`,
    ready.people,
    ready.clinicians,
  );
  server.ask({ type: 'count', pins: t.pins });
  rows.push(await report('pglite', t, seconds, await server.next('counted')));
  await server.stop();
}

if (!process.argv.includes('--no-postgres')) {
  const name = `visus_clinic_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  let front: Front | undefined;
  const servers: Array<ReturnType<typeof startServer>> = [];
  try {
    const secret = crypto.randomBytes(32).toString('hex');
    const first = startServer({
      kind: 'postgres',
      url: url.toString(),
      secret,
      seed: { people: PEOPLE, clinicians: CLINICIANS },
    });
    servers.push(first);
    const ready = await first.next('ready');
    const second = startServer({ kind: 'postgres', url: url.toString(), secret });
    servers.push(second);
    const ready2 = await second.next('ready');
    for (const s of servers) {
      s.ask({ type: 'meet', instances: 2 });
      await s.next('met');
    }
    front = await startNginx([ready.port, ready2.port]);
    const { t, seconds } = await day('postgres', front.url, ready.people, ready.clinicians);
    first.ask({ type: 'count', pins: t.pins });
    rows.push(await report('postgres ×2 + nginx', t, seconds, await first.next('counted')));
  } finally {
    front?.stop();
    for (const s of servers) await s.stop();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const load1 = os.loadavg();
console.log(
  `Clinic day: ${PEOPLE} people × a full battery of ${ANSWERS} answers (every ${1 / SCALE}–${2 / SCALE} s, ` +
    `time scale ${SCALE}), ${CLINICIANS} clinicians paging lists. Load average ` +
    `${load0.map((l) => l.toFixed(1)).join('/')} before, ${load1.map((l) => l.toFixed(1)).join('/')} after (${os.cpus().length} cores).`,
);
console.log(
  '| backend | batteries completed | results stored | duplicated | API requests | API p50 ms | API p99 ms | keys sent / delivered | key→display p50 / p99 ms | 503 (retried) | errors |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.backend} | ${r.completed} / ${r.batteries} | ${r.stored} | ${r.duplicated} | ${r.apiRequests} | ${r.apiP50} | ${r.apiP99} | ` +
      `${r.keysSent} / ${r.keysDelivered} | ${r.keyP50} / ${r.keyP99} | ${r.refused503} | ${r.errors} |`,
  );
  for (const e of r.firstErrors) console.log(`  error: ${e}`);
}
const met = rows.every(
  (r) => r.completed === r.batteries && r.stored === r.completed && r.duplicated === 0 && r.errors === 0,
);
console.log(`Target (all completed, nothing lost or doubled, zero errors): ${met ? 'met' : 'NOT met'}.`);
console.log(
  JSON.stringify({
    bench: 'clinic',
    people: PEOPLE,
    clinicians: CLINICIANS,
    answers: ANSWERS,
    timeScale: SCALE,
    cores: os.cpus().length,
    loadAverage: { before: load0, after: load1 },
    rows: rows.map(({ firstErrors: _firstErrors, ...row }) => row),
    met,
  }),
);
// A missed target (anything lost, doubled or failed) ends the run with exit code 1, so a script sees it.
process.exit(met ? 0 : 1);
