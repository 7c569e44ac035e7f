/**
 * Issue 25 item 5: where a screen's main-thread time goes. Opens one screen of the built app the way
 * `lighthouse.ts` does (real server, a person with 30 saved results and a card calibration, an admin),
 * with the CPU slowed 4× as Lighthouse's mobile preset does, records a V8 CPU profile of the load
 * (CDP `Profiler`, 100 µs sampling) until the page has been quiet for 8 s (`--wait`), and prints the functions with
 * the most self time, mapped back to the sources through the build's source maps, then the same time per
 * source file (app folders, npm packages), plus the page's long tasks (TBT = Σ(duration − 50 ms)).
 * Run by hand, never by `npm test`:
 *
 *   npm run build && node --import tsx bench/web/profile.ts [--only results] [--runs 2] [--top 40] [--throttle 1]
 *   WEB_DIST=/some/other/dist node --import tsx bench/web/profile.ts --only results
 *   node --import tsx bench/web/profile.ts --only results --save /tmp/profiles   (the .cpuprofile files too)
 *   node --import tsx bench/web/profile.ts --only results --throttle 1 --tasks 5   (what each long task ran)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type Browser } from '@playwright/test';
import { VisusServer } from '../../e2e/support/visus-server';
import { makeRecords } from '../load/fixtures';
import { api, calibratedBenchPerson, CHROMIUM_ARGS, CHROMIUM_PATH, signIn } from './bench-setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'apps/web/dist');
function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}
const ONLY = (flag('only') ?? 'results').split(',');
const RUNS = Number(flag('runs') ?? 1);
const TOP = Number(flag('top') ?? 40);
// Seconds to keep recording once the network is quiet: the results list draws its chart after that.
const WAIT_S = Number(flag('wait') ?? 8);
// --throttle 1 loads at full speed: the main thread's CPU time is then the page's own cost (with 4× the
// throttler's pauses count in it).
const THROTTLE = Number(flag('throttle') ?? 4);
// --tasks N: for the main thread's N longest tasks, what ran in each (self time, and the app's own functions).
const TASKS = Number(flag('tasks') ?? 0);
// --save <dir>: each load's profile as <screen>-<run>.cpuprofile (opens in Chromium's DevTools).
const SAVE = flag('save');
if (SAVE) fs.mkdirSync(SAVE, { recursive: true });
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('bench/web/profile.ts measures the built web app: run `npm run build` first.');
  process.exit(1);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
function traceMapOf(url: string): TraceMap | null {
  if (maps.has(url)) return maps.get(url)!;
  let map: TraceMap | null = null;
  const file = url.match(/\/assets\/[^?#]+\.js$/)?.[0];
  if (file && fs.existsSync(path.join(dist, `${file}.map`)))
    map = new TraceMap(fs.readFileSync(path.join(dist, `${file}.map`), 'utf8'));
  maps.set(url, map);
  return map;
}

/** Where a sampled frame comes from: "source file: function". */
function origin(frame: ProfileNode['callFrame']): { where: string; file: string } {
  if (!frame.url) return { where: frame.functionName || '(anonymous)', file: frame.functionName || '(v8)' };
  const map = traceMapOf(frame.url);
  const asset = frame.url.replace(/^.*\/assets\//, '');
  if (!map) return { where: `${asset}: ${frame.functionName || '(anonymous)'}`, file: asset };
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? asset)
    .replace(/^.*node_modules\//, '')
    .replace(/^(\.\.\/)+/, '')
    .replace(/^apps\/web\/src\//, '');
  const name = pos.name ?? frame.functionName ?? '(anonymous)';
  // PROFILE_ASSET=1 adds the built file and position, for a frame whose mapping looks wrong.
  const at = process.env.PROFILE_ASSET ? ` [${asset}:${frame.lineNumber + 1}:${frame.columnNumber}]` : '';
  return {
    where: `${source}:${pos.line ?? '?'} ${name || frame.functionName || '(anonymous)'}${at}`,
    file: source,
  };
}

/** Each sample's time (µs, the trace's clock: Chromium stamps both with the same monotonic clock). */
function sampleTimes(profile: Profile): number[] {
  let at = profile.startTime;
  return profile.timeDeltas.map((delta) => (at += delta));
}

/** The profile's samples, or only those taken within [from, to) µs. */
function summarise(profile: Profile, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times = window ? sampleTimes(profile) : [];
  const inWindow = (i: number) => !window || (times[i]! >= window.from && times[i]! < window.to);
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (inWindow(i)) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byWhere = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') continue;
    total += us;
    const { where, file } = origin(node.callFrame);
    byWhere.set(where, (byWhere.get(where) ?? 0) + us);
    const group = file.startsWith('@')
      ? file.split('/').slice(0, 2).join('/')
      : file.includes('/') &&
          !file.startsWith('features') &&
          !file.startsWith('lib') &&
          !file.startsWith('packages')
        ? file.split('/')[0]!
        : file;
    byFile.set(group, (byFile.get(group) ?? 0) + us);
  }
  // Inclusive time of the app's own functions (src/, packages/): each sample counts once per function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (!inWindow(i)) return;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (!node.callFrame.url || node.callFrame.functionName === '(idle)') continue;
      const { where, file } = origin(node.callFrame);
      if (!/^(src|features|lib|app|packages)\//.test(file) || seen.has(where)) continue;
      seen.add(where);
      inclusive.set(where, (inclusive.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0));
    }
  });
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { total, where: top(byWhere), files: top(byFile), inclusive: top(inclusive) };
}

/** The renderer main thread's CPU time (thread time, `tdur`) over its tasks, from a Chromium trace. */
interface MainThread {
  totalMs: number;
  tasks: number;
  largestMs: number[];
  /** The TASKS longest tasks (wall-clock), µs on the trace's clock. */
  longest: Array<{ ts: number; dur: number; tdur: number }>;
}
function mainThreadCpu(json: string): MainThread {
  interface TraceEvent {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string };
  }
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // The page's renderer is the busiest of them (an empty one may exist for the first about:blank).
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'RunTask' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  const cpuOf = (e: TraceEvent) => (e.tdur ?? 0) / 1000;
  const sum = (list: TraceEvent[]) => list.reduce((x, e) => x + cpuOf(e), 0);
  const tasks = [...byThread.values()].sort((a, b) => sum(b) - sum(a))[0] ?? [];
  return {
    totalMs: sum(tasks),
    tasks: tasks.length,
    largestMs: tasks
      .map(cpuOf)
      .sort((a, b) => b - a)
      .slice(0, 5),
    longest: [...tasks]
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, TASKS)
      .sort((a, b) => a.ts - b.ts)
      .map((e) => ({ ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur ?? 0 })),
  };
}

const admin = { email: 'bench.admin@example.org', password: 'bench admin 12345', name: 'Bench Admin' };
const server = new VisusServer();
let browser: Browser | undefined;
try {
  await server.createAccount({ ...admin, role: 'admin' });
  await server.start();
  const base = server.url;
  const signedUp = await calibratedBenchPerson(base);
  const tokens = { person: signedUp.token, admin: await signIn(base, admin) };
  let seed = 25;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (const record of makeRecords(random, 30, Date.now()))
    await api(base, 'PUT', '/tests/results', record, tokens.person);
  const screens = [
    { name: 'dashboard', path: '/user/dashboard', as: 'person' as const },
    { name: 'results', path: '/user/results', as: 'person' as const },
    { name: 'tests', path: '/user/tests', as: 'person' as const },
    { name: 'admin', path: '/admin/dashboard', as: 'admin' as const },
    { name: 'users', path: '/admin/profiles', as: 'admin' as const },
  ].filter((screen) => ONLY.includes(screen.name));

  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  for (const screen of screens) {
    for (let run = 1; run <= RUNS; run += 1) {
      // Lighthouse's mobile screen (412×823, DPR 1.75), a fresh context: a first visit.
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await context.addInitScript((token) => {
        localStorage.setItem('token', token);
        (window as unknown as { __long: number[] }).__long = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            (window as unknown as { __long: number[] }).__long.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      }, tokens[screen.as]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
      // A trace too, for the main thread's own CPU time (thread time: what the page cost, much less
      // dependent on how busy the machine is than the wall-clock samples and long tasks).
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
      await page.goto(`${base}${screen.path}`);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(WAIT_S * 1000);
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const cpu = mainThreadCpu((await browser.stopTracing()).toString());
      if (SAVE)
        fs.writeFileSync(path.join(SAVE, `${screen.name}-${run}.cpuprofile`), JSON.stringify(profile));
      const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
      await context.close();
      const { total, where, files, inclusive } = summarise(profile);
      const tbt = long.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
      console.log(
        `\n## ${screen.path} run ${run}: ${(total / 1000).toFixed(0)} ms of busy samples (4× CPU); long tasks ${long.length} ` +
          `(${long.map((d) => Math.round(d)).join(', ')} ms), TBT ${Math.round(tbt)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`,
      );
      console.log(
        `main thread's CPU time ${Math.round(cpu.totalMs)} ms in ${cpu.tasks} tasks (CPU ${THROTTLE}× slowed); ` +
          `its largest tasks ${cpu.largestMs.map(Math.round).join(', ')} ms`,
      );
      console.log('\n| self ms | function |\n| --: | --- |');
      for (const [name, us] of where) console.log(`| ${(us / 1000).toFixed(1)} | ${name} |`);
      console.log("\n| total ms | the app's own function (with what it calls) |\n| --: | --- |");
      for (const [name, us] of inclusive) console.log(`| ${(us / 1000).toFixed(1)} | ${name} |`);
      console.log('\n| self ms | source |\n| --: | --- |');
      for (const [name, us] of files) console.log(`| ${(us / 1000).toFixed(1)} | ${name} |`);
      const first = cpu.longest[0]?.ts ?? 0;
      for (const task of cpu.longest) {
        const inTask = summarise(profile, { from: task.ts, to: task.ts + task.dur });
        console.log(
          `\n### a task of ${(task.dur / 1000).toFixed(0)} ms (CPU ${(task.tdur / 1000).toFixed(0)} ms), ` +
            `${((task.ts - first) / 1000).toFixed(0)} ms after the first of these`,
        );
        console.log(
          'self: ' +
            inTask.where
              .slice(0, 8)
              .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
              .join('; '),
        );
        console.log(
          'app: ' +
            inTask.inclusive
              .slice(0, 10)
              .map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`)
              .join('; '),
        );
      }
    }
  }
} finally {
  await browser?.close();
  await server.dispose();
}
