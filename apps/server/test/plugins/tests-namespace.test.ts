import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack } from '@visus/contracts';
import { buildTestApp, call, register } from '../helpers/build-app';
import { socketClients } from '../helpers/socket-clients';
import { canTestDatabase } from '../helpers/test-database';

/** Real socket.io clients against the real server: the display/phone protocol of SPEC.md §7. */
describe.skipIf(!(await canTestDatabase()))('realtime /tests namespace', () => {
  const clients = socketClients();
  const { open, refusal, newKey, states, newSession } = clients;

  async function pair() {
    const s = await newSession();
    const display = await open({ role: 'display', token: s.owner.token, pin: s.pin });
    const key = newKey();
    const controller = await open({ role: 'controller', pin: s.pin, controllerKey: key });
    return { ...s, display, controller, key };
  }

  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) =>
      socket.once(event, (payload: T, ack?: () => void) => {
        ack?.();
        resolve(payload);
      }),
    );

  it('pairs a display and a phone and relays events both ways, with the owner id stamped in', async () => {
    const { display, controller, userId } = await pair();
    display.on('controller-key', (_p, ack: () => void) => ack());
    const received = new Promise<unknown>((resolve) =>
      display.once('controller-key', (payload) => resolve(payload)),
    );
    const ack = (await controller
      .timeout(3000)
      .emitWithAck('controller-key', { userId: 'forged', key: 'K' })) as Ack;
    expect(ack).toEqual({ ok: true, delivered: true });
    expect(await received).toEqual({ userId, key: 'K' });

    const syncing = next<unknown>(controller, 'sync-controller');
    const ack2 = (await display
      .timeout(3000)
      .emitWithAck('sync-controller', { userId, testStatus: 'Check', currentTest: 'sloan' })) as Ack;
    expect(ack2).toEqual({ ok: true, delivered: true });
    expect(await syncing).toEqual({ userId, testStatus: 'Check', currentTest: 'sloan' });
  });

  it('tells both sides who is connected and where the test is', async () => {
    const s = await newSession();
    const display = await open({ role: 'display', token: s.owner.token, pin: s.pin });
    await expect
      .poll(() => states.get(display))
      .toMatchObject({ displayConnected: true, controllerConnected: false });
    const controller = await open({ role: 'controller', pin: s.pin, controllerKey: newKey() });
    await expect
      .poll(() => states.get(display))
      .toMatchObject({ displayConnected: true, controllerConnected: true });
    await expect
      .poll(() => states.get(controller))
      .toMatchObject({ displayConnected: true, controllerConnected: true });
    controller.on('display-status', (_p, ack: () => void) => ack());
    await display.timeout(3000).emitWithAck('display-status', { testStatus: 'InTest' });
    controller.disconnect();
    await expect
      .poll(() => states.get(display))
      .toMatchObject({ controllerConnected: false, testStatus: 'InTest' });
  });

  it('lets the same phone reconnect and resume, and refuses a second phone', async () => {
    const { pin, display, controller, key } = await pair();
    controller.on('display-key', (_p, ack: () => void) => ack());
    await display.timeout(3000).emitWithAck('display-key', { currentTest: 'sloan', testStatus: 'InTest' });
    expect(await refusal({ role: 'controller', pin, controllerKey: newKey() })).toBe(
      'Another phone is already connected to this session',
    );
    controller.disconnect();
    const back = await open({ role: 'controller', pin, controllerKey: key });
    await expect
      .poll(() => states.get(back))
      .toMatchObject({ testStatus: 'InTest', currentTest: 'sloan', displayConnected: true });
  });

  it('keeps sessions apart: nothing crosses into another room', async () => {
    const a = await pair();
    const b = await pair();
    let leaked = false;
    b.display.on('controller-key', () => (leaked = true));
    a.display.on('controller-key', (_p, ack: () => void) => ack());
    await a.controller.timeout(3000).emitWithAck('controller-key', { key: 'A' });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toBe(false);
  });

  it('refuses wrong pins, other people\u2019s sessions, bad tokens and malformed handshakes', async () => {
    const s = await newSession();
    const stranger = await register(clients.t.app);
    expect(await refusal({ role: 'controller', pin: 'ABCDEFGH', controllerKey: newKey() })).toBe(
      'Test session not found',
    );
    expect(await refusal({ role: 'display', token: stranger.token, pin: s.pin })).toBe(
      'Test session not found',
    );
    expect(await refusal({ role: 'display', token: 'a.b.c', pin: s.pin })).toBe('Token is not valid');
    expect(await refusal({ role: 'controller', pin: s.pin })).toBe('Invalid connection request');
    expect(await refusal({ role: 'admin', pin: s.pin })).toBe('Invalid connection request');
    expect(await refusal({ role: 'controller', pin: "x' or 1=1", controllerKey: newKey() })).toBe(
      'Invalid connection request',
    );
  });

  it('refuses the pin of a completed session and disconnects its sockets on completion', async () => {
    const { owner, pin, controller } = await pair();
    const ended = next<unknown>(controller, 'session-ended');
    const gone = new Promise((resolve) => controller.once('disconnect', resolve));
    await call(clients.t.app, 'PATCH', `/tests/session/${pin}`, { token: owner.token });
    expect(await ended).toEqual({ pin });
    await gone;
    expect(await refusal({ role: 'controller', pin, controllerKey: newKey() })).toBe(
      'This test session has ended',
    );
  });

  it('refuses an expired session', async () => {
    const s = await newSession();
    clients.t.advanceClock(7 * 60 * 60_000);
    try {
      expect(await refusal({ role: 'controller', pin: s.pin, controllerKey: newKey() })).toBe(
        'This test session has ended',
      );
    } finally {
      clients.t.advanceClock(-7 * 60 * 60_000);
    }
  });

  it('refuses malformed payloads, unknown events and events of the other side, relaying nothing', async () => {
    const { display, controller } = await pair();
    let relayed = 0;
    display.onAny((event: string) => {
      if (event !== 'session-state') relayed += 1;
    });
    const bad = (await controller.timeout(3000).emitWithAck('controller-key', { key: { $gt: '' } })) as Ack;
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid controller-key: key/) });
    const unknown = (await controller.timeout(3000).emitWithAck('drop-tables', {})) as Ack;
    expect(unknown).toEqual({ ok: false, error: 'Unknown event' });
    const wrongSide = (await controller
      .timeout(3000)
      .emitWithAck('display-status', { testStatus: 'Finished' })) as Ack;
    expect(wrongSide).toEqual({ ok: false, error: 'Unknown event' });
    const huge = (await controller
      .timeout(3000)
      .emitWithAck('controller-ready', { correction: 'x'.repeat(1000) })) as Ack;
    expect(huge.ok).toBe(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(relayed).toBe(0);
  });

  it('refuses a flood of key presses', async () => {
    const { display, controller } = await pair();
    display.on('controller-key', (_p, ack: () => void) => ack());
    const answers = (await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        controller.timeout(5000).emitWithAck('controller-key', { key: `K${i}` }),
      ),
    )) as Ack[];
    const refused = answers.filter((a) => !a.ok);
    expect(refused.length).toBeGreaterThanOrEqual(10);
    expect(refused[0]).toEqual({ ok: false, error: 'Too many key presses' });
  });

  it("relays the voice switch both ways (issue 20), refuses a bad one, and counts the phone's in its key budget", async () => {
    const { display, controller, userId } = await pair();
    const muted = new Promise<unknown>((resolve) =>
      display.once('controller-speech', (payload, ack: () => void) => {
        ack();
        resolve(payload);
      }),
    );
    expect(await controller.timeout(3000).emitWithAck('controller-speech', { speak: false })).toEqual({
      ok: true,
      delivered: true,
    });
    expect(await muted).toEqual({ userId, speak: false });
    const told = next<unknown>(controller, 'display-speech');
    expect(await display.timeout(3000).emitWithAck('display-speech', { speak: false })).toMatchObject({
      ok: true,
    });
    expect(await told).toEqual({ userId, speak: false });
    const bad = (await controller.timeout(3000).emitWithAck('controller-speech', { speak: 'off' })) as Ack;
    expect(bad).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid controller-speech: speak/),
    });
    // The display cannot send the phone's event.
    expect(await display.timeout(3000).emitWithAck('controller-speech', { speak: true })).toEqual({
      ok: false,
      error: 'Unknown event',
    });
    display.on('controller-speech', (_p, ack: () => void) => ack());
    const answers = (await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        controller.timeout(5000).emitWithAck('controller-speech', { speak: i % 2 === 0 }),
      ),
    )) as Ack[];
    expect(answers.filter((a) => !a.ok)[0]).toEqual({ ok: false, error: 'Too many key presses' });
  });

  it('says when the other side is not there', async () => {
    const s = await newSession();
    const controller = await open({ role: 'controller', pin: s.pin, controllerKey: newKey() });
    expect(await controller.timeout(3000).emitWithAck('sync-display', {})).toEqual({
      ok: true,
      delivered: false,
    });
  });
});

describe.skipIf(!(await canTestDatabase()))('realtime handshake limit', () => {
  it('refuses a client address after too many handshakes in a minute (pin guessing)', async () => {
    const t = await buildTestApp({ rateLimits: { socketHandshakesPerMinute: 3 } });
    const opened: Socket[] = [];
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const attempt = (pin: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(`http://127.0.0.1:${port}/tests`, {
            path: '/socket.io',
            transports: ['websocket'],
            reconnection: false,
            auth: { role: 'controller', pin, controllerKey: crypto.randomBytes(16).toString('base64url') },
          });
          opened.push(socket);
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (error) => resolve(error.message));
        });
      const answers = [];
      for (const pin of ['AAAAAAAA', 'BBBBBBBB', 'CCCCCCCC', 'DDDDDDDD', 'EEEEEEEE'])
        answers.push(await attempt(pin));
      expect(answers).toEqual([
        'Test session not found',
        'Test session not found',
        'Test session not found',
        'Too many attempts, please wait a minute and try again',
        'Too many attempts, please wait a minute and try again',
      ]);
    } finally {
      opened.forEach((s) => s.disconnect());
      await t.close();
    }
  });
});
