import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type BrowserContext } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * The real Visus server as a person runs it (`node --import tsx apps/server/src/server.ts`), on the
 * embedded database in a fresh data folder, with the built web app. It can be stopped with SIGTERM, or
 * killed with SIGKILL, and started again on the same folder, to prove that nothing is lost across a
 * restart or a crash.
 */
export class VisusServer {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-e2e-'));
  port = 0;
  private child: ChildProcess | undefined;
  log = '';

  /**
   * Made in a Playwright test file (at its top level, as every journey does), the server's log goes with
   * each failed test: attached whole, and its realtime lines, warnings and errors since the test began
   * printed with the failure, so a display that says "reconnecting" comes with the server's side of it;
   * and the accessibility tree of every page the test opened, at the moment of failure (display and phone).
   * The benches (bench/web) make one outside Playwright and skip this.
   */
  constructor() {
    if (process.env.TEST_WORKER_INDEX === undefined) return;
    let from = 0;
    // The worker's browser keeps the contexts earlier tests opened themselves: only this test's pages
    // are printed (those open when the previous test ended are not this test's).
    let earlier = new Set<BrowserContext>();
    test.beforeEach(() => {
      from = this.log.length;
    });
    test.afterEach(async ({ browser }, testInfo) => {
      const opened = browser.contexts().filter((context) => !earlier.has(context));
      earlier = new Set(browser.contexts());
      if (testInfo.status === testInfo.expectedStatus) return;
      await testInfo.attach('server-log', { body: this.log, contentType: 'text/plain' });
      const lines = this.log
        .slice(from)
        .split('\n')
        .filter((line) => /realtime|"level":(40|50|60)/.test(line));
      console.log(
        `--- server log since the test began (${lines.length} lines) ---\n${lines.slice(-80).join('\n')}`,
      );
      // Every page this test opened (the phone's too) as it is now, the server still running.
      // Playwright's own error-context.md, for a failure that is not a locator's (expect.poll, a
      // timeout), is taken after the file's afterAll has stopped this server: a display there says
      // "Connecting to the server again" because the server is gone, not because its link dropped during
      // the test (seen with a poll made to fail on a connected display: this print had no notice,
      // error-context.md had it).
      for (const page of opened.flatMap((context) => context.pages())) {
        const snapshot = await page
          .locator('body')
          .ariaSnapshot({ timeout: 2_000 })
          .catch((error: unknown) => `(no snapshot: ${String(error).split('\n')[0]})`);
        console.log(`--- page ${page.url()} when the test failed ---\n${snapshot.slice(0, 4_000)}`);
      }
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get outboxDir(): string {
    return path.join(this.dataDir, 'outbox');
  }

  async start(): Promise<void> {
    this.port ||= await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: `http://127.0.0.1:${this.port}`,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${this.log}`);
      try {
        const res = await fetch(`${this.url}/api/v1/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`server did not become healthy:\n${this.log}`);
  }

  /**
   * Creates an account with the real CLI (`apps/server/src/cli/user-create.ts`, e.g. the first admin:
   * `['--email', e, '--password', p, '--name', n, '--role', 'admin']`) on this server's data folder.
   * The embedded database has one owner at a time, so call it while the server is stopped.
   */
  /** An account made with the server's CLI (`user-create`), e.g. the first admin. */
  createAccount(who: { email: string; password: string; name: string; role: 'admin' | 'user' | 'tester' }) {
    return this.createUser([
      '--email',
      who.email,
      '--password',
      who.password,
      '--name',
      who.name,
      '--role',
      who.role,
    ]);
  }

  async createUser(args: string[]): Promise<string> {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null)
      throw new Error('stop the server before createUser');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/user-create.ts', ...args],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: this.dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`user-create exited with ${code}:\n${output}`);
    return output;
  }

  /**
   * The README's first-admin line (under "## The first admin account"), run by a shell at the repository
   * root as a person pastes it, on this server's data folder; answers the account it made. Like
   * createUser, call it while the server is stopped.
   */
  async createAdminAsTheReadmeSays(): Promise<{ email: string; password: string; name: string }> {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const section = readme.split('## The first admin account')[1]?.split('\n## ')[0] ?? '';
    const line = /```sh\n(npm run user:create[^\n]*)\n```/.exec(section)?.[1];
    if (!line) throw new Error('README.md has no `npm run user:create` line under "The first admin account"');
    const email = /--email (\S+)/.exec(line)?.[1];
    const password = /--password '([^']+)'/.exec(line)?.[1];
    const name = /--name '([^']+)'/.exec(line)?.[1];
    if (!email || !password || !name) throw new Error(`cannot read the account from: ${line}`);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: this.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    };
    delete env.INIT_CWD; // as in a fresh shell: npm sets it itself
    const child = spawn('sh', ['-c', line], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`the README's user:create line exited with ${code}:\n${output}`);
    return { email, password, name };
  }

  /** Graceful stop (SIGTERM); resolves with the exit code. */
  async stop(): Promise<number | null> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    return exited;
  }

  async restart(): Promise<void> {
    const code = await this.stop();
    if (code !== 0) throw new Error(`server did not shut down cleanly (exit ${code}):\n${this.log}`);
    await this.start();
  }

  /**
   * A crash: SIGKILL (no shutdown hooks, the embedded database is not closed, the data folder's lock file
   * stays behind), wait until the process is gone, then start again on the same data folder and port.
   * Between the two, `whileDown` runs with the server dead (e.g. to see the clients notice).
   */
  async kill(whileDown?: () => Promise<void>): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null)
      throw new Error('the server is not running');
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    child.kill('SIGKILL');
    const signal = await exited;
    if (signal !== 'SIGKILL') throw new Error(`the server exited by ${signal ?? 'itself'}, not by SIGKILL`);
    this.log += '\n--- killed with SIGKILL ---\n';
    await whileDown?.();
    await this.start();
  }

  /** The newest mail in the outbox, decoded enough to read links (quoted-printable soft breaks). */
  latestMail(): string | undefined {
    if (!fs.existsSync(this.outboxDir)) return undefined;
    const files = fs
      .readdirSync(this.outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
    const last = files.at(-1);
    if (!last) return undefined;
    return fs
      .readFileSync(path.join(this.outboxDir, last), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
