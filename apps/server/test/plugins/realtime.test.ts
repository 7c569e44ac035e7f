import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { accountWithRole, buildTestApp, call, register, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

describe.skipIf(!(await canTestDatabase()))('Socket.IO at /socket.io, general namespace', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t?.close();
  });

  function attempt(namespace: string, token?: string): Promise<'connected' | string> {
    const socket = connect(`${url}${namespace}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: token ? { token } : {},
    });
    sockets.push(socket);
    return new Promise((resolve) => {
      socket.on('connect', () => resolve('connected'));
      socket.on('connect_error', (error) => resolve(error.message));
    });
  }

  it('lets a signed-in browser connect to the general namespace', async () => {
    const person = await register(t.app);
    expect(await attempt('/', person.token)).toBe('connected');
  });

  it('refuses a general socket without a valid token', async () => {
    expect(await attempt('/')).toBe('Token is not valid');
    expect(await attempt('/', 'a.b.c')).toBe('Token is not valid');
  });

  /** A connected account socket and every account event it receives, in order. */
  async function accountTab(token: string) {
    const socket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    const heard: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => heard.push({ event, payload }));
    const disconnected = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => resolve(reason)),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, heard, disconnected };
  }

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };

  const RECORD = {
    setup: {
      date: '2026-11-20T10:00:00.000Z',
      units: 'm',
      correction: 'None',
      testMode: true,
      singleTest: 'sloan',
    },
    data: {
      start: Date.parse('2026-11-20T10:00:00.000Z'),
      end: Date.parse('2026-11-20T10:05:00.000Z'),
      sloan: { right: { va: 0.1, rounds: 20, loopLength: 30 } },
    },
  };

  it("tells every tab of the account, and no one else's, that a result was saved", async () => {
    const ada = await register(t.app);
    const other = await register(t.app);
    const [tab1, tab2, stranger] = await Promise.all([
      accountTab(ada.token),
      accountTab(ada.token),
      accountTab(other.token),
    ]);
    const saved = await call(t.app, 'PUT', '/tests/results', { token: ada.token, body: RECORD });
    expect(saved.status).toBe(201);
    const resultId = (saved.body.data as { _id: string })._id;
    await until(() => tab1.heard.length === 1 && tab2.heard.length === 1);
    expect(tab1.heard).toEqual([{ event: 'results-changed', payload: { resultId } }]);
    // A refused record changes nothing and tells no one.
    const bad = await call(t.app, 'PUT', '/tests/results', {
      token: ada.token,
      body: { ...RECORD, data: {} },
    });
    expect(bad.status).toBe(400);
    await new Promise((r) => setTimeout(r, 100));
    expect(tab2.heard).toHaveLength(1);
    expect(stranger.heard).toEqual([]);
  });

  it('tells the account when its details or role change', async () => {
    const ada = await register(t.app);
    const tab = await accountTab(ada.token);
    expect(
      (await call(t.app, 'PUT', '/auth/updatedetails', { token: ada.token, body: { name: 'Ada King' } }))
        .status,
    ).toBe(200);
    await until(() => tab.heard.length === 1);
    expect(tab.heard[0]).toEqual({ event: 'account-changed', payload: {} });

    const admin = await accountWithRole(t, 'admin');
    const user = await accountWithRole(t, 'user');
    const userTab = await accountTab(user.token);
    const role = await call(t.app, 'PUT', `/admin/users/${user.id}/role`, {
      token: admin.token,
      body: { role: 'tester' },
    });
    expect(role.status).toBe(200);
    await until(() => userTab.heard.length === 1);
    expect(userTab.heard[0]).toEqual({ event: 'account-changed', payload: {} });
  });

  it('ends every tab of a deleted account, by the person or by an admin', async () => {
    const ada = await register(t.app);
    const tab = await accountTab(ada.token);
    expect((await call(t.app, 'DELETE', '/auth', { token: ada.token })).status).toBe(200);
    expect(await tab.disconnected).toBe('io server disconnect');
    expect(tab.heard).toEqual([{ event: 'account-ended', payload: { reason: 'deleted' } }]);

    const admin = await accountWithRole(t, 'admin');
    const user = await accountWithRole(t, 'user');
    const userTab = await accountTab(user.token);
    expect((await call(t.app, 'DELETE', `/admin/users/${user.id}`, { token: admin.token })).status).toBe(200);
    expect(await userTab.disconnected).toBe('io server disconnect');
    expect(userTab.heard).toEqual([{ event: 'account-ended', payload: { reason: 'deleted' } }]);
  });

  it('signs every tab out when the password changes, with the new token version, and the new token connects', async () => {
    const ada = await register(t.app);
    const tab = await accountTab(ada.token);
    const changed = await call(t.app, 'PUT', '/auth/updatepassword', {
      token: ada.token,
      body: { currentPassword: ada.password, newPassword: 'another long password 2' },
    });
    expect(changed.status).toBe(200);
    expect(await tab.disconnected).toBe('io server disconnect');
    expect(tab.heard).toEqual([
      { event: 'account-ended', payload: { reason: 'signed-out-everywhere', tokenVersion: 1 } },
    ]);
    // The old token is refused from now on; the new one connects.
    expect(await attempt('/', ada.token)).toBe('Token is not valid');
    expect(await attempt('/', changed.body.token as string)).toBe('connected');
  });

  it('closes cleanly with sockets connected', async () => {
    const person = await register(t.app);
    expect(await attempt('/', person.token)).toBe('connected');
  });
});
