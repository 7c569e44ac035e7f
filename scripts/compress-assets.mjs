#!/usr/bin/env node
/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset of the built web app, so the
 * server sends them precompressed (@fastify/static `preCompressed`, apps/server/src/plugins/app/spa.ts)
 * without compressing on each request. Run by the web build (`npm run build`) after `vite build`.
 *
 * Usage: node scripts/compress-assets.mjs [dir]   (default: apps/web/dist)
 * Source maps are left alone (only developer tools fetch them); files under 1 KB are not worth it.
 * A copy is kept only when it is smaller than the original; stale copies of a previous build are removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.xml',
]);
const MIN_BYTES = 1024;

const root = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist'),
);
if (!fs.existsSync(root)) {
  console.error(`compress-assets: ${root} does not exist (build the web app first)`);
  process.exit(1);
}

/** Every file under `dir`, recursively. */
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

let files = 0;
let rawBytes = 0;
let brBytes = 0;
let gzBytes = 0;
for (const file of walk(root)) {
  if (file.endsWith('.br') || file.endsWith('.gz')) continue;
  for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
  if (!COMPRESSIBLE.has(path.extname(file).toLowerCase())) continue;
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  rawBytes += raw.length;
  brBytes += Math.min(br.length, raw.length);
  gzBytes += Math.min(gz.length, raw.length);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
console.log(
  `compress-assets: ${files} files in ${path.relative(process.cwd(), root) || '.'}: ${kb(rawBytes)} KB → br ${kb(brBytes)} KB, gzip ${kb(gzBytes)} KB`,
);
