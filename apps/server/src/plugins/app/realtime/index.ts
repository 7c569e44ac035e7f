import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import { TOKEN_NOT_VALID } from '@visus/contracts';
import type { AuthService } from '../../../modules/auth/auth.service';
import type { SessionsService } from '../../../modules/sessions/sessions.service';
import { catchConnectionErrors } from '../../../db/database';
import { registerTestsNamespace } from './tests-namespace';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

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
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Same-origin only by default (CORS closed); the web app is served by this server.
    cors: undefined,
    maxHttpBufferSize: 64 * 1024,
  });

  const authenticateDisplay = async (socket: Socket, next: (err?: Error) => void) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    if (!token) return next(new Error(TOKEN_NOT_VALID));
    try {
      const user = await authService.authenticate(token.replace(/^Bearer /, ''));
      socket.data.userId = user.id;
      socket.data.role = user.role;
      await socket.join(`user:${user.id}`);
      next();
    } catch {
      next(new Error(TOKEN_NOT_VALID));
    }
  };
  io.of('/').use(authenticateDisplay);
  registerTestsNamespace(io.of('/tests'), {
    auth: authService,
    sessions,
    log: app.log,
    handshakesPerMinute: options.handshakesPerMinute,
    trustProxy: options.trustProxy ?? false,
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
  app.addHook('onClose', async () => {
    io.disconnectSockets(true);
    // io.close() would also close the HTTP server, which Fastify is closing itself: close the
    // engine and the namespaces' adapters (which stop their database listeners) only.
    io.engine.close();
    await Promise.all([...io._nsps.values()].map(async (nsp) => nsp.adapter.close()));
    await adapterPool?.end();
  });
  return io;
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
