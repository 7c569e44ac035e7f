import crypto from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { controllerEvents, displayEvents, type Ack } from '@visus/contracts';
import { buildTestApp, call, register, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

/**
 * Hostile socket payloads (issue 9): every event of the protocol (names from contracts, so a new event
 * is fuzzed too) plus made-up ones, with generated payloads, from both sides of a session. Whatever is
 * sent: every acknowledgement is `{ ok: true, delivered }` only for a payload the contracts accept and
 * `{ ok: false, error }` otherwise; nothing leaks into another session; rejected events leave the
 * session's stored state alone; the server keeps answering.
 */
const RUNS_PER_SIDE = 150;

const payload = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record(
    {
      userId: fc.oneof(fc.string(), fc.integer()),
      key: fc.oneof(fc.string({ maxLength: 30 }), fc.integer({ min: -1000, max: 1000 }), fc.double()),
      testStatus: fc.oneof(fc.constantFrom('Ready', 'InTest', 'Finished', 'Nope', ''), fc.string()),
      currentStatus: fc.oneof(fc.constantFrom('Ready', 'Checked', 'Bogus'), fc.string()),
      currentTest: fc.oneof(fc.constantFrom('sloan', 'diamond', 'nope', null), fc.string()),
      correction: fc.oneof(fc.string({ maxLength: 80 }), fc.integer()),
      partBMethod: fc.oneof(fc.constantFrom('Grating Method', ''), fc.string()),
      state: fc.oneof(fc.dictionary(fc.string({ maxLength: 70 }), fc.anything({ maxDepth: 2 })), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

describe.skipIf(!(await canTestDatabase()))('fuzzing the realtime protocol', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/tests`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t?.close();
  });

  function open(auth: Record<string, unknown>): Promise<Socket> {
    const socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  async function pairedSession() {
    const owner = await register(t.app);
    const res = await call(t.app, 'POST', '/tests/session', { token: owner.token, body: { chart: 'Sloan' } });
    const pin = (res.body.data as { pin: string }).pin;
    const display = await open({ role: 'display', token: owner.token, pin });
    const controller = await open({
      role: 'controller',
      pin,
      controllerKey: crypto.randomBytes(16).toString('base64url'),
    });
    // receivers acknowledge everything, as real clients must
    const acknowledge = (...args: unknown[]) => {
      const last = args.at(-1);
      if (typeof last === 'function') (last as () => void)();
    };
    display.onAny(acknowledge);
    controller.onAny(acknowledge);
    return { pin, display, controller };
  }

  const storedState = async (pin: string) =>
    JSON.stringify(
      (
        await t.database.db
          .selectFrom('test_sessions')
          .select('state')
          .where('pin', '=', pin)
          .executeTakeFirstOrThrow()
      ).state,
    );

  it('answers every event with a well-formed acknowledgement and keeps sessions apart', async () => {
    const target = await pairedSession();
    const bystander = await pairedSession();
    const leaked: string[] = [];
    // the bystander session may hear about itself (its own session-state), never anything else
    const watch = (who: string) => (event: string, body: unknown) => {
      if (event === 'session-state' && (body as { pin?: string }).pin === bystander.pin) return;
      leaked.push(`${who} got ${event}`);
    };
    bystander.display.onAny(watch('display'));
    bystander.controller.onAny(watch('controller'));

    let tried = 0;
    for (const side of ['display', 'controller'] as const) {
      const schemas: Record<string, { safeParse: (v: unknown) => { success: boolean } }> =
        side === 'display' ? displayEvents : controllerEvents;
      const names = [...Object.keys(displayEvents), ...Object.keys(controllerEvents)];
      const event = fc.oneof(fc.constantFrom(...names), fc.string({ minLength: 1, maxLength: 30 }));
      await fc.assert(
        fc.asyncProperty(event, payload, async (name, body) => {
          tried += 1;
          const socket = target[side];
          // at most 20 keys per second: pace them so that the flood guard is not what answers
          if (name === 'controller-key') await new Promise((resolve) => setTimeout(resolve, 55));
          const before = await storedState(target.pin);
          const ack = (await socket.timeout(8000).emitWithAck(name, body)) as Ack;
          const valid = schemas[name]?.safeParse(body).success === true;
          if (valid) {
            expect(ack, `${side} ${name}`).toMatchObject({ ok: true });
          } else {
            expect(ack, `${side} ${name} ${JSON.stringify(body)?.slice(0, 200)}`).toEqual({
              ok: false,
              error: expect.any(String),
            });
            expect(await storedState(target.pin), `${side} ${name} changed the session`).toBe(before);
          }
        }),
        { numRuns: RUNS_PER_SIDE, seed: 20261122 },
      );
    }
    console.info(`fuzz: ${tried} generated socket events`);
    expect(leaked).toEqual([]);
    expect((await call(t.app, 'GET', '/health')).status).toBe(200);
  }, 300_000);
});
