/**
 * nginx in front of the clinic day's instances, configured as apps/server/test/deployment/nginx.postgres
 * .test.ts does: the `map` block of deploy/nginx/visus.conf and deploy/nginx/visus-proxy.conf as written,
 * round-robin over the instances, every writable path in a temporary folder.
 *
 * `{ tls: true }` listens as deploy/nginx/visus.conf's public server does, `ssl http2`, with a
 * self-signed certificate made by openssl for the run (bench/web/lighthouse.ts `--via h2`: what a phone
 * gets from a deployment, one multiplexed connection instead of HTTP/1.1's six). The browser must then
 * be started with `--ignore-certificate-errors`.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NGINX_DIR = path.join(root, 'deploy/nginx');

export interface Front {
  url: string;
  stop(): void;
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

/** Whether `url` answers 200 yet (over TLS our own self-signed certificate is accepted). */
function answers(url: string): Promise<boolean> {
  if (!url.startsWith('https:'))
    return fetch(url).then(
      (response) => response.ok,
      () => false,
    );
  return new Promise((resolve) => {
    const request = https.get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

export async function startNginx(ports: number[], options: { tls?: boolean } = {}): Promise<Front> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx, or run with --no-postgres)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-clinic-nginx-'));
  const map = /map \$http_upgrade \$connection_upgrade \{[^}]*\}/.exec(
    fs.readFileSync(path.join(NGINX_DIR, 'visus.conf'), 'utf8'),
  );
  if (!map) throw new Error('deploy/nginx/visus.conf lost its $connection_upgrade map');
  const port = await freePort();
  let listen = `listen 127.0.0.1:${port};`;
  if (options.tls) {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    try {
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
          '/CN=127.0.0.1',
          '-keyout',
          key,
          '-out',
          cert,
        ],
        { stdio: 'pipe' },
      );
    } catch (error) {
      throw new Error(`openssl could not make a certificate (apt-get install openssl): ${String(error)}`, {
        cause: error,
      });
    }
    listen = `listen 127.0.0.1:${port} ssl http2;\n    ssl_certificate ${cert};\n    ssl_certificate_key ${key};`;
  }
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${path.join(dir, `${name}-temp`)};`)
    .join('\n');
  const conf = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    temp,
    `  ${map[0]}`,
    `  upstream visus {\n${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}\n  }`,
    `  server {\n    ${listen}\n    location / {\n      include ${path.join(NGINX_DIR, 'visus-proxy.conf')};\n    }\n  }`,
    '}',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  execFileSync(nginx, ['-t', '-q', '-c', file, '-p', dir], { stdio: 'pipe' });
  const child = spawn(nginx, ['-c', file, '-p', dir], { stdio: 'ignore' });
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (await answers(`${url}/api/v1/health`)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`nginx did not come up on ${url}`);
}
