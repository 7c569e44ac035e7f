// The test suite needs two programs from Debian, never downloaded binaries: Chromium for the browser
// tests and nginx for the deployment test (deploy/nginx). Install what is missing when we may (root with
// apt-get); otherwise say exactly what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const nginxPaths = ['/usr/sbin/nginx', '/usr/bin/nginx'];

const missing = [];
if (!fs.existsSync(chromium)) missing.push('chromium', 'fonts-dejavu-core');
if (!nginxPaths.some((p) => fs.existsSync(p))) missing.push('nginx');
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Missing for the tests: ${missing.join(', ')}. Install Debian's packages ` +
      `(sudo apt-get install -y ${missing.join(' ')}) or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} from Debian for the tests…`);
// The tests start their own nginx on free ports; a service the package may start on port 80 is not used.
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing`);
  process.exit(1);
}
