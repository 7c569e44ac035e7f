/**
 * nginx in front of the clinic day's instances, configured as apps/server/test/deployment/nginx.postgres
 * .test.ts does: the `map` block of deploy/nginx/visus.conf and deploy/nginx/visus-proxy.conf as written,
 * round-robin over the instances, every writable path in a temporary folder.
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
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

export async function startNginx(ports: number[]): Promise<Front> {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!nginx) throw new Error('nginx is not installed (apt-get install nginx, or run with --no-postgres)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-clinic-nginx-'));
  const map = /map \$http_upgrade \$connection_upgrade \{[^}]*\}/.exec(
    fs.readFileSync(path.join(NGINX_DIR, 'visus.conf'), 'utf8'),
  );
  if (!map) throw new Error('deploy/nginx/visus.conf lost its $connection_upgrade map');
  const port = await freePort();
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
    `  server {\n    listen 127.0.0.1:${port};\n    location / {\n      include ${path.join(NGINX_DIR, 'visus-proxy.conf')};\n    }\n  }`,
    '}',
  ].join('\n');
  const file = path.join(dir, 'nginx.conf');
  fs.writeFileSync(file, conf);
  execFileSync(nginx, ['-t', '-q', '-c', file, '-p', dir], { stdio: 'pipe' });
  const child = spawn(nginx, ['-c', file, '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`nginx did not come up on ${url}`);
}
