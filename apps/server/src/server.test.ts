import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The process as `npm run serve` starts it: config checks, PGlite in DATA_DIR, graceful shutdown. */
describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-proc-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('fails fast with one line on invalid configuration', async () => {
    const proc = run({ PORT: 'abc', DATA_DIR: dataDir, REGISTRATION: 'closed' });
    expect(await proc.exited).toBe(2);
    expect(proc.output().trim().split('\n')).toHaveLength(1);
    expect(proc.output()).toMatch(/^Invalid configuration: PORT: .*; REGISTRATION: /);
  });

  it('serves, then on SIGTERM closes the database and releases the data folder', async () => {
    const port = await freePort();
    const proc = run({ PORT: String(port), DATA_DIR: dataDir });
    let healthy = false;
    for (let i = 0; i < 200 && !healthy; i++) {
      healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 100));
    }
    expect(healthy).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'visus.lock'))).toBe(true);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'visus.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  }, 60_000);
});
