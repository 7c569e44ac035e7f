// Browser tests use Debian's Chromium, never a downloaded browser. Install it when it is missing and
// we may (root with apt-get); otherwise say exactly what to do.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  console.error(
    `Chromium is missing at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests…');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync(
  'apt-get',
  ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core'],
  {
    stdio: 'inherit',
    env,
  },
);
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing`);
  process.exit(1);
}
