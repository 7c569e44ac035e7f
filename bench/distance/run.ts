/**
 * Camera distance (issue 18, docs/adr/0018): the error of the viewing distance the tracker reports, on
 * real face photos at simulated distances, in headless Chromium. Prints a table and one JSON line.
 *
 *   npm run bench:distance [-- --poses 5] [-- --backend webgl|cpu]
 *
 * The photos are @vladmandic/face-api's demo/sample1–6.jpg (in its MIT-licensed npm tarball). A photo
 * scaled by k is the same face at distance / k: each is drawn into a 640 × 480 grey "camera frame" so
 * that its eye span is what a 640-px webcam with a 60° horizontal field of view (focal length
 * f = 320 / tan 30° = 554 px) sees of a 63-mm span at distance d: s = f × 63 / d. Pose is simulated by
 * rolling the face (±10°) and moving it off-centre by a few px (a photo cannot turn a head: yaw is not
 * simulated). The person's scale is calibrated once per photo, upright and centred at 0.6 m (core
 * `cameraScale`); every other frame is measured with core `eyeSpanFrom68` + `distanceFromEyeSpan`, exactly
 * as the app does. Baseline in the same run: no camera, the person assumed at the planned 0.6 m.
 *
 * Nothing is fetched from outside: the page, face-api and its models are served from this machine.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import {
  cameraScale,
  distanceFromEyeSpan,
  eyeSpanFrom68,
  median,
  type CameraScale,
  type ImagePoint,
} from '@visus/core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const faceApi = path.join(root, 'node_modules/@vladmandic/face-api');

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? fallback : (process.argv[i + 1] ?? fallback);
}
const POSES = Number(flag('poses', '5'));
const BACKEND = flag('backend', 'webgl');

const PHOTOS = ['sample1.jpg', 'sample2.jpg', 'sample3.jpg', 'sample4.jpg', 'sample5.jpg', 'sample6.jpg'];
const DISTANCES_MM = [400, 500, 600, 800, 1000, 1500, 2000, 3000];
const CALIBRATION_MM = 600;
const FRAME = { width: 640, height: 480 };
const FOCAL_PX = FRAME.width / 2 / Math.tan(Math.PI / 6);
const IPD_MM = 63;
/** Landmark nets compared: face-api's tiny (77 KB) and full (357 KB) 68-point models. */
const NETS = [
  { name: 'tiny 68', tiny: true },
  { name: 'full 68', tiny: false },
] as const;
const INPUT_SIZE = 416;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.jpg': 'image/jpeg',
};

function serve(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = url.startsWith('/face-api/')
      ? path.join(faceApi, url.slice('/face-api/'.length))
      : path.join(here, 'page.html');
    if (!file.startsWith(faceApi) && file !== path.join(here, 'page.html')) {
      res.writeHead(404).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) res.writeHead(404).end();
      else
        res
          .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
          .end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
}

interface Measured {
  ms: number;
  points: ImagePoint[] | null;
}

async function main() {
  if (!fs.existsSync(faceApi)) throw new Error('npm ci first: @vladmandic/face-api is not installed');
  const server = await serve();
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(`http://127.0.0.1:${port}/page.html?backend=${BACKEND}`);
    const backend = await page.evaluate(
      () => (window as unknown as { benchReady: Promise<string> }).benchReady,
    );
    const measure = (args: Record<string, unknown>) =>
      page.evaluate(
        (a) => (window as unknown as { measure: (x: unknown) => Promise<Measured> }).measure(a),
        args,
      );

    type Row = { net: string; distanceMm: number; errors: number[]; misses: number; frames: number };
    const rows = new Map<string, Row>();
    const times: Record<string, number[]> = {};
    let photosUsed = 0;
    for (const name of PHOTOS) {
      const ref = await page.evaluate(
        (n) =>
          (window as unknown as { photo: (n: string) => Promise<{ points: ImagePoint[] | null }> }).photo(n),
        name,
      );
      console.error(`${name}: ${ref.points ? 'face found' : 'no face, skipped'}`);
      if (!ref.points) continue;
      photosUsed++;
      const { spanPx: refSpan } = eyeSpanFrom68(ref.points);
      const eyes = ref.points.slice(36, 48);
      const cx = eyes.reduce((a, p) => a + p.x, 0) / eyes.length;
      const cy = eyes.reduce((a, p) => a + p.y, 0) / eyes.length;
      const scaleFor = (d: number) => (FOCAL_PX * IPD_MM) / d / refSpan;
      for (const net of NETS) {
        const frame = (d: number, pose: number) => {
          // Pose 0 is upright and centred; the others roll by up to ±10° and move by up to ±6 px.
          const roll = pose === 0 ? 0 : ((pose * 37) % 21) - 10;
          const shift = pose === 0 ? 0 : ((pose * 13) % 13) - 6;
          return measure({
            name,
            scale: scaleFor(d),
            rollDeg: roll,
            cx: cx + shift / scaleFor(d),
            cy: cy - shift / scaleFor(d),
            ...FRAME,
            tiny: net.tiny,
            inputSize: INPUT_SIZE,
          });
        };
        const cal = await frame(CALIBRATION_MM, 0);
        if (!cal.points) continue;
        const scale: CameraScale = cameraScale(
          CALIBRATION_MM,
          eyeSpanFrom68(cal.points).spanPx,
          FRAME.width,
          'typed',
        );
        for (const d of DISTANCES_MM) {
          const key = `${net.name}|${d}`;
          const row = rows.get(key) ?? { net: net.name, distanceMm: d, errors: [], misses: 0, frames: 0 };
          rows.set(key, row);
          for (let pose = 0; pose < POSES; pose++) {
            const m = await frame(d, pose);
            row.frames++;
            (times[net.name] ??= []).push(m.ms);
            if (!m.points) {
              row.misses++;
              continue;
            }
            const { spanPx, turn } = eyeSpanFrom68(m.points);
            const reading = distanceFromEyeSpan(scale, spanPx, FRAME.width, turn);
            if ('problem' in reading) row.misses++;
            else row.errors.push(Math.abs(reading.distanceMm / d - 1));
          }
        }
      }
    }

    const table: Record<string, unknown>[] = [];
    for (const d of DISTANCES_MM) {
      const baseline = Math.abs(CALIBRATION_MM / d - 1);
      const line: Record<string, unknown> = {
        distance: `${(d / 1000).toFixed(1)} m`,
        'no camera (0.6 m assumed)': pct(baseline),
      };
      for (const net of NETS) {
        const row = rows.get(`${net.name}|${d}`);
        if (!row) continue;
        line[`${net.name} median`] = row.errors.length ? pct(median(row.errors)) : '—';
        line[`${net.name} p95`] = row.errors.length ? pct(p95(row.errors)) : '—';
        line[`${net.name} found`] = `${row.frames - row.misses}/${row.frames}`;
      }
      table.push(line);
    }
    console.log(
      `bench:distance — ${photosUsed} photos × ${POSES} poses, ${FRAME.width}×${FRAME.height} frame, backend ${backend}`,
    );
    console.table(table);
    const fps = Object.fromEntries(
      Object.entries(times).map(([net, ms]) => [net, Number((1000 / median(ms)).toFixed(1))]),
    );
    console.log('frames per second (median detection + landmarks time):', fps);
    const json = {
      bench: 'distance',
      backend,
      photos: photosUsed,
      poses: POSES,
      frame: FRAME,
      fps,
      byDistance: [...rows.values()].map((r) => ({
        net: r.net,
        distanceMm: r.distanceMm,
        medianRelError: r.errors.length ? Number(median(r.errors).toFixed(4)) : null,
        p95RelError: r.errors.length ? Number(p95(r.errors).toFixed(4)) : null,
        found: r.frames - r.misses,
        frames: r.frames,
        baselineRelError: Number(Math.abs(CALIBRATION_MM / r.distanceMm - 1).toFixed(4)),
      })),
    };
    console.log(JSON.stringify(json));
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
