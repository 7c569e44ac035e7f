/**
 * What the load benchmark's processes share: the messages between run.ts and its child processes, a
 * deterministic random generator, and result records that the API's own contract accepts.
 */
import { resultRecordSchema, type ResultRecordBody } from '@visus/contracts';

/** A seeded account: how to sign in as it, a token for it, and how many results it holds at the start. */
export interface SeededUser {
  id: string;
  email: string;
  password: string;
  token: string;
  results: number;
}

/** A test session for the socket phase: the pin and the token of the account that owns it. */
export interface SessionPair {
  pin: string;
  token: string;
}

/** server.ts → run.ts once it listens (and, for the app, once it is seeded). */
export interface ServerReady {
  type: 'ready';
  port: number;
  users: SeededUser[];
  sessions: SessionPair[];
  seedSeconds: number;
}

/**
 * server.ts → run.ts, asked `inflight`: requests received and not yet answered; and, to tell what a
 * request costs on a shared machine whatever else runs on it, the requests answered so far and the CPU
 * time the server process has used (user + system, ms).
 */
export interface ServerInflight {
  type: 'inflight';
  requests: number;
  answered: number;
  cpuMs: number;
  /** Since the last `mark`: the longest a request took inside the server (request event to answer), ms. */
  slowestMs: number;
  /** Since the last `mark`: the longest the server's event loop was late (monitorEventLoopDelay), ms. */
  loopDelayMaxMs: number;
  /** Since the last `mark`: connections accepted, and those that closed before a request was read on them. */
  connections: number;
  silentConnections: number;
}

/** What run.ts passes to server.ts (its first IPC message). */
export type ServerOptions =
  | { kind: 'bare' }
  | {
      kind: 'pglite' | 'postgres';
      /** PostgreSQL only: the throw-away database. */
      url?: string;
      poolSize?: number;
      scaleOut: boolean;
      users: number;
      resultsPerUser: number;
      sessions: number;
    };

/** What run.ts passes to sockets.ts (its first IPC message). */
export interface SocketsOptions {
  url: string;
  sessions: SessionPair[];
  /** Rounds of one key per phone, one round per second. */
  rounds: number;
}

export type SocketsMessage =
  | { type: 'paired'; pairs: number; seconds: number }
  | {
      type: 'done';
      sent: number;
      delivered: number;
      /** Keys delivered to the display, latency in ms, sorted. */
      latencies: number[];
      disconnects: number;
    };

/** mulberry32: a small deterministic generator, so every run sends the same bodies. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * A result record as the web app saves it without a session: most are a full battery (Sloan acuity,
 * duochrome, astigmatism axis and power, presbyopia), some a single Tumbling E test. Checked against the
 * API's contract, so a change of the contract fails the benchmark at its start, not as 400s under load.
 */
export function makeRecord(random: () => number, testedAt: number): ResultRecordBody {
  const acuity = () => {
    const va = round4(random() * 1.2 - 0.1);
    return { va, rounds: 21, loopLength: 30, logMAR: va, ci95: [round4(va - 0.08), round4(va + 0.08)] };
  };
  const date = new Date(testedAt).toISOString();
  const start = testedAt;
  const end = testedAt + 600_000 + Math.floor(random() * 600_000);
  const record =
    random() < 0.7
      ? {
          setup: {
            date,
            units: 'm',
            correction: 'None',
            testMode: false,
            testA: ['sloan', 'duoChrome'],
            testB: ['astigAxis', 'astigPower'],
            testC: ['presbyopia'],
          },
          data: {
            start,
            end,
            sloan: { right: acuity(), left: acuity() },
            duoChrome: { right: ['red', 'green'], left: ['green'] },
            astigAxis: {
              right: { endpoint: 90, firstResponseKey: 'left', secondResponseKey: 'same' },
              left: { endpoint: 80, firstResponseKey: 'right', secondResponseKey: null },
            },
            astigPower: { right: acuity(), left: acuity() },
            presbyopia: { stereo: { add: 1.25, answer: 3 } },
          },
        }
      : {
          setup: { date, units: 'ft', correction: 'Glasses', testMode: false, singleTest: 'tumblingE' },
          data: { start, end, tumblingE: { right: acuity(), left: acuity() } },
        };
  return resultRecordSchema.parse(record);
}

/** `count` records spread over the last two years before `end` (ms), newest not after `end`. */
export function makeRecords(random: () => number, count: number, end: number): ResultRecordBody[] {
  const span = 2 * 365 * 86_400_000;
  return Array.from({ length: count }, () => makeRecord(random, end - Math.floor(random() * span)));
}

/** The value at quantile q (0…1) of ascending samples; NaN when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
