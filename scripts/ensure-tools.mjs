// The test suite needs programs from Debian, never downloaded binaries: Chromium for the browser tests,
// nginx for the deployment test (deploy/nginx) and PostgreSQL's server programs for the server tests'
// private cluster (apps/server/test/helpers/private-postgres.ts), needed unless VISUS_TEST_PG_URL names
// a server to use. Install what is missing when we may (root with apt-get, one `apt-get update`);
// otherwise say exactly what to do.
//
//   node scripts/ensure-tools.mjs              everything `npm test` needs
//   node scripts/ensure-tools.mjs postgresql   only PostgreSQL (the server tests' global setup)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian puts the server programs in /usr/lib/postgresql/<major>/bin (not on PATH); VISUS_PG_BIN overrides. */
function hasPostgresServer() {
  const hasTools = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((t) => fs.existsSync(path.join(dir, t)));
  if (process.env.VISUS_PG_BIN) return hasTools(process.env.VISUS_PG_BIN);
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((major) => hasTools(path.join(base, major, 'bin')));
}

const tools = {
  chromium: {
    packages: ['chromium', 'fonts-dejavu-core'],
    present: () => fs.existsSync(chromium),
    otherwise: 'set CHROMIUM_PATH to a Chromium binary',
  },
  nginx: {
    packages: ['nginx'],
    present: () => ['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => fs.existsSync(p)),
  },
  postgresql: {
    packages: ['postgresql'],
    present: hasPostgresServer,
    otherwise: "set VISUS_PG_BIN to PostgreSQL's bin folder or VISUS_TEST_PG_URL to a server to use",
  },
};

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in tools)) {
    console.error(`ensure-tools: unknown tool ${name} (known: ${Object.keys(tools).join(', ')})`);
    process.exit(2);
  }
}
const wanted =
  asked.length > 0 ? asked : ['chromium', 'nginx', ...(process.env.VISUS_TEST_PG_URL ? [] : ['postgresql'])];
const absent = wanted.filter((name) => !tools[name].present());
if (absent.length === 0) process.exit(0);
const missing = absent.flatMap((name) => tools[name].packages);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  const otherwise = absent.flatMap((name) => tools[name].otherwise ?? []);
  console.error(
    `Missing for the tests: ${missing.join(', ')}. Install Debian's packages ` +
      `(sudo apt-get install -y ${missing.join(' ')})` +
      (otherwise.length > 0 ? ` or ${otherwise.join('; ')}.` : '.'),
  );
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} from Debian for the tests…`);
// The tests start their own nginx and PostgreSQL on free ports; services the packages may start (nginx on
// port 80, PostgreSQL's "main" cluster on 5432) are not used.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
const still = absent.filter((name) => !tools[name].present());
if (still.length > 0) {
  console.error(`apt-get finished but still missing: ${still.join(', ')}`);
  process.exit(1);
}
