import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../helpers/test-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The README's first-admin command line, as a person would paste it at the repository root. */
function readmeFirstAdminLine(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split('## The first admin account')[1]?.split('\n## ')[0] ?? '';
  const line = /```sh\n(npm run user:create[^\n]*)\n```/.exec(section)?.[1];
  if (!line) throw new Error('README.md has no `npm run user:create` line under "The first admin account"');
  return line;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/*
 * Issue 19: the README's first-admin command used to write to apps/server/data (npm runs a workspace's
 * script in that workspace's folder) while `npm start` / `npm run serve` used ./data, so the new admin
 * could not sign in, and run while the server was up it "succeeded" in the other folder. This runs the
 * README's line at the repository root, then the server through a workspace script, and signs in.
 * DATA_DIR is a relative folder of its own (resolved exactly as the default `./data` is) so that the
 * test never touches a developer's ./data.
 */
describe.skipIf(TEST_DB_KIND !== 'pglite')("the README's first-admin lines", () => {
  const dataDirName = `.test-data-${crypto.randomBytes(4).toString('hex')}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: `./${dataDirName}`, LOG_LEVEL: 'warn' };
  delete env.INIT_CWD; // as in a fresh shell: npm sets it itself
  let server: ReturnType<typeof spawn> | undefined;

  afterAll(async () => {
    if (server?.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    fs.rmSync(path.join(root, dataDirName), { recursive: true, force: true });
    fs.rmSync(path.join(root, 'apps/server', dataDirName), { recursive: true, force: true });
  });

  it('creates the admin in the folder the server uses, which then signs them in', async () => {
    const line = readmeFirstAdminLine();
    const created = spawnSync('sh', ['-c', line], { cwd: root, env, encoding: 'utf8' });
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Created admin account you@clinic.example`);
    expect(created.stdout).toContain(path.join(root, dataDirName, 'pglite'));
    expect(fs.existsSync(path.join(root, 'apps/server', dataDirName))).toBe(false);

    // `npm run serve` runs the server's workspace script (in apps/server), as `npm start` serves ./data.
    const port = await freePort();
    server = spawn('npm', ['run', 'serve'], {
      cwd: root,
      env: { ...env, PORT: String(port), WEB_DIST: './no-web-app-here' },
      stdio: 'ignore',
      detached: true,
    });
    const base = `http://127.0.0.1:${port}/api/v1`;
    const deadline = Date.now() + 40_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const email = /--email (\S+)/.exec(line)![1]!;
    const password = /--password '([^']+)'/.exec(line)![1]!;
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(200);

    // Run again while the server holds the folder: refused, naming the folder, nothing written elsewhere.
    const again = spawnSync('sh', ['-c', line], { cwd: root, env, encoding: 'utf8' });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain(`The data folder ${path.join(root, dataDirName)} is in use`);
    expect(fs.existsSync(path.join(root, 'apps/server', dataDirName))).toBe(false);
  }, 90_000);
});
