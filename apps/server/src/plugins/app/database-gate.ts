import type { FastifyInstance } from 'fastify';
import type { DatabaseKind } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { WorkLimiter, WorkRefusedError, type WorkLimits } from '../../lib/work-limiter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route does not wait for the database gate (it needs no database, or is the health check). */
    databaseGate?: boolean;
  }
}

/** The words of the 503 when a request is refused at the database gate; `seconds` is also Retry-After. */
export function databaseBusyMessage(seconds: number): string {
  return `The server is busy. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** 503 with Retry-After: too many requests are working with the database or waiting for it. */
export class DatabaseBusyError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, databaseBusyMessage(retryAfterSeconds), { 'retry-after': String(retryAfterSeconds) });
  }
}

/**
 * Requests working with the database at once when DATABASE_CONCURRENCY is not set (bench/load/README.md,
 * "Issue 21"). PGlite runs one query at a time inside the server's own thread: a few requests in progress
 * keep it busy while their answers are written, more only lengthen everyone's wait. PostgreSQL: one per
 * pool connection (with the pool's 10, bench:load answered 200 connections without a 503).
 */
export function defaultDatabaseConcurrency(kind: DatabaseKind, poolSize: number): number {
  return kind === 'pglite' ? 4 : poolSize;
}

/**
 * Milliseconds of requests' synchronous work one turn of the event loop may start, by kind of database
 * (bench/load/README.md, "Issue 21, 2026-11-27 afternoon"); `undefined`: no limit. Node accepts at most one
 * new connection per turn of its event loop (libuv ≥ 1.45 calls accept() once per readiness of the
 * listening socket). PGlite's queries run inside the server's own thread and, being synchronous, a request
 * runs to its answer before the next socket is read: one turn served every request that had arrived
 * (130 results pages, 400 ms, in one measured turn), and 200 connections opened at once waited up to 10 s
 * and more to be accepted. PostgreSQL's queries run in its own processes: its turns stay short.
 */
export function defaultDatabaseTurnBudgetMs(kind: DatabaseKind): number | undefined {
  return kind === 'pglite' ? 2 : undefined;
}

/**
 * Spreads the start of requests over turns of the event loop: a request may start at once while the
 * current turn has started requests for less than `budgetMs`; otherwise it waits for a later turn, strictly
 * in arrival order, so that between two turns the server reads its sockets and accepts a connection. The time
 * is measured at each start, so with synchronous work (PGlite) it includes the requests started before.
 *
 * Each waiting request has its own setImmediate callback, so that the synchronous work of one started in the
 * check phase is done (and timed) before the next is looked at; only the oldest may start, and the oldest
 * starts at the latest in its second turn at the head of the queue, whatever the budget says. (The first
 * version let any waiter whose callback ran first in a fresh window start: the oldest, whose callback was
 * queued before the window's reset, found every window spent and waited up to 8 s behind newer requests —
 * bench/load/README.md, "Issue 21, 2026-11-27 evening".)
 */
export class TurnPacer {
  /** Requests waiting for a later turn, oldest first (new ones queue behind them). */
  private readonly waiting: { turnsAtHead: number }[] = [];
  /** When the current window of starts opened; closed at the end of this turn (or by a forced start). */
  private windowStart: number | undefined;

  constructor(
    readonly budgetMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(budgetMs > 0)) throw new RangeError('budgetMs must be > 0');
  }

  /** `undefined`: start now. A promise: start when it resolves, in a later turn, in arrival order. */
  enter(): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.room()) return undefined;
    const waiter = { turnsAtHead: 0 };
    this.waiting.push(waiter);
    return new Promise<void>((resolve) => {
      const consider = () => {
        if (this.waiting[0] !== waiter) return void setImmediate(consider);
        if (!this.room()) {
          // No room in this turn: wait one turn at the head, then start anyway in a window of its own.
          if (waiter.turnsAtHead++ === 0) return void setImmediate(consider);
          this.openWindow(this.now());
        }
        this.waiting.shift();
        resolve();
      };
      setImmediate(consider);
    });
  }

  private room(): boolean {
    const now = this.now();
    if (this.windowStart === undefined) {
      this.openWindow(now);
      return true;
    }
    return now - this.windowStart < this.budgetMs;
  }

  /** Opens a window of starts at `start`, closed by a setImmediate: at the end of this turn's check phase. */
  private openWindow(start: number): void {
    this.windowStart = start;
    setImmediate(() => {
      if (this.windowStart === start) this.windowStart = undefined;
    });
  }
}

/**
 * Admission control in front of the database, for every request of `scope` (the API) except routes with
 * `config: { databaseGate: false }`: at most `limits.concurrency` requests are between their first hook
 * and their answer, `limits.maxQueue` wait in arrival order for at most `limits.maxWaitMs`; any other is
 * answered at once `503 { success: false, error }` with `Retry-After`. The gate is the first hook of the
 * request, before authentication or any handler: a refused request has read or written nothing, so a
 * refused save is simply not stored (the web app's outbox sends it again). A slot is released when the
 * answer is sent or the connection closes, whichever comes first.
 */
export function registerDatabaseGate(
  scope: FastifyInstance,
  limits: WorkLimits,
  turnBudgetMs?: number,
): WorkLimiter {
  const gate = new WorkLimiter(limits);
  const pacer = turnBudgetMs === undefined ? undefined : new TurnPacer(turnBudgetMs);
  // Everyone waiting now has been served or refused by then.
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.maxWaitMs / 1000));
  const releases = new WeakMap<object, () => void>();
  scope.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.databaseGate === false) return;
    const queued = gate.load.running >= gate.limits.concurrency;
    let release: () => void;
    try {
      release = await gate.acquire();
    } catch (error) {
      if (error instanceof WorkRefusedError) throw new DatabaseBusyError(retryAfterSeconds);
      throw error;
    }
    // A slot freed by another request's end is handed over in that request's own promise chain; with
    // PGlite (synchronous queries) the whole queue could then run in one turn of the event loop, seconds
    // during which no socket is read and no timer fires. With a turn budget (PGlite), any request starts
    // only while its turn has room; without (PostgreSQL), a request that waited starts in a later turn.
    if (pacer) await pacer.enter();
    else if (queued) await new Promise<void>((resolve) => setImmediate(resolve));
    releases.set(request, release);
    // The answer was sent ('onResponse'), or the connection closed before it could be ('close').
    if (reply.raw.destroyed) release();
    else reply.raw.once('close', release);
  });
  scope.addHook('onResponse', async (request) => {
    releases.get(request)?.();
  });
  return gate;
}
