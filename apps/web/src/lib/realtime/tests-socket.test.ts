import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECTION, REALTIME_PATH, TESTS_NAMESPACE, type Handshake } from '@visus/contracts';
import { SOCKET_ERRORS, answerAck, connectTestsSocket, emitWithAck, type TestsSocket } from './tests-socket';

const controller: Handshake = { role: 'controller', pin: 'ABCD2345', controllerKey: 'k'.repeat(22) };

/** A small stand-in for the real server: same path and namespace, refuses pins other than ABCD2345. */
let http: HttpServer;
let io: Server;
let url: string;
const seen: { event: string; payload: unknown; auth: unknown }[] = [];
const clients: TestsSocket[] = [];

function connect(auth: Handshake): TestsSocket {
  const socket = connectTestsSocket(auth, {
    url,
    overrides: { reconnectionDelay: 20, reconnectionDelayMax: 40 },
  });
  clients.push(socket);
  return socket;
}
const connected = (socket: TestsSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

beforeEach(async () => {
  http = createServer();
  // jsdom's requests come from its own origin: let them in (the real server is same-origin).
  io = new Server(http, { path: REALTIME_PATH, cors: { origin: true } });
  const nsp = io.of(TESTS_NAMESPACE);
  nsp.use((socket, next) => {
    const auth = socket.handshake.auth as { pin?: string };
    if (auth.pin === 'ABCD2345') next();
    else
      next(Object.assign(new Error('Test session not found'), { data: { error: 'Test session not found' } }));
  });
  nsp.on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown, ack?: (answer: unknown) => void) => {
      seen.push({ event, payload, auth: socket.handshake.auth });
      if (event === 'sync-display') return; // never answered: the sender must time out
      if (event === 'display-status') return ack?.('nonsense');
      ack?.({ ok: true, delivered: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const socket of clients.splice(0)) socket.disconnect();
  seen.length = 0;
  await io.close();
});

describe('connectTestsSocket', () => {
  it('joins /tests at /socket.io with the handshake and the spec reconnection settings', async () => {
    const socket = connect(controller);
    await connected(socket);
    expect(socket.connected).toBe(true);
    const manager = socket.io;
    expect(manager.reconnectionDelay()).toBe(20);
    expect(manager.randomizationFactor()).toBe(RECONNECTION.randomizationFactor);
    expect(manager.timeout()).toBe(RECONNECTION.timeout);
    expect(manager.reconnectionAttempts()).toBe(Infinity);
    expect(manager.opts.path).toBe('/socket.io');
    expect(manager.opts.transports).toEqual(['polling', 'websocket']);
    await emitWithAck(socket, 'controller-key', { key: 'A' });
    expect(seen[0]?.auth).toEqual(controller);
  });

  it('reports a refusal with the server message and does not retry it', async () => {
    const socket = connect({ ...controller, pin: 'ZZZZ2345' });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    expect(error.message).toBe('Test session not found');
    expect(socket.active).toBe(false);
  });
});

describe('emitWithAck', () => {
  it("resolves the server's acknowledgement", async () => {
    const socket = connect(controller);
    await connected(socket);
    await expect(emitWithAck(socket, 'controller-key', { key: 'rx_-325_1' })).resolves.toEqual({
      ok: true,
      delivered: true,
    });
    expect(seen).toMatchObject([{ event: 'controller-key', payload: { key: 'rx_-325_1' } }]);
  });

  it("resolves 'operation has timed out' when nobody answers, without throwing", async () => {
    const socket = connect(controller);
    await connected(socket);
    await expect(emitWithAck(socket, 'sync-display', {}, 100)).resolves.toEqual({
      ok: false,
      error: 'operation has timed out',
    });
  });

  it('refuses to queue a send while disconnected', async () => {
    const socket = connect(controller);
    await connected(socket);
    socket.disconnect();
    await expect(emitWithAck(socket, 'controller-key', { key: 'B' })).resolves.toEqual({
      ok: false,
      error: SOCKET_ERRORS.disconnected,
    });
    await expect(emitWithAck(null, 'controller-key', { key: 'B' })).resolves.toEqual({
      ok: false,
      error: 'socket has been disconnected',
    });
    expect(seen).toEqual([]);
  });

  it('turns a malformed answer into an error', async () => {
    const socket = connect(controller);
    await connected(socket);
    await expect(emitWithAck(socket, 'display-status', { testStatus: 'Ready' })).resolves.toEqual({
      ok: false,
      error: 'Server Error',
    });
  });
});

describe('answerAck', () => {
  it('calls the acknowledgement with ok and ignores anything that is not a callback', () => {
    const ack = vi.fn();
    answerAck(ack);
    expect(ack).toHaveBeenCalledWith({ ok: true });
    expect(() => answerAck(undefined)).not.toThrow();
    expect(() => answerAck({})).not.toThrow();
  });
});
