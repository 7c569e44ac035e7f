import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { canTestDatabase, createThrowawayPostgres } from '../helpers/test-database';

/**
 * Issue 9: secrets are never logged. The real server process (as `npm run serve` starts it, at the most
 * verbose level) goes through a whole journey — register, failed and good sign-ins, reset by mail,
 * password change, invites, a test session paired with a phone, a share link opened, deletion — and its
 * complete log is searched for every password, token, reset code, invite code, pin, controller key and
 * share-link token that passed.
 * It runs on PostgreSQL so that the test can promote an account to admin while the server holds the
 * database (PGlite allows one process).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe.skipIf(!(await canTestDatabase()))('secrets in the server log', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-secrets-'));
  let output = '';
  let base = '';
  let databaseUrl = '';
  let drop: (() => Promise<void>) | undefined;
  let child: ReturnType<typeof spawn> | undefined;
  const secrets = new Map<string, string>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const throwaway = await createThrowawayPostgres();
    drop = throwaway.drop;
    databaseUrl = throwaway.url;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'trace',
        LOG_FORMAT: 'json',
        JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      },
    });
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    for (let i = 0; i < 300; i++) {
      const up = await fetch(`${base}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function keep<T extends string>(name: string, value: T): T {
    secrets.set(name, value);
    return value;
  }

  async function api(method: string, url: string, options: { token?: string; body?: unknown } = {}) {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: options.token } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  function open(auth: Record<string, unknown>): Promise<Socket> {
    const socket = connect(`${base}/tests`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function latestMailLink(): string {
    const outbox = path.join(dataDir, 'outbox');
    const file = fs.readdirSync(outbox).sort().at(-1)!;
    const text = fs
      .readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    return /reset-password\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  }

  it('never writes a password, token, reset code, invite code, pin or controller key', async () => {
    const email = `secrets.${Date.now()}@example.org`;
    const first = keep('first password', 'first secret passphrase 7');
    const registered = await api('POST', '/auth/register', {
      body: { name: 'Secret Keeper', email, password: first, dob: '1979-05-06' },
    });
    expect(registered.status).toBe(201);
    keep('register token', registered.body.token as string);
    expect(
      (await api('POST', '/auth/login', { body: { email, password: keep('wrong', 'not my password 9') } }))
        .status,
    ).toBe(401);
    const login = await api('POST', '/auth/login', { body: { email, password: first } });
    const token = keep('login token', login.body.token as string);
    expect((await api('GET', '/auth/current', { token })).status).toBe(200);
    // the same token the other accepted way
    expect((await api('GET', '/auth/current', { token: `Bearer ${token}` })).status).toBe(200);

    await api('POST', '/auth/forgotpassword', { body: { email } });
    await expect.poll(() => fs.existsSync(path.join(dataDir, 'outbox'))).toBe(true);
    const resetCode = keep('reset code', latestMailLink());
    await fetch(`${base}/reset-password/${resetCode}`);
    const second = keep('second password', 'second secret passphrase 8');
    const reset = await api('PUT', `/auth/resetpassword/${resetCode}`, { body: { password: second } });
    expect(reset.status).toBe(200);
    const afterReset = keep('reset token', reset.body.token as string);
    const third = keep('third password', 'third secret passphrase 9');
    const changed = await api('PUT', '/auth/updatepassword', {
      token: afterReset,
      body: { currentPassword: second, newPassword: third },
    });
    expect(changed.status).toBe(200);
    keep('changed token', changed.body.token as string);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`update users set role = 'admin' where email = $1`, [email]);
    await client.end();
    const admin = keep(
      'admin token',
      (await api('POST', '/auth/login', { body: { email, password: third } })).body.token as string,
    );
    const invited = `invited.${Date.now()}@example.org`;
    const invite = await api('POST', '/admin/invites', {
      token: admin,
      body: { email: invited, role: 'user' },
    });
    expect(invite.status).toBe(201);
    const code = keep('invite code', /invite=(.+)$/.exec((invite.body.data as { link: string }).link)![1]!);
    expect((await api('GET', `/auth/invite/${code}`)).status).toBe(200);
    await fetch(`${base}/register?invite=${code}`);
    const invitedPassword = keep('invited password', 'invited secret passphrase 1');
    const joined = await api('POST', '/auth/register', {
      body: {
        name: 'Invited Person',
        email: invited,
        password: invitedPassword,
        dob: '1990-01-02',
        inviteCode: code,
      },
    });
    expect(joined.status).toBe(201);
    const invitedToken = keep('invited token', joined.body.token as string);

    const session = await api('POST', '/tests/session', { token: invitedToken, body: { chart: 'Sloan' } });
    const pin = keep('pin', (session.body.data as { pin: string }).pin);
    expect((await api('GET', `/tests/session/${pin}`, { token: invitedToken })).status).toBe(200);
    await fetch(`${base}/user/test/${pin}`);
    await fetch(`${base}/controller/${pin}`);
    await fetch(`${base}/connect?pin=${pin}`);
    const display = await open({ role: 'display', token: invitedToken, pin });
    display.on('controller-key', (_payload: unknown, ack: () => void) => ack());
    const controllerKey = keep('controller key', crypto.randomBytes(16).toString('base64url'));
    const phone = await open({ role: 'controller', pin, controllerKey });
    expect(await phone.timeout(5000).emitWithAck('controller-key', { key: 'K' })).toMatchObject({ ok: true });
    const guess = keep('guessed pin', 'ZZZZ2222');
    await open({ role: 'controller', pin: guess, controllerKey }).catch(() => undefined);
    await open({ role: 'display', token: keep('forged token', 'eyJhbGciOiJub25lIn0.e30.'), pin }).catch(
      () => undefined,
    );
    expect((await api('PATCH', `/tests/session/${pin}`, { token: invitedToken })).status).toBe(200);

    // A share link (issue 19 item 5): its token travels in the path of the page and of the API.
    const start = Date.UTC(2026, 0, 31, 9, 30);
    const saved = await api('PUT', '/tests/results', {
      token: invitedToken,
      body: {
        setup: {
          date: new Date(start).toISOString(),
          units: 'm',
          correction: 'None',
          testMode: true,
          singleTest: 'sloan',
        },
        data: { start, end: start + 60_000, sloan: { right: { va: 0.1, rounds: 20, loopLength: 30 } } },
      },
    });
    expect(saved.status).toBe(201);
    const resultId = (saved.body.data as { _id: string })._id;
    const link = await api('POST', `/tests/results/${resultId}/share-links`, {
      token: invitedToken,
      body: {},
    });
    expect(link.status).toBe(201);
    const shareToken = keep(
      'share link token',
      /\/shared\/(.+)$/.exec((link.body.data as { url: string }).url)![1]!,
    );
    await fetch(`${base}/shared/${shareToken}`);
    expect((await api('GET', `/shared/${shareToken}`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/shared/${shareToken}/export?format=fhir`)).status).toBe(200);
    expect((await api('DELETE', '/auth', { token: invitedToken })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));

    // the log is a real one: requests and the realtime link were logged
    expect(output).toContain('incoming request');
    expect(output).toContain('realtime');
    expect(output).toContain('[redacted]');
    const found = [...secrets].filter(([, value]) => output.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
  }, 120_000);
});
