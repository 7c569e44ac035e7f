import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { SessionState } from '@visus/contracts';
import { buildTestApp, call, register, type TestApp } from './build-app';

/**
 * Real socket.io clients against one test app listening on a free port, for the realtime tests: call it
 * inside a `describe`; it starts the app before the tests, disconnects every socket it opened after each
 * test, and closes the app at the end. Each socket keeps the newest session-state it received (it can
 * arrive in the same tick as `connect`).
 */
export function socketClients() {
  let app: TestApp | undefined;
  let url = '';
  let sockets: Socket[] = [];
  const states = new WeakMap<Socket, SessionState>();

  beforeAll(async () => {
    app = await buildTestApp();
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tests`;
  });
  afterEach(() => {
    sockets.forEach((s) => s.disconnect());
    sockets = [];
  });
  afterAll(async () => app?.close());

  /** Connects with the handshake `auth`; resolves on connect, rejects with the refusal. */
  function open(auth: Record<string, unknown>): Promise<Socket> {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
    sockets.push(socket);
    socket.on('session-state', (state: SessionState) => states.set(socket, state));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error) => reject(error));
    });
  }

  return {
    /** The app (started in beforeAll). */
    get t(): TestApp {
      if (!app) throw new Error('socketClients: the app starts in beforeAll');
      return app;
    },
    open,
    states,
    /** 'connected', or the refusal's message. */
    refusal: (auth: Record<string, unknown>) =>
      open(auth).then(
        () => 'connected',
        (error: Error) => error.message,
      ),
    /** A phone's random key. */
    newKey: () => crypto.randomBytes(16).toString('base64url'),
    /** A new person with a new battery session. */
    async newSession() {
      const owner = await register(app!.app);
      const res = await call(app!.app, 'POST', '/tests/session', {
        token: owner.token,
        body: { chart: 'Sloan' },
      });
      const session = res.body.data as { pin: string; user: string };
      return { owner, pin: session.pin, userId: session.user };
    },
  };
}
