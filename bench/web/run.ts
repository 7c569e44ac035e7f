/**
 * Web budgets (issue 9 part 6): for each screen, the JavaScript and CSS a browser actually downloads
 * to show it (gzip size), and in headless Chromium the Largest Contentful Paint, Cumulative Layout
 * Shift and long tasks of the landing, login, phone controller and test screens, median of N cold
 * loads each, against the real server (as `npm run serve` runs it) on loopback. Baseline in the same
 * run: the LCP of a minimal static HTML page from a bare node:http server. Prints a table and one JSON line.
 *
 *   npm run build && node --import tsx bench/web/run.ts [--runs 3]
 *
 * It builds nothing: it measures apps/web/dist as it is. Every load is a fresh browser context (empty
 * cache, like a first visit). Sizes are what the page fetched up to the moment it stopped fetching
 * scripts and styles; the Web Vitals reporter, which the app downloads when the browser is idle
 * (SPEC.md §7), is counted apart, as "idle". Gzip sizes are zlib's default level (6) of each file,
 * whatever the server sent: the Visus server itself does not compress (see README.md).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { VisusServer } from '../../e2e/support/visus-server';
import { calibratedBenchPerson, CHROMIUM_ARGS, CHROMIUM_PATH } from './bench-setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');

function intFlag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}
const RUNS = intFlag('runs', 3);

/** Issue 9 part 6. */
const BUDGET = {
  /** Initial JS (gzip KB) of the landing and login screens, and of the phone controller. */
  jsKbLanding: 170,
  jsKbController: 120,
  lcpMs: 1500,
  cls: 0.05,
};

/**
 * Chunks the app loads when the browser is idle, after the screen is up (SPEC.md §7: the Web Vitals
 * reporter). They, and the files only they import, are not part of the initial JS.
 */
const IDLE_CHUNKS = [/\/report-web-vitals-[\w-]+\.js$/];
/** The page is "settled" once it has fetched no script or style for this long. */
const QUIET_MS = 1500;
/** Largest contributors listed per screen. */
const COMPOSITION_TOP = 15;
const SETTLE_TIMEOUT_MS = 20_000;

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error(
    `bench:web measures the built web app, and ${path.relative(root, dist)}/index.html does not exist.\n` +
      'Run `npm run build` first, then `npm run bench:web`.',
  );
  process.exit(1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const kb = (bytes: number) => bytes / 1024;

interface Asset {
  url: string;
  kind: 'js' | 'css';
  bytes: number;
  gzip: number;
  /** Loaded only for an idle chunk (see IDLE_CHUNKS and markIdle). */
  idle: boolean;
  /** Files this one imports statically (`import … from"./x.js"`), as URL paths. */
  imports: string[];
}

interface PaintStats {
  /** ms from navigation start; null when the page painted no LCP candidate. */
  lcp: number | null;
  /** Largest session window of layout shifts (web.dev/cls: gaps < 1 s, windows ≤ 5 s). */
  cls: number;
  longTasks: number;
  longTaskMs: number;
  /** Sum over long tasks of the part beyond 50 ms (Total Blocking Time without the FCP/TTI bounds). */
  blockingMs: number;
}

interface Load {
  assets: Asset[];
  paint: PaintStats;
}

/**
 * Runs before any script of the page: buffered observers for LCP, layout shifts and long tasks,
 * kept on `window.__visusBench`. Layout shifts right after input do not count (as in CLS). It is a
 * string, not a function, because tsx wraps named functions in a helper the page does not have.
 */
const OBSERVE_PAINT = `(() => {
  const state = { lcp: null, shifts: [], tasks: [] };
  window.__visusBench = state;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // entry type not supported: the figure stays empty
    }
  };
  observe('largest-contentful-paint', (e) => { state.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) state.shifts.push({ t: e.startTime, v: e.value }); });
  observe('longtask', (e) => { state.tasks.push(e.duration); });
})();`;

/** Static imports of a built chunk (minified: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{…}from"./x.js"`); not `import("./x.js")`. */
function staticImports(url: string, code: string): string[] {
  const dir = url.slice(0, url.lastIndexOf('/') + 1);
  const found = new Set<string>();
  for (const match of code.matchAll(
    /\b(?:import(?!\s*\()|export)\s*(?:[\w$\s{},*]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    found.add(`${dir}${match[1]}`);
  }
  return [...found];
}

/**
 * Marks the files fetched only because of an idle chunk: the idle chunks themselves and the static
 * imports of theirs that nothing else fetched needs. Everything reachable through static imports from
 * a non-idle root (the entry, a route's lazy chunk, a stylesheet) stays initial, even if the idle
 * chunk asked for it first.
 */
function markIdle(assets: Asset[]): Asset[] {
  const byUrl = new Map(assets.map((a) => [a.url, a]));
  const imported = new Set(assets.flatMap((a) => a.imports));
  const needed = new Set<string>();
  const visit = (url: string) => {
    if (needed.has(url)) return;
    needed.add(url);
    for (const next of byUrl.get(url)?.imports ?? []) visit(next);
  };
  for (const asset of assets) {
    const isRoot = !imported.has(asset.url);
    if (isRoot && !IDLE_CHUNKS.some((re) => re.test(asset.url))) visit(asset.url);
  }
  return assets.map((a) => ({ ...a, idle: !needed.has(a.url) }));
}

async function readPaint(page: Page): Promise<PaintStats> {
  const raw = await page.evaluate(() => {
    const s = (
      window as unknown as {
        __visusBench: { lcp: number | null; shifts: { t: number; v: number }[]; tasks: number[] };
      }
    ).__visusBench;
    return { lcp: s.lcp, shifts: [...s.shifts], tasks: [...s.tasks] };
  });
  let cls = 0;
  let current = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const { t, v } of raw.shifts.sort((a, b) => a.t - b.t)) {
    if (t - last < 1000 && t - first < 5000) current += v;
    else {
      current = v;
      first = t;
    }
    last = t;
    cls = Math.max(cls, current);
  }
  return {
    lcp: raw.lcp,
    cls,
    longTasks: raw.tasks.length,
    longTaskMs: raw.tasks.reduce((a, b) => a + b, 0),
    blockingMs: raw.tasks.reduce((a, b) => a + Math.max(0, b - 50), 0),
  };
}

/** One cold load of `url` in a fresh context: what it fetched, and its paint figures once settled. */
async function load(
  browser: Browser,
  url: string,
  options: BrowserContextOptions,
  token?: string,
): Promise<Load> {
  const context = await browser.newContext(options);
  try {
    if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
    await context.addInitScript({ content: OBSERVE_PAINT });
    const page = await context.newPage();
    const pending: Promise<Asset | undefined>[] = [];
    let lastAsset = Date.now();
    page.on('response', (response) => {
      const assetUrl = new URL(response.url());
      const kind = /\.js$/.test(assetUrl.pathname)
        ? 'js'
        : /\.css$/.test(assetUrl.pathname)
          ? 'css'
          : undefined;
      if (!kind || response.status() >= 400) return;
      lastAsset = Date.now();
      pending.push(
        response.body().then(
          (body) => ({
            url: assetUrl.pathname,
            kind,
            bytes: body.length,
            gzip: zlib.gzipSync(body).length,
            idle: false,
            imports: kind === 'js' ? staticImports(assetUrl.pathname, body.toString('utf8')) : [],
          }),
          () => undefined,
        ),
      );
    });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response || response.status() >= 400) throw new Error(`${url} answered ${response?.status()}`);
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while (Date.now() - lastAsset < QUIET_MS && Date.now() < deadline) await sleep(100);
    const paint = await readPaint(page);
    // Leaving the page hides it: the app's own Web Vitals reporter sends its beacon now.
    await page.goto('about:blank');
    const assets = markIdle((await Promise.all(pending)).filter((a): a is Asset => a !== undefined));
    return { assets, paint };
  } finally {
    await context.close();
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map mappings segment (base64 VLQ: 5 data bits per digit, sign in the lowest bit). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package or app folder a bundled source came from: `react-dom`, `@mui/material`, `apps/web/src/lib/api`. */
function ownerOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = source.slice(modules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  const ours =
    /(packages\/[^/]+)\//.exec(source) ?? /(?:^|\/)src\/((?:app|lib|features)\/[^/.]+)/.exec(source);
  return ours ? (ours[1]!.startsWith('packages/') ? ours[1]! : `apps/web/src/${ours[1]!}`) : source;
}

/**
 * What the given built files are made of: minified bytes per package or app folder, from the source
 * maps Vite writes next to each chunk (every generated byte up to the next mapping belongs to the
 * source of its mapping).
 */
function composition(files: string[]): Map<string, number> {
  const owners = new Map<string, number>();
  for (const file of files) {
    const jsPath = path.join(dist, file);
    const mapPath = `${jsPath}.map`;
    if (!fs.existsSync(mapPath)) {
      owners.set('(no source map)', (owners.get('(no source map)') ?? 0) + fs.statSync(jsPath).size);
      continue;
    }
    const code = fs.readFileSync(jsPath, 'utf8').split('\n');
    const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as { sources: string[]; mappings: string };
    let source = 0;
    map.mappings.split(';').forEach((line, lineIndex) => {
      const lineLength = (code[lineIndex] ?? '').length;
      let column = 0;
      let start = 0;
      let owner = '(unmapped)';
      const add = (end: number) => {
        owners.set(owner, (owners.get(owner) ?? 0) + Math.max(0, end - start));
      };
      for (const segment of line ? line.split(',') : []) {
        const [dc, ds] = decodeSegment(segment);
        column += dc ?? 0;
        add(column);
        start = column;
        if (ds !== undefined) {
          source += ds;
          owner = ownerOf(map.sources[source] ?? '(unmapped)');
        } else owner = '(unmapped)';
      }
      add(lineLength);
    });
  }
  return owners;
}

/** A minimal static page (a heading and a paragraph) from a bare HTTP server: the LCP floor of this machine. */
async function startBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
    '<body><h1>Visus</h1><p>Self-administered eye testing on a calibrated screen.</p></body></html>';
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const server = new VisusServer();
const baseline = await startBaseline();
let browser: Browser | undefined;
try {
  await server.start();
  const base = server.url;

  // A person signs up, signs in through the API and calibrates this window (the test screen needs it).
  const { token, newPin } = await calibratedBenchPerson(base);

  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

  interface Screen {
    name: string;
    /** The route pattern, as the table shows it. */
    route: string;
    url: () => Promise<string>;
    options: BrowserContextOptions;
    token?: string;
    jsBudgetKb?: number;
    /** Measure LCP, CLS and long tasks (median of RUNS loads); otherwise one load for sizes only. */
    paint: boolean;
  }
  const screens: Screen[] = [
    {
      name: 'landing',
      route: '/',
      url: async () => `${base}/`,
      options: DESKTOP,
      jsBudgetKb: BUDGET.jsKbLanding,
      paint: true,
    },
    {
      name: 'login',
      route: '/login',
      url: async () => `${base}/login`,
      options: DESKTOP,
      jsBudgetKb: BUDGET.jsKbLanding,
      paint: true,
    },
    { name: 'connect', route: '/connect', url: async () => `${base}/connect`, options: PHONE, paint: false },
    {
      name: 'controller',
      route: '/controller/{pin}',
      url: async () => `${base}/controller/${await newPin()}`,
      options: PHONE,
      jsBudgetKb: BUDGET.jsKbController,
      paint: true,
    },
    {
      name: 'tests',
      route: '/user/tests',
      url: async () => `${base}/user/tests`,
      options: DESKTOP,
      token,
      paint: false,
    },
    {
      name: 'test screen',
      route: '/user/test/{pin}',
      url: async () => `${base}/user/test/${await newPin()}`,
      options: DESKTOP,
      token,
      paint: true,
    },
  ];

  const rows = [];
  for (const screen of screens) {
    const loads: Load[] = [];
    for (let run = 0; run < (screen.paint ? RUNS : 1); run++) {
      loads.push(await load(browser, await screen.url(), screen.options, screen.token));
    }
    const first = loads[0]!;
    const sum = (kind: Asset['kind'], idle: boolean, field: 'gzip' | 'bytes') =>
      first.assets.filter((a) => a.kind === kind && a.idle === idle).reduce((s, a) => s + a[field], 0);
    const lcps = loads.map((l) => l.paint.lcp).filter((v): v is number => v !== null);
    const jsKb = kb(sum('js', false, 'gzip'));
    const lcp = screen.paint && lcps.length ? median(lcps) : null;
    const cls = screen.paint ? median(loads.map((l) => l.paint.cls)) : null;
    rows.push({
      screen: screen.name,
      route: screen.route,
      jsFiles: first.assets.filter((a) => a.kind === 'js' && !a.idle).length,
      jsKbGzip: +jsKb.toFixed(1),
      jsKbRaw: +kb(sum('js', false, 'bytes')).toFixed(1),
      cssKbGzip: +kb(sum('css', false, 'gzip')).toFixed(1),
      idleJsKbGzip: +kb(sum('js', true, 'gzip')).toFixed(1),
      jsBudgetKb: screen.jsBudgetKb ?? null,
      jsMet: screen.jsBudgetKb === undefined ? null : jsKb <= screen.jsBudgetKb,
      loads: loads.length,
      lcpMs: lcp === null ? null : Math.round(lcp),
      lcpLoadsWithEntry: screen.paint ? lcps.length : null,
      lcpMet: screen.paint ? lcp !== null && lcp <= BUDGET.lcpMs : null,
      cls: cls === null ? null : +cls.toFixed(4),
      clsMet: cls === null ? null : cls <= BUDGET.cls,
      longTasks: screen.paint ? median(loads.map((l) => l.paint.longTasks)) : null,
      longTaskMs: screen.paint ? Math.round(median(loads.map((l) => l.paint.longTaskMs))) : null,
      blockingMs: screen.paint ? Math.round(median(loads.map((l) => l.paint.blockingMs))) : null,
      files: first.assets.map((a) => `${a.url.replace(/^\/assets\//, '')}${a.idle ? ' (idle)' : ''}`),
      // Minified KB per package or app folder in the initial JS (from the source maps), largest first.
      composition: [
        ...composition(first.assets.filter((a) => a.kind === 'js' && !a.idle).map((a) => a.url)).entries(),
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, COMPOSITION_TOP)
        .map(([owner, bytes]) => ({ owner, kb: +kb(bytes).toFixed(1) })),
    });
  }

  const baselineLoads: Load[] = [];
  for (let run = 0; run < RUNS; run++) baselineLoads.push(await load(browser, baseline.url, DESKTOP));
  const baselineLcps = baselineLoads.map((l) => l.paint.lcp).filter((v): v is number => v !== null);
  const baselineLcp = baselineLcps.length ? Math.round(median(baselineLcps)) : null;

  // The app's own reports (POST /api/v1/vitals), one server log line per metric.
  await sleep(500);
  const reported = server.log.split('\n').filter((line) => line.includes('"msg":"web vital"'));
  const reportedRoutes = [...new Set(reported.map((line) => /"route":"([^"]+)"/.exec(line)?.[1]))].sort();

  const show = (v: unknown) => (v === null || v === undefined ? '—' : String(v));
  const met = (v: boolean | null) => (v === null ? '' : v ? ' met' : ' NOT MET');
  console.log(
    `Web budgets: cold loads in headless Chromium on loopback; LCP/CLS/long tasks median of ${RUNS}`,
  );
  console.log(
    'screen        route               JS gzip KB (files)   raw KB  CSS KB  idle KB  LCP ms        CLS            long tasks (ms, TBT)',
  );
  for (const r of rows) {
    const js = `${r.jsKbGzip} (${r.jsFiles})${r.jsBudgetKb === null ? '' : ` ≤${r.jsBudgetKb}${met(r.jsMet)}`}`;
    console.log(
      `${r.screen.padEnd(12)}  ${r.route.padEnd(18)}  ${js.padEnd(25)}  ${String(r.jsKbRaw).padStart(6)}  ` +
        `${String(r.cssKbGzip).padStart(6)}  ${String(r.idleJsKbGzip).padStart(7)}  ` +
        `${`${show(r.lcpMs)}${met(r.lcpMet)}`.padEnd(12)}  ${`${show(r.cls)}${met(r.clsMet)}`.padEnd(13)}  ` +
        (r.longTasks === null ? '—' : `${r.longTasks} (${r.longTaskMs} ms, TBT ${r.blockingMs} ms)`),
    );
  }
  console.log(
    `${'baseline'.padEnd(12)}  ${'static HTML'.padEnd(18)}  ${''.padEnd(25)}  ${''.padStart(6)}  ${''.padStart(6)}  ${''.padStart(7)}  ${show(baselineLcp)}`,
  );
  console.log(
    `Budgets: initial JS ≤ ${BUDGET.jsKbLanding} KB gzip (landing, login), ≤ ${BUDGET.jsKbController} KB (controller); ` +
      `LCP ≤ ${BUDGET.lcpMs} ms; CLS ≤ ${BUDGET.cls}. KB = 1024 bytes.`,
  );
  for (const r of rows.filter((row) => row.jsBudgetKb !== null)) {
    const total = r.composition.reduce((a, c) => a + c.kb, 0);
    console.log(
      `\nInitial JS of ${r.screen} (${r.route}), minified KB by package or folder (top ${COMPOSITION_TOP}):`,
    );
    for (const c of r.composition) {
      console.log(
        `  ${c.owner.padEnd(44)} ${String(c.kb).padStart(7)}  ${((100 * c.kb) / r.jsKbRaw).toFixed(1).padStart(5)} %`,
      );
    }
    console.log(`  ${'(the rest)'.padEnd(44)} ${(r.jsKbRaw - total).toFixed(1).padStart(7)}`);
  }
  console.log(
    `\nThe app's own Web Vitals reports that reached POST /api/v1/vitals: ${reported.length} metrics, routes ${reportedRoutes.join(', ')}`,
  );
  console.log(
    JSON.stringify({
      bench: 'web',
      runs: RUNS,
      budget: BUDGET,
      baselineLcpMs: baselineLcp,
      vitalsReported: reported.length,
      rows,
    }),
  );
} finally {
  await browser?.close();
  await baseline.close();
  await server.dispose();
}
process.exit(0);
