import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildTestApp, register, type TestApp } from '../helpers/build-app';
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

  it('closes cleanly with sockets connected', async () => {
    const person = await register(t.app);
    expect(await attempt('/', person.token)).toBe('connected');
  });
});
