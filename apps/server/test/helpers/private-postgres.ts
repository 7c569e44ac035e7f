import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Throw-away PostgreSQL clusters for the tests: the server tests' shared one (postgres-global-setup.ts)
 * and the restart fault test's own. Each lives in a temporary folder (data, log, socket), listens on a free
 * port on 127.0.0.1 only and trusts the `postgres` database user; the machine's own server, if any, is
 * never touched.
 */

/** Debian's layout: /usr/lib/postgresql/<major>/bin (not on PATH), newest major first; `VISUS_PG_BIN` overrides. */
export function postgresBin(): string | undefined {
  if (process.env.VISUS_PG_BIN) return process.env.VISUS_PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const majors = fs
    .readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return majors
    .map((v) => path.join(base, v, 'bin'))
    .find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
}

export async function freePort(): Promise<number> {
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

const FOLDER_PREFIX = 'visus-pg-';
const OWNER_FILE = 'owner.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A throw-away cluster in a temporary folder. initdb refuses to run as root, so as root the tools run as
 * the `postgres` system user (`runuser`) and the folder is handed to that user. The folder records the
 * process that made it (`owner.pid`) so that a later run can remove a cluster whose owner was killed
 * before it could clean up (`sweepOrphans`).
 */
export class PrivateCluster {
  readonly dir: string;
  readonly dataDir: string;
  readonly logFile: string;
  port = 0;
  private readonly bin: string;
  private readonly asRoot = process.getuid?.() === 0;

  /**
   * @param name  part of the temporary folder's name
   * @param settings  server settings beyond the defaults (`-c name=value`)
   */
  constructor(
    name: string,
    private readonly settings: Record<string, string> = {},
  ) {
    const bin = postgresBin();
    if (!bin)
      throw new Error('PostgreSQL cluster tools (initdb, pg_ctl) not found under /usr/lib/postgresql');
    this.bin = bin;
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), `${FOLDER_PREFIX}${name}-`));
    this.dataDir = path.join(this.dir, 'data');
    this.logFile = path.join(this.dir, 'postgres.log');
    fs.writeFileSync(path.join(this.dir, OWNER_FILE), String(process.pid));
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** The tools' version, e.g. `PostgreSQL 15.20 (Debian 15.20-0+deb12u1)`. */
  get version(): string {
    return this.run('pg_ctl', ['--version'])
      .trim()
      .replace(/^pg_ctl \(PostgreSQL\)/, 'PostgreSQL');
  }

  private run(tool: string, args: string[]): string {
    return runTool(this.bin, this.asRoot, tool, args, this.logFile);
  }

  async init(): Promise<void> {
    if (this.asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(this.dir, uid, gid);
    }
    this.port = await freePort();
    this.run('initdb', ['-D', this.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }

  start(): void {
    // Its own port and its own socket folder: the shared server's socket in /var/run/postgresql is untouched.
    const settings = { listen_addresses: '127.0.0.1', fsync: 'off', ...this.settings };
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      ...Object.entries(settings).map(([key, value]) => `-c ${key}=${value}`),
    ].join(' ');
    this.run('pg_ctl', ['start', '-D', this.dataDir, '-l', this.logFile, '-w', '-t', '30', '-o', options]);
  }

  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    this.run('pg_ctl', ['stop', '-D', this.dataDir, '-m', mode, '-w', '-t', '30']);
  }

  running(): boolean {
    return clusterRunning(this.bin, this.asRoot, this.dataDir);
  }

  /** Stops the server if it runs and removes the folder; synchronous, so it may run in an exit handler. */
  dispose(): void {
    try {
      if (this.running()) this.stop('immediate');
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }

  /**
   * Removes the clusters of test runs that died without cleaning up (owner process gone): stops a server
   * still running on one and deletes its folder. Folders of live runs are left alone.
   */
  static sweepOrphans(): void {
    const bin = postgresBin();
    for (const entry of fs.readdirSync(os.tmpdir())) {
      if (!entry.startsWith(FOLDER_PREFIX)) continue;
      const dir = path.join(os.tmpdir(), entry);
      let owner: number;
      try {
        owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
      } catch {
        continue;
      }
      if (!Number.isInteger(owner) || owner <= 0 || alive(owner)) continue;
      try {
        const dataDir = path.join(dir, 'data');
        if (bin && clusterRunning(bin, process.getuid?.() === 0, dataDir)) {
          runTool(bin, process.getuid?.() === 0, 'pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
        }
        fs.rmSync(dir, { recursive: true, force: true });
      } catch (error) {
        console.warn(`Could not remove the orphaned PostgreSQL test cluster ${dir}: ${String(error)}`);
      }
    }
  }
}

function runTool(bin: string, asRoot: boolean, tool: string, args: string[], logFile?: string): string {
  const file = path.join(bin, tool);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    return execFileSync(command, argv, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
  } catch (error) {
    const log = logFile && fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`${tool} ${args.join(' ')} failed: ${stderr}\n${log}`, { cause: error });
  }
}

function clusterRunning(bin: string, asRoot: boolean, dataDir: string): boolean {
  if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return false;
  try {
    runTool(bin, asRoot, 'pg_ctl', ['status', '-D', dataDir]);
    return true;
  } catch {
    return false;
  }
}
