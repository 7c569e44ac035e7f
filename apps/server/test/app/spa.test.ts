import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

const COMPRESS_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/compress-assets.mjs');
/** An asset large enough to be compressed (the script leaves files under 1 KB alone). */
const BIG_ASSET = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;`).join('\n');

describe.skipIf(!(await canTestDatabase()))('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'visus-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Visus</title><div id="root"></div>',
    );
    fs.writeFileSync(
      path.join(dist, 'controller.html'),
      '<!doctype html><title>Visus | Controller</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'assets', 'big-5678.js'), BIG_ASSET);
    // The web build's own post-build step writes the .br and .gz copies.
    execFileSync(process.execPath, [COMPRESS_SCRIPT, dist]);
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/reset-password/some-token',
    '/user/dashboard',
    '/admin/test/PIN123/test-mode',
    '/controller/PIN123',
    '/info',
    '/shared/abc_DEF-123',
    '/user/patients/8b0e/results/42',
  ])('answers the screen %s with the app and 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/controller/PIN123', '/controller/abcd-2345/'])(
    "answers the phone controller's screen %s with its own light page",
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Visus | Controller</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/', '/connect', '/controller', '/controller/PIN123/extra'])(
    'answers %s with the main app, not the controller page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).toContain('<title>Visus</title>');
    },
  );

  it('answers an unknown screen with the app (which shows not-found) and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a long cache and top-level files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
  });

  it('writes brotli and gzip copies of large text files only', () => {
    expect(
      zlib.brotliDecompressSync(fs.readFileSync(path.join(dist, 'assets', 'big-5678.js.br'))).toString(),
    ).toBe(BIG_ASSET);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dist, 'assets', 'big-5678.js.gz'))).toString()).toBe(
      BIG_ASSET,
    );
    expect(fs.existsSync(path.join(dist, 'assets', 'app-1234.js.br'))).toBe(false);
  });

  it.each([
    ['br', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['gzip, deflate, br', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
  ])('sends an asset precompressed for Accept-Encoding: %s', async (acceptEncoding, encoding, decode) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(BIG_ASSET.length);
    expect(decode(res.rawPayload).toString()).toBe(BIG_ASSET);
  });

  it.each([undefined, 'identity', 'deflate'])(
    'sends an asset as it is when the request accepts no stored encoding (%s)',
    async (acceptEncoding) => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/big-5678.js',
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body).toBe(BIG_ASSET);
    },
  );

  it('sends a small asset without a copy as it is, even to a brotli client', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1)');
  });

  it('does not leak files outside the app folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });

  it('keeps API misses as JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/login');
  });
});
