/**
 * Issue 25 items 5 and 6: Lighthouse (12.2, which runs on Node 20) with Debian's Chromium on the main
 * screens, guest and signed in, as a phone (Lighthouse's mobile preset: a mid-range phone, 4× slower
 * CPU, slow 4G, simulated) and as a desktop. For each screen and form factor: the performance score,
 * CLS, Total Blocking Time, LCP and the unused JavaScript Lighthouse finds, median of N runs. Prints a
 * table and one JSON line; run by hand, never by `npm test`.
 *
 *   npm run build && npm run bench:lighthouse [-- --runs 3] [--form mobile|desktop] [--only results,tests]
 *   WEB_DIST=/some/other/dist npm run bench:lighthouse   (another build, e.g. one kept from before a change)
 *   npm run bench:lighthouse -- --only results --save /tmp/lh   (each run's report as JSON, for its audits)
 *   npm run bench:lighthouse -- --via h2   (through nginx with TLS and HTTP/2, as deploy/nginx serves a phone)
 *   npm run bench:lighthouse -- --form mobile --cpu calibrated   (the phone's CPU slowdown from this machine's
 *     BenchmarkIndex, as Lighthouse's docs say to calibrate; or --cpu 4 for a fixed one; default: Lighthouse's)
 *
 * It builds nothing and measures apps/web/dist as it is, on the real server (as `npm run serve` runs
 * it, embedded database). A person, with 30 saved results and a card calibration, and an admin are
 * made first; a signed-in screen gets its token in localStorage before the app starts. Each run starts
 * from an empty HTTP cache (a first visit). Scores depend on the machine's load: say how busy it was.
 * And on the machine's speed: every run's BenchmarkIndex (Lighthouse's CPU benchmark) is in the table, and
 * `--cpu calibrated` measures it first (median of 5 on a blank page) and sets the mobile CPU slowdown that
 * emulates Lighthouse's target phone from it (cpu-calibration.ts); the desktop form is never slowed.
 *
 * `--via h2` puts nginx in front (bench/clinic/nginx.ts with `tls`: deploy/nginx's proxy settings, `listen
 * ssl http2`, a self-signed certificate for the run) and loads the screens from it. Lighthouse's simulated
 * slow 4G then sees what a deployment gives a phone: one multiplexed connection. Straight from Node it is
 * HTTP/1.1, six connections, and each further file waits for a free one (bench/web/README.md, "the
 * simulated LCP is round trips").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { type Config, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { VisusServer } from '../../e2e/support/visus-server';
import { startNginx, type Front } from '../clinic/nginx';
import { makeRecords } from '../load/fixtures';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { api, calibratedBenchPerson, CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from './bench-setup';
import { calibratedCpuSlowdown } from './cpu-calibration';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// WEB_DIST (the server's own setting) measures another build, e.g. one kept from before a change.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}
const RUNS = Number(flag('runs') ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs needs a positive integer');
const FORMS = (flag('form') ?? 'mobile,desktop').split(',') as Array<'mobile' | 'desktop'>;
const ONLY = flag('only')?.split(',');
const VIA = flag('via') ?? 'node';
if (VIA !== 'node' && VIA !== 'h2') throw new Error('--via takes node (HTTP/1.1, the default) or h2 (nginx)');
// --save <dir>: every run's full Lighthouse report (JSON) goes there, e.g. to read its main-thread audits.
const SAVE = flag('save');
// --cpu calibrated | <multiplier>: the mobile form's CPU slowdown (Lighthouse's own 4× when left out).
const CPU = flag('cpu');
if (CPU !== undefined && CPU !== 'calibrated' && !(Number(CPU) >= 1))
  throw new Error('--cpu takes calibrated or a multiplier ≥ 1');
if (SAVE) fs.mkdirSync(SAVE, { recursive: true });

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('bench:lighthouse measures the built web app: run `npm run build` first.');
  process.exit(1);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Screen {
  name: string;
  route: string;
  /** Whose token is in localStorage (none: a guest). */
  as?: 'person' | 'admin';
  path: () => Promise<string>;
}

interface Run {
  score: number;
  cls: number;
  tbtMs: number;
  lcpMs: number;
  unusedJsKib: number;
  /** Lighthouse's CPU benchmark of this run's host (lhr.environment.benchmarkIndex). */
  benchmarkIndex: number;
}

const admin = { email: 'bench.admin@example.org', password: 'bench admin 12345', name: 'Bench Admin' };
const server = new VisusServer();
let context: BrowserContext | undefined;
let front: Front | undefined;
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-lighthouse-'));
try {
  await server.createAccount({ ...admin, role: 'admin' });
  await server.start();
  const base = server.url;
  if (VIA === 'h2') front = await startNginx([Number(new URL(base).port)], { tls: true });
  // Where the browser loads the screens from; the set-up above and below talks to the server itself.
  const origin = front?.url ?? base;
  const signedUp = await calibratedBenchPerson(base);
  const { newPin } = signedUp;
  const tokens = { person: signedUp.token, admin: await signIn(base, admin) };
  // A results list with a chart: 30 results over two years (the load benchmark's records).
  let seed = 25;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (const record of makeRecords(random, 30, Date.now()))
    await api(base, 'PUT', '/tests/results', record, tokens.person);

  const allScreens: Screen[] = [
    { name: 'landing', route: '/', path: async () => '/' },
    { name: 'login', route: '/login', path: async () => '/login' },
    { name: 'controller', route: '/controller/{pin}', path: async () => `/controller/${await newPin()}` },
    { name: 'dashboard', route: '/user/dashboard', as: 'person', path: async () => '/user/dashboard' },
    { name: 'results', route: '/user/results', as: 'person', path: async () => '/user/results' },
    { name: 'tests', route: '/user/tests', as: 'person', path: async () => '/user/tests' },
    { name: 'admin', route: '/admin/dashboard', as: 'admin', path: async () => '/admin/dashboard' },
    { name: 'users', route: '/admin/profiles', as: 'admin', path: async () => '/admin/profiles' },
  ];
  const screens = allScreens.filter((screen) => !ONLY || ONLY.includes(screen.name));

  // One Chromium, shared with Lighthouse through its debugging port; storage is set here per run.
  const port = 9300 + Math.floor(Math.random() * 500);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      ...CHROMIUM_ARGS,
      ...(front ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const setup = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(setup);
  await setup.goto(`${origin}/favicon.svg`);

  // The mobile CPU slowdown: Lighthouse's default, a fixed one, or one calibrated to this machine now.
  let cpuSlowdown: number | undefined = CPU && CPU !== 'calibrated' ? Number(CPU) : undefined;
  let calibrationIndex: number | undefined;
  if (CPU === 'calibrated') {
    const indexes: number[] = [];
    for (let i = 0; i < 5; i += 1)
      indexes.push(await setup.evaluate(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    calibrationIndex = median(indexes);
    const multiplier = calibratedCpuSlowdown(calibrationIndex);
    if (multiplier === null)
      throw new Error(`BenchmarkIndex ${calibrationIndex}: too slow a machine to emulate Lighthouse's phone`);
    cpuSlowdown = Math.round(multiplier * 10) / 10;
    console.error(
      `BenchmarkIndex ${indexes.join(', ')} → median ${calibrationIndex}: CPU slowdown ${cpuSlowdown}×`,
    );
  }

  const rows: Array<{ screen: Screen; form: string; runs: Run[] }> = [];
  for (const screen of screens) {
    for (const form of FORMS) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const token = screen.as ? tokens[screen.as] : null;
        await setup.evaluate((value) => {
          localStorage.clear();
          if (value) localStorage.setItem('token', value);
        }, token);
        await cdp.send('Network.clearBrowserCache');
        const flags: Flags = {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
          ...(form === 'mobile' && cpuSlowdown !== undefined
            ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } as Flags['throttling'] }
            : {}),
        };
        // On a busy machine Lighthouse now and then loses the trace (NO_NAVSTART): that load is run again.
        let lhr;
        for (let attempt = 1; ; attempt += 1) {
          const result = await lighthouse(
            `${origin}${await screen.path()}`,
            flags,
            form === 'desktop' ? (desktopConfig as Config) : undefined,
          );
          lhr = result?.lhr;
          if (!lhr) throw new Error(`Lighthouse gave no report for ${screen.route}`);
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`${screen.route}: ${lhr.runtimeError.message}`);
          console.error(`${screen.route}: ${lhr.runtimeError.code}, again`);
        }
        if (SAVE)
          fs.writeFileSync(path.join(SAVE, `${screen.name}-${form}-${i + 1}.json`), JSON.stringify(lhr));
        const audit = (id: string) => lhr.audits[id];
        const unused = audit('unused-javascript')?.details as { overallSavingsBytes?: number } | undefined;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          cls: audit('cumulative-layout-shift')?.numericValue ?? 0,
          tbtMs: audit('total-blocking-time')?.numericValue ?? 0,
          lcpMs: audit('largest-contentful-paint')?.numericValue ?? 0,
          unusedJsKib: (unused?.overallSavingsBytes ?? 0) / 1024,
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      }
      rows.push({ screen, form, runs });
      const m = (key: keyof Run) => median(runs.map((run) => run[key]));
      console.error(
        `${screen.route} ${form}: performance ${m('score')} (${runs.map((r) => r.score).join(', ')}), ` +
          `CLS ${m('cls').toFixed(3)}, TBT ${Math.round(m('tbtMs'))} ms, unused JS ${Math.round(m('unusedJsKib'))} KiB`,
      );
    }
  }

  const load = os.loadavg()[0]!.toFixed(1);
  console.log(
    `\nLighthouse ${RUNS} run(s) each, median, ${VIA === 'h2' ? 'through nginx (TLS, HTTP/2)' : 'from Node (HTTP/1.1)'}; ` +
      `load average now ${load} on ${os.cpus().length} cores; mobile CPU slowdown ` +
      `${cpuSlowdown === undefined ? "Lighthouse's 4×" : `${cpuSlowdown}×`}` +
      `${calibrationIndex === undefined ? '' : ` (calibrated: BenchmarkIndex ${calibrationIndex})`}\n`,
  );
  console.log(
    '| screen | route | form | performance (runs) | CLS | TBT ms | LCP ms | unused JS KiB | BenchmarkIndex |',
  );
  console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: |');
  const summary = rows.map(({ screen, form, runs }) => {
    const m = (key: keyof Run) => median(runs.map((run) => run[key]));
    console.log(
      `| ${screen.name} | \`${screen.route}\` | ${form} | ${m('score')} (${runs.map((r) => r.score).join(', ')}) | ` +
        `${m('cls').toFixed(3)} | ${Math.round(m('tbtMs'))} | ${Math.round(m('lcpMs'))} | ${Math.round(m('unusedJsKib'))} | ` +
        `${Math.round(m('benchmarkIndex'))} |`,
    );
    return {
      screen: screen.name,
      route: screen.route,
      form,
      performance: m('score'),
      scores: runs.map((r) => r.score),
      cls: Number(m('cls').toFixed(4)),
      tbtMs: Math.round(m('tbtMs')),
      lcpMs: Math.round(m('lcpMs')),
      unusedJsKib: Math.round(m('unusedJsKib')),
      benchmarkIndex: Math.round(m('benchmarkIndex')),
    };
  });
  console.log(
    `\n${JSON.stringify({ bench: 'lighthouse', runs: RUNS, via: VIA, loadAverage: Number(load), mobileCpuSlowdown: cpuSlowdown ?? 4, calibrationIndex: calibrationIndex ?? null, screens: summary })}`,
  );
} finally {
  await context?.close();
  front?.stop();
  await server.dispose();
  fs.rmSync(profile, { recursive: true, force: true });
}
