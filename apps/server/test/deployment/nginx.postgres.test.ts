import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { Ack } from '@visus/contracts';
import { openDatabase } from '../../src/db/database';
import { buildInstance, untilInstancesMeet } from '../helpers/instances';
import { canTestDatabase, createThrowawayPostgres } from '../helpers/test-database';

/**
 * The nginx front of docs/deployment.md, run for real: deploy/nginx/visus.conf must pass `nginx -t` as
 * written, and nginx with deploy/nginx/visus-proxy.conf in front of two Visus instances on one PostgreSQL
 * database must carry the REST API and Socket.IO (long-polling, then the WebSocket upgrade) — sticky by
 * client address, and also round-robin with WebSocket-only clients, where display and phone land on
 * different instances and the PostgreSQL adapter relays between them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const NGINX_DIR = path.join(root, 'deploy/nginx');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));

function nginxAvailable(): boolean {
  if (NGINX) return true;
  if (process.env.CI === 'true') {
    throw new Error(
      'nginx is missing: CI must test the deployment config (scripts/ensure-tools.mjs installs it)',
    );
  }
  console.warn('Skipping the nginx deployment test: nginx is not installed (apt-get install nginx)');
  return false;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The `map` block of the production file, reused as written. */
function productionMapBlock(): string {
  const conf = fs.readFileSync(path.join(NGINX_DIR, 'visus.conf'), 'utf8');
  const map = /map \$http_upgrade \$connection_upgrade \{[^}]*\}/.exec(conf);
  if (!map) throw new Error('deploy/nginx/visus.conf lost its $connection_upgrade map');
  return map[0];
}

/** The production upstream's `keepalive` line (connections to the instances reused), as written. */
function productionKeepalive(): string {
  const conf = fs.readFileSync(path.join(NGINX_DIR, 'visus.conf'), 'utf8');
  const upstream = /upstream visus \{[^}]*\}/.exec(conf)?.[0] ?? '';
  const keepalive = /^\s*keepalive \d+;/m.exec(upstream);
  if (!keepalive) throw new Error('deploy/nginx/visus.conf lost its upstream keepalive');
  return keepalive[0].trim();
}

/** A main nginx.conf around `http` content, with every writable path inside `dir`. */
function mainConf(dir: string, httpBody: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, `${name}-temp`)};`)
    .join('\n');
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  access_log off;',
    temp,
    httpBody,
    '}',
  ].join('\n');
}

interface Front {
  url: string;
  process: ChildProcess;
}

async function startNginx(dir: string, httpBody: string): Promise<Front> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, mainConf(dir, httpBody));
  execFileSync(NGINX!, ['-t', '-q', '-c', file, '-p', dir], { stdio: 'pipe' });
  const port = /listen 127\.0\.0\.1:(\d+)/.exec(httpBody)![1];
  const child = spawn(NGINX!, ['-c', file, '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`nginx did not come up on ${url}: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
}

describe.skipIf(!(await canTestDatabase()) || !nginxAvailable())('nginx in front of two instances', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-nginx-'));
  const apps: Array<Awaited<ReturnType<typeof buildInstance>>> = [];
  const fronts: Front[] = [];
  const sockets: Socket[] = [];
  let drop: (() => Promise<void>) | undefined;
  let sticky: Front;
  let roundRobin: Front;

  beforeAll(async () => {
    const pg = await createThrowawayPostgres();
    drop = pg.drop;
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ kind: 'postgres', url: pg.url, poolSize: 4 });
      const app = await buildInstance(database, { TRUST_PROXY: 'true' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      ports.push(typeof address === 'object' && address ? address.port : 0);
      apps.push(app);
    }
    await untilInstancesMeet(apps);
    const upstreams = ports.map((port) => `    server 127.0.0.1:${port};`).join('\n');
    const server = (port: number) =>
      `  server {\n    listen 127.0.0.1:${port};\n    location / {\n      include ${path.join(NGINX_DIR, 'visus-proxy.conf')};\n    }\n  }`;
    sticky = await startNginx(
      path.join(work, 'sticky'),
      `${productionMapBlock()}\n  upstream visus {\n    ip_hash;\n${upstreams}\n    ${productionKeepalive()}\n  }\n${server(await freePort())}`,
    );
    roundRobin = await startNginx(
      path.join(work, 'round-robin'),
      `${productionMapBlock()}\n  upstream visus {\n${upstreams}\n    ${productionKeepalive()}\n  }\n${server(await freePort())}`,
    );
    fronts.push(sticky, roundRobin);
  });

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const front of fronts) front.process.kill('SIGTERM');
    for (const app of apps) await app.close();
    await drop?.();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function api(base: string, method: string, url: string, token?: string, body?: unknown) {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: token } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function newSession(base: string) {
    const email = `nginx-${crypto.randomBytes(6).toString('hex')}@example.org`;
    const registered = await api(base, 'POST', '/auth/register', undefined, {
      name: 'Nginx Person',
      email,
      password: 'a sound passphrase 42',
      dob: '1980-04-02',
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    const created = await api(base, 'POST', '/tests/session', token, { chart: 'Landolt C' });
    expect(created.status).toBe(201);
    return { token, pin: (created.body.data as { pin: string }).pin };
  }

  function open(base: string, auth: Record<string, unknown>, transports: string[]): Promise<Socket> {
    const socket = connect(`${base}/tests`, { path: '/socket.io', transports, reconnection: false, auth });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  async function pairAndRelay(base: string, transports: string[]) {
    const { token, pin } = await newSession(base);
    const display = await open(base, { role: 'display', token, pin }, transports);
    const keys: unknown[] = [];
    display.on('controller-key', (payload: { key: unknown }, ack: () => void) => {
      keys.push(payload.key);
      ack();
    });
    const controllerKey = crypto.randomBytes(16).toString('base64url');
    const phone = await open(base, { role: 'controller', pin, controllerKey }, transports);
    const ack = (await phone.timeout(8000).emitWithAck('controller-key', { key: 135 })) as Ack;
    return { display, phone, ack, keys };
  }

  it('passes `nginx -t` with the production file as written', () => {
    const dir = path.join(work, 'production');
    fs.mkdirSync(dir, { recursive: true });
    const key = path.join(dir, 'privkey.pem');
    const cert = path.join(dir, 'fullchain.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=visus.example.org',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'pipe' },
    );
    // Only the file locations change: where the certificate and the proxy snippet live on this machine.
    const conf = fs
      .readFileSync(path.join(NGINX_DIR, 'visus.conf'), 'utf8')
      .replace('/etc/ssl/visus/fullchain.pem', cert)
      .replace('/etc/ssl/visus/privkey.pem', key)
      .replace('/etc/nginx/visus-proxy.conf', path.join(NGINX_DIR, 'visus-proxy.conf'));
    fs.writeFileSync(path.join(dir, 'visus.conf'), conf);
    const main = path.join(dir, 'nginx.conf');
    fs.writeFileSync(main, mainConf(dir, `  include ${path.join(dir, 'visus.conf')};`));
    const result = spawnSync(NGINX!, ['-t', '-c', main, '-p', dir], { encoding: 'utf8' });
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });

  it('carries the API and upgrades Socket.IO from long-polling to WebSocket (sticky)', async () => {
    const health = await api(sticky.url, 'GET', '/health');
    expect(health.status).toBe(200);
    const { display, phone, ack, keys } = await pairAndRelay(sticky.url, ['polling', 'websocket']);
    expect(ack).toEqual({ ok: true, delivered: true });
    expect(keys).toEqual([135]);
    await expect.poll(() => display.io.engine.transport.name, { timeout: 10_000 }).toBe('websocket');
    await expect.poll(() => phone.io.engine.transport.name, { timeout: 10_000 }).toBe('websocket');
  });

  it('reuses its connections to the instances for API requests (upstream keepalive)', async () => {
    // Each instance counts the TCP connections it accepts: with the production keepalive and map, twenty
    // requests one after another reach the (sticky) instance over one connection, not twenty.
    let accepted = 0;
    const count = () => accepted++;
    for (const app of apps) app.server.on('connection', count);
    try {
      for (let i = 0; i < 20; i++) expect((await api(sticky.url, 'GET', '/health')).status).toBe(200);
    } finally {
      for (const app of apps) app.server.off('connection', count);
    }
    expect(accepted).toBeLessThanOrEqual(1);
  });

  it('relays between instances when round-robin puts display and phone on different ones', async () => {
    const before = apps.map((app) => app.io.engine.clientsCount);
    const { ack, keys } = await pairAndRelay(roundRobin.url, ['websocket']);
    expect(ack).toEqual({ ok: true, delivered: true });
    expect(keys).toEqual([135]);
    // round-robin: the two sockets went to different instances
    expect(apps.map((app, i) => app.io.engine.clientsCount - before[i]!)).toEqual([1, 1]);
  });
});
