import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { REALTIME_PATH, TESTS_NAMESPACE, type Ack } from '@visus/contracts';

/*
 * For tests only: a real Socket.IO server at /socket.io with the /tests namespace, standing in for the
 * Visus server (web may not import the server). The test plays the server and the other side: it
 * refuses handshakes, answers the client's events, and sends it relayed events with acknowledgements.
 */

export interface ReceivedEvent {
  event: string;
  payload: unknown;
  auth: Record<string, unknown>;
}

export interface RealtimeTestServer {
  /** Origin to connect to (http://127.0.0.1:port). */
  url: string;
  /** Every event the clients sent, in order. */
  received: ReceivedEvent[];
  /** The refusal for a handshake, or null to let it in (default: everyone in). */
  refuse: (auth: Record<string, unknown>) => string | null;
  /** The acknowledgement for a client's event; null never answers (default: delivered). */
  answer: (event: string, payload: unknown) => Ack | null;
  /** Server-side sockets now connected. */
  connected(): Socket[];
  /** Sends an event the server itself says (session-state, session-ended) to every client, no ack. */
  tell(event: string, payload: unknown): void;
  /** Sends a relayed event to every connected client; resolves with their acknowledgements. */
  send(event: string, payload: unknown, timeoutMs?: number): Promise<unknown[]>;
  /** Waits until `predicate` holds for the received events (polls every 10 ms, up to `timeoutMs`). */
  waitFor(predicate: (received: ReceivedEvent[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRealtimeTestServer(): Promise<RealtimeTestServer> {
  const http = createServer();
  // jsdom's requests come from its own origin: let them in (the real server is same-origin).
  const io = new Server(http, { path: REALTIME_PATH, cors: { origin: true } });
  const nsp = io.of(TESTS_NAMESPACE);
  const server: RealtimeTestServer = {
    url: '',
    received: [],
    refuse: () => null,
    answer: () => ({ ok: true, delivered: true }),
    connected: () => [...nsp.sockets.values()],
    tell(event, payload) {
      nsp.emit(event, payload);
    },
    async send(event, payload, timeoutMs = 2000) {
      return nsp.timeout(timeoutMs).emitWithAck(event, payload);
    },
    async waitFor(predicate, timeoutMs = 3000) {
      const start = Date.now();
      while (!predicate(server.received)) {
        if (Date.now() - start > timeoutMs) {
          throw new Error(`timed out waiting; received ${JSON.stringify(server.received)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      io.disconnectSockets(true);
      await io.close();
    },
  };
  nsp.use((socket, next) => {
    const refusal = server.refuse(socket.handshake.auth);
    if (refusal === null) return next();
    next(Object.assign(new Error(refusal), { data: { error: refusal } }));
  });
  nsp.on('connection', (socket) => {
    socket.onAny((event: string, ...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? (args.pop() as (answer: Ack) => void) : undefined;
      server.received.push({ event, payload: args[0], auth: socket.handshake.auth });
      const answer = server.answer(event, args[0]);
      if (answer) ack?.(answer);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}
