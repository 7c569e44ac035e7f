/**
 * Realtime benchmark (issue 5): latency from a phone's `controller-key` to the display receiving it,
 * through the real Visus server (validation, room relay, acknowledgements), with 1, 100 and 500
 * concurrently paired sessions; and, in the same run, the same measurement through a bare Socket.IO
 * relay (`socket.to(room).emit`, no validation) as the baseline. Prints a table and one JSON line.
 *
 *   node --import tsx bench/realtime/run.ts [--sessions 1,100,500] [--keys 10] [--repeat 3]
 *
 * Server and clients share this process and its clock (loopback, websocket transport), so the figures
 * include client-side work on both sides, identically for Visus and the baseline. Each round (1 s),
 * every phone sends one key at its own offset within the round, as people answer about once a second:
 * 500 sessions make 500 keys per second. Memory per session
 * is the heap growth of this process (server plus both clients) after pairing, divided by the number
 * of sessions: an upper bound for the server alone.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { createMemoryMailer } from '../../apps/server/src/plugins/external/mailer';
import { UsersRepository } from '../../apps/server/src/modules/users/users.repository';
import { SessionsService } from '../../apps/server/src/modules/sessions/sessions.service';
import { TokenService } from '../../apps/server/src/plugins/app/auth/tokens';

function listFlag(name: string, fallback: number[]): number[] {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const values = String(process.argv[i + 1])
    .split(',')
    .map(Number);
  if (values.some((v) => !Number.isInteger(v) || v < 1)) throw new Error(`--${name} needs positive integers`);
  return values;
}
const SESSION_COUNTS = listFlag('sessions', [1, 100, 500]);
const KEYS = listFlag('keys', [10])[0]!;
/**
 * Runs per session count. Visus and the bare relay alternate (bare, Visus, bare, Visus, …) so that a burst
 * of load from elsewhere on the machine hits both alike; the figures are medians over the runs.
 */
const REPEAT = listFlag('repeat', [3])[0]!;
/** Each phone sends one key per round, at its own offset within the round: a person answers about once a second. */
const ROUND_GAP_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

interface Pair {
  display: Socket;
  phone: Socket;
}

/** Sends KEYS rounds of one key per phone; returns latencies in ms. */
async function measure(
  pairs: Pair[],
  event: string,
  payload: (sentAt: number) => unknown,
): Promise<number[]> {
  const latencies: number[] = [];
  for (const { display } of pairs) {
    display.on(event, (body: { key?: string }, ack?: () => void) => {
      ack?.();
      const sentAt = Number(String(body.key).slice(1)) / 1000;
      latencies.push(performance.now() - sentAt);
    });
  }
  for (let round = 0; round < KEYS; round++) {
    pairs.forEach(({ phone }, i) => {
      setTimeout(() => phone.emit(event, payload(performance.now())), (i / pairs.length) * ROUND_GAP_MS);
    });
    await sleep(ROUND_GAP_MS);
  }
  const expected = pairs.length * KEYS;
  for (let waited = 0; latencies.length < expected && waited < 10_000; waited += 50) await sleep(50);
  return latencies.sort((a, b) => a - b);
}

/** The key carries its send time (µs) as digits after a letter, which the contracts accept. */
const timedKey = (sentAt: number) => `T${Math.round(sentAt * 1000)}`;

async function visus(count: number) {
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory' });
  const base = loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent' });
  // Every socket of the benchmark comes from 127.0.0.1: lift the per-address handshake limit.
  const config = {
    ...base,
    webDist: undefined,
    rateLimits: { ...base.rateLimits, socketHandshakesPerMinute: 1e9 },
  };
  const secret = crypto.randomBytes(32).toString('hex');
  const app = await buildApp({ config, database, mailer: createMemoryMailer(), jwtSecret: secret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const user = await new UsersRepository(database.db).create({
    email: 'bench@example.org',
    name: 'Bench',
    passwordHash: 'x',
    role: 'user',
    dob: null,
  });
  const token = await new TokenService(secret, '1h').sign({ userId: user.id, role: 'user', tokenVersion: 0 });
  const sessions = new SessionsService({ db: database.db });
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    const { pin } = await sessions.createBattery(user, 'Sloan', 'm');
    const url = `http://127.0.0.1:${port}/tests`;
    const display = await open(url, { role: 'display', token, pin });
    const phone = await open(url, {
      role: 'controller',
      pin,
      controllerKey: crypto.randomBytes(16).toString('base64url'),
    });
    pairs.push({ display, phone });
  }
  await sleep(300);
  global.gc?.();
  const heapPerSession = (process.memoryUsage().heapUsed - heapBefore) / count;
  const latencies = await measure(pairs, 'controller-key', (t) => ({ key: timedKey(t) }));
  pairs.forEach((p) => (p.display.disconnect(), p.phone.disconnect()));
  await app.close();
  return { latencies, heapPerSession };
}

async function bare(count: number) {
  const server = http.createServer();
  const io = new Server(server, { path: '/socket.io', serveClient: false });
  io.on('connection', (socket) => {
    const { room, side } = socket.handshake.auth as { room: string; side: string };
    void socket.join(`${room}:${side}`);
    socket.on('key', (payload: unknown) => {
      socket.to(`${room}:${side === 'phone' ? 'display' : 'phone'}`).emit('key', payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    const url = `http://127.0.0.1:${port}`;
    pairs.push({
      display: await open(url, { room: `r${i}`, side: 'display' }),
      phone: await open(url, { room: `r${i}`, side: 'phone' }),
    });
  }
  await sleep(300);
  const latencies = await measure(pairs, 'key', (t) => ({ key: timedKey(t) }));
  pairs.forEach((p) => (p.display.disconnect(), p.phone.disconnect()));
  io.close();
  return { latencies };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const stats = (l: number[]) => ({
  p50: quantile(l, 0.5),
  p95: quantile(l, 0.95),
  p99: quantile(l, 0.99),
  n: l.length,
});

const rows: Array<Record<string, number | string>> = [];
for (const count of SESSION_COUNTS) {
  const runs: Array<{ b: ReturnType<typeof stats>; v: ReturnType<typeof stats>; heap: number }> = [];
  for (let run = 0; run < REPEAT; run++) {
    const b = stats((await bare(count)).latencies);
    const ours = await visus(count);
    runs.push({ b, v: stats(ours.latencies), heap: ours.heapPerSession });
  }
  const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
  rows.push({
    sessions: count,
    keys: count * KEYS,
    runs: REPEAT,
    visusReceived: Math.min(...runs.map((r) => r.v.n)),
    bareReceived: Math.min(...runs.map((r) => r.b.n)),
    visusP50: +m((r) => r.v.p50).toFixed(2),
    visusP95: +m((r) => r.v.p95).toFixed(2),
    visusP99: +m((r) => r.v.p99).toFixed(2),
    bareP50: +m((r) => r.b.p50).toFixed(2),
    bareP95: +m((r) => r.b.p95).toFixed(2),
    bareP99: +m((r) => r.b.p99).toFixed(2),
    p99Ratio: +(m((r) => r.v.p99) / m((r) => r.b.p99)).toFixed(2),
    p99RatioPerRun: runs.map((r) => +(r.v.p99 / r.b.p99).toFixed(2)).join(' '),
    // One session's heap growth is lost in the noise of a garbage collection: only counts of 100 and more say anything.
    heapKiBPerSession: count >= 100 ? +(m((r) => r.heap) / 1024).toFixed(1) : '—',
  });
}

console.log(
  `Realtime: controller-key → display, loopback, websocket; latency in ms, median of ${REPEAT} alternating runs`,
);
console.log(
  'sessions  keys   recv(visus/bare)  visus p50/p95/p99        bare p50/p95/p99         p99 ratio  per run         heap KiB/session',
);
for (const r of rows) {
  console.log(
    `${String(r.sessions).padStart(8)}  ${String(r.keys).padStart(5)}  ${`${r.visusReceived}/${r.bareReceived}`.padStart(16)}  ` +
      `${`${r.visusP50}/${r.visusP95}/${r.visusP99}`.padEnd(23)}  ${`${r.bareP50}/${r.bareP95}/${r.bareP99}`.padEnd(23)}  ` +
      `${String(r.p99Ratio).padStart(9)}  ${String(r.p99RatioPerRun).padEnd(14)}  ${String(r.heapKiBPerSession).padStart(16)}`,
  );
}
console.log(
  JSON.stringify({ bench: 'realtime', keysPerSession: KEYS, roundGapMs: ROUND_GAP_MS, repeat: REPEAT, rows }),
);
process.exit(0);
