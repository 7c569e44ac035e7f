/**
 * The socket side of the load benchmark, in its own process (started by run.ts, options as its first IPC
 * message): pairs a display and a phone on every given test session of the real server (/tests
 * namespace, websocket transport), reports `paired`, then on the message `go` has every phone send one
 * `controller-key` per second at its own offset within the second (as bench/realtime does: 500 sessions
 * make 500 keys per second) for `rounds` seconds, and reports the keys sent, delivered to the display and
 * their latency. Sender and receiver share this process's clock.
 */
import crypto from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { SocketsMessage, SocketsOptions } from './fixtures';

if (!process.send)
  throw new Error('bench/load/sockets.ts is started by bench/load/run.ts (needs an IPC channel)');
const send = (message: SocketsMessage) => process.send!(message);
const options = await new Promise<SocketsOptions>((resolve) =>
  process.once('message', (m) => resolve(m as SocketsOptions)),
);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Connections opened at once while pairing. */
const PAIRING_CONCURRENCY = 10;
/** How long stragglers are awaited after the last round. */
const DRAIN_MS = 10_000;

function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(new Error(`socket handshake refused: ${error.message}`)));
  });
}

interface Pair {
  display: Socket;
  phone: Socket;
}

const url = `${options.url}/tests`;
const paired0 = performance.now();
const pairs: Pair[] = [];
for (let i = 0; i < options.sessions.length; i += PAIRING_CONCURRENCY) {
  const batch = options.sessions.slice(i, i + PAIRING_CONCURRENCY);
  pairs.push(
    ...(await Promise.all(
      batch.map(async ({ pin, token }) => {
        const display = await open(url, { role: 'display', token, pin });
        const phone = await open(url, {
          role: 'controller',
          pin,
          controllerKey: crypto.randomBytes(16).toString('base64url'),
        });
        return { display, phone };
      }),
    )),
  );
}

let disconnects = 0;
const latencies: number[] = [];
for (const { display, phone } of pairs) {
  for (const socket of [display, phone]) socket.on('disconnect', () => disconnects++);
  display.on('controller-key', (body: { key?: string }, ack?: () => void) => {
    ack?.();
    // The key carries its send time (µs) as digits after a letter, which the contracts accept.
    const sentAt = Number(String(body.key).slice(1)) / 1000;
    latencies.push(performance.now() - sentAt);
  });
}
send({ type: 'paired', pairs: pairs.length, seconds: (performance.now() - paired0) / 1000 });

await new Promise<void>((resolve) => process.once('message', () => resolve()));
let sent = 0;
for (let round = 0; round < options.rounds; round++) {
  pairs.forEach(({ phone }, i) => {
    setTimeout(
      () => {
        sent++;
        phone.emit('controller-key', { key: `T${Math.round(performance.now() * 1000)}` });
      },
      (i / pairs.length) * 1000,
    );
  });
  await sleep(1000);
}
await sleep(50);
for (let waited = 0; latencies.length < sent && waited < DRAIN_MS; waited += 50) await sleep(50);
const delivered = latencies.length;
latencies.sort((a, b) => a - b);
pairs.forEach(({ display, phone }) => {
  display.removeAllListeners('disconnect').disconnect();
  phone.removeAllListeners('disconnect').disconnect();
});
send({ type: 'done', sent, delivered, latencies, disconnects });
process.disconnect();
