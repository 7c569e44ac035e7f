import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

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
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
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
  ])('answers the screen %s with the app and 200', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

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
