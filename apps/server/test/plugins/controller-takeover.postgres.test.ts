import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { CONTROLLER_TAKEOVER_GRACE_MS, REALTIME_ERRORS, type SessionState } from '@visus/contracts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { call, register } from '../helpers/build-app';
import { buildInstance, untilInstancesMeet } from '../helpers/instances';
import { canTestDatabase, createThrowawayPostgres } from '../helpers/test-database';

const GRACE = CONTROLLER_TAKEOVER_GRACE_MS;
const TAKEN = REALTIME_ERRORS.controllerTaken;

/**
 * Issue 15 with two instances on one PostgreSQL (scale-out behind nginx): the phone, the display and a
 * new phone may each be on a different instance. Whether the phone is still connected is asked of every
 * instance, its leaving time is in the database, and one conditional update decides a takeover.
 */
describe.skipIf(!(await canTestDatabase()))('controller takeover across two instances', () => {
  let drop: () => Promise<void>;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const instances: Array<{
    app: Awaited<ReturnType<typeof buildInstance>>;
    url: string;
    database: DatabaseHandle;
  }> = [];
  let sockets: Socket[] = [];
  const states = new WeakMap<Socket, SessionState>();

  beforeAll(async () => {
    const pg = await createThrowawayPostgres();
    drop = pg.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
      const app = await buildInstance(database, {}, { now });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      instances.push({ app, database, url: `http://127.0.0.1:${port}` });
    }
    await untilInstancesMeet(instances.map(({ app }) => app));
  });
  afterEach(() => {
    sockets.forEach((s) => s.disconnect());
    sockets = [];
  });
  afterAll(async () => {
    for (const instance of instances) await instance.app.close();
    await drop?.();
  });

  const newKey = () => crypto.randomBytes(16).toString('base64url');
  const base = (i: 0 | 1) => instances[i]!.url;

  function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
    const socket = connect(`${url}/tests`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    socket.on('session-state', (state: SessionState) => states.set(socket, state));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }
  const attempt = (url: string, pin: string, controllerKey: string) =>
    open(url, { role: 'controller', pin, controllerKey }).then(
      () => 'connected',
      (error: Error) => error.message,
    );

  /** A display on instance A and its phone on instance B. */
  async function pairAcross() {
    const a = instances[0]!;
    const owner = await register(a.app);
    const res = await call(a.app, 'POST', '/tests/session', { token: owner.token, body: { chart: 'Sloan' } });
    const pin = (res.body.data as { pin: string }).pin;
    const display = await open(base(0), { role: 'display', token: owner.token, pin });
    const key = newKey();
    const phone = await open(base(1), { role: 'controller', pin, controllerKey: key });
    await expect.poll(() => states.get(display)?.controllerConnected, { timeout: 10_000 }).toBe(true);
    return { pin, display, phone, key };
  }
  async function leave(display: Socket, phone: Socket) {
    phone.disconnect();
    await expect.poll(() => states.get(display)?.controllerConnected, { timeout: 10_000 }).toBe(false);
  }

  it('refuses a phone on A while the phone on B is connected or within the grace, then exactly one of four phones racing on both takes over', async () => {
    const { pin, display, phone, key } = await pairAcross();
    expect(await attempt(base(0), pin, newKey())).toBe(TAKEN);

    await leave(display, phone);
    offset += GRACE - 1000;
    expect(await attempt(base(0), pin, newKey())).toBe(TAKEN);

    offset += 1001;
    const answers = await Promise.all([
      attempt(base(0), pin, newKey()),
      attempt(base(1), pin, newKey()),
      attempt(base(0), pin, newKey()),
      attempt(base(1), pin, newKey()),
    ]);
    expect(answers.filter((a) => a === 'connected')).toHaveLength(1);
    expect(answers.filter((a) => a === TAKEN)).toHaveLength(3);
    await expect.poll(() => states.get(display)?.controllerConnected, { timeout: 10_000 }).toBe(true);
    // The first phone, back on either instance, is refused.
    expect(await attempt(base(1), pin, key)).toBe(TAKEN);
    expect(await attempt(base(0), pin, key)).toBe(TAKEN);
  });

  it('keeps the session for the bound phone that moved from B to A', async () => {
    const { pin, display, phone, key } = await pairAcross();
    const moved = await open(base(0), { role: 'controller', pin, controllerKey: key });
    phone.disconnect();
    // Its connection on A keeps it there, whatever B recorded when its own connection closed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    offset += GRACE + 1;
    expect(await attempt(base(1), pin, newKey())).toBe(TAKEN);
    expect(states.get(display)?.controllerConnected).toBe(true);
    await leave(display, moved);
    offset += GRACE + 1;
    expect(await attempt(base(1), pin, newKey())).toBe('connected');
  });
});
