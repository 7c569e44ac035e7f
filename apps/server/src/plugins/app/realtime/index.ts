import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { TOKEN_NOT_VALID } from '@visus/contracts';
import type { AuthService } from '../../../modules/auth/auth.service';
import type { SessionsService } from '../../../modules/sessions/sessions.service';
import { catchConnectionErrors } from '../../../db/database';
import { accountRoom } from './account-room';
import { registerTestsNamespace } from './tests-namespace';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * How long a stop waits for the realtime bookkeeping of the sockets it closed (phones' leaving times,
 * `session-state` to the other instances) and for the clients to answer the WebSocket close, before it
 * goes on and cuts what is left. Both normally take milliseconds.
 */
export const REALTIME_STOP_WAIT_MS = 1500;

/**
 * Several instances: how long after a session's last join or leave an instance announces its
 * `session-state` once more (an announcement computed while another instance was changing it may
 * have arrived last; tests-namespace.ts). Long enough for the adapter's requests to settle, short
 * enough that a display corrects itself before a person notices.
 */
export const SCALE_OUT_CONFIRM_MS = 1000;

/**
 * Socket.IO at /socket.io with the namespaces of SPEC.md §7: `/` (general: a signed-in browser, in
 * its account's room) and `/tests` (one room per test session, tests-namespace.ts). Reconnection
 * settings are the client's (SPEC.md §9, contracts RECONNECTION).
 */
export function registerRealtime(
  app: FastifyInstance,
  authService: AuthService,
  sessions: SessionsService,
  options: {
    handshakesPerMinute: number;
    trustProxy?: boolean;
    postgresUrl?: string | undefined;
    now?: (() => Date) | undefined;
  },
): Server {
  const now = options.now;
  let stopping = false;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same-origin only by default (CORS closed); the web app is served by this server.
    cors: undefined,
    maxHttpBufferSize: 64 * 1024,
    // A stopping server takes no new connections; the clients treat the refusal as a transport error
    // and keep trying (they reach this server again once it has restarted, or another instance).
    allowRequest: (_request, callback) => callback(stopping ? 'Server stopping' : null, !stopping),
  });
  const upgraded = trackUpgradedSockets(app);

  const authenticateDisplay = async (socket: Socket, next: (err?: Error) => void) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    if (!token) return next(new Error(TOKEN_NOT_VALID));
    try {
      const user = await authService.authenticate(token.replace(/^Bearer /, ''));
      socket.data.userId = user.id;
      socket.data.role = user.role;
      await socket.join(accountRoom(user.id));
      next();
    } catch {
      next(new Error(TOKEN_NOT_VALID));
    }
  };
  io.of('/').use(authenticateDisplay);
  const tests = registerTestsNamespace(io.of('/tests'), {
    auth: authService,
    sessions,
    log: app.log,
    handshakesPerMinute: options.handshakesPerMinute,
    trustProxy: options.trustProxy ?? false,
    // Several instances: announcements computed on different instances may cross (tests-namespace.ts).
    confirmAfterMs: options.postgresUrl ? SCALE_OUT_CONFIRM_MS : undefined,
    ...(now ? { now } : {}),
  });

  // Several instances on one PostgreSQL relay room events to each other (LISTEN/NOTIFY), so a display
  // on one instance and its phone on another still talk (docs/deployment.md).
  let adapterPool: pg.Pool | undefined;
  if (options.postgresUrl) {
    adapterPool = new pg.Pool({ connectionString: options.postgresUrl, max: 2 });
    catchConnectionErrors(adapterPool, (error) =>
      app.log.warn({ err: error }, 'realtime adapter: database error'),
    );
    returnEndedClients(adapterPool);
    io.adapter(
      createAdapter(adapterPool, {
        errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error'),
      }),
    );
  }

  app.decorate('io', io);
  // Before Fastify closes the HTTP server, which waits for every open connection (an open WebSocket
  // would hold it until the process is killed): close every client's transport. Each client sees
  // its link drop as a transport close (a WebSocket close frame; a pending long-polling request
  // answered with engine.io's close packet) and reconnects by itself, to this server once it is back
  // or to another instance. (`disconnectSockets(true)` would make socket.io clients give up: they do
  // not retry an 'io server disconnect'.) Every socket's 'disconnect' runs as for any drop: a phone's
  // leaving time is recorded and the other side, on another instance too, hears `session-state`.
  app.addHook('preClose', async () => {
    stopping = true;
    io.engine.close();
    await Promise.all([
      within(tests.idle(), REALTIME_STOP_WAIT_MS),
      within(allClosed(upgraded), REALTIME_STOP_WAIT_MS),
    ]);
    // A client that never answered the close (a phone that vanished) would hold the HTTP server for
    // the WebSocket close timeout (30 s).
    for (const socket of upgraded) socket.destroy();
  });
  // After the sockets: io.close() would also close the HTTP server, which Fastify closes itself;
  // close the namespaces' adapters (which tell the other instances this one is gone and stop the
  // database listener) and their pool only.
  app.addHook('onClose', async () => {
    // The stop's last messages (the announcements of the sockets it closed) go out before the
    // adapters' goodbye: an instance that heard the goodbye first would count this one again on the
    // next message. pg's Pool.end() would drop queries still waiting for a connection.
    // (The adapter keeps one client checked out for LISTEN until it closes.)
    if (adapterPool) await poolSettled(adapterPool, REALTIME_STOP_WAIT_MS, 1);
    await Promise.all([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
    if (adapterPool) {
      await poolSettled(adapterPool, REALTIME_STOP_WAIT_MS);
      await adapterPool.end();
    }
  });
  return io;
}

/**
 * Resolves when no query of `pool` is waiting for a connection and at most `held` clients are checked
 * out (those held for good, not running a query that ends), or after `ms`.
 */
async function poolSettled(pool: pg.Pool, ms: number, held = 0): Promise<void> {
  const deadline = Date.now() + ms;
  while ((pool.waitingCount > 0 || pool.totalCount - pool.idleCount > held) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The connections upgraded to WebSocket (Node's HTTP server no longer counts them as requests). */
function trackUpgradedSockets(app: FastifyInstance): Set<Duplex> {
  const sockets = new Set<Duplex>();
  app.server.on('upgrade', (_request, socket: Duplex) => {
    if (socket.destroyed) return;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

function allClosed(sockets: Set<Duplex>): Promise<void> {
  return Promise.all(
    [...sockets].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()))),
  ).then(() => undefined);
}

/** Waits for `work`, but no longer than `ms` (whatever it settles to). */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

/**
 * The adapter keeps one client of its pool checked out for LISTEN. When the server ends that connection
 * (a database restart), the adapter opens a new one but never hands the dead one back, so every restart
 * would take one of the pool's two places for good: after two, the adapter could neither listen nor
 * publish, and `pool.end()` at shutdown would wait forever. A checked-out client whose connection ended
 * is handed back here, as broken, so the pool drops it. (A client ended during a `pool.query` has already
 * been handed back by then: pg settles the query before it emits 'end'.)
 */
function returnEndedClients(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.on('end', () => {
      if (checkedOut.has(client as pg.PoolClient)) {
        (client as pg.PoolClient).release(new Error('Database connection ended'));
      }
    }),
  );
}
