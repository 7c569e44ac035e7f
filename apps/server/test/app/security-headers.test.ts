import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { securityHeaderOptions } from '../../src/plugins/app/security-headers';
import { buildTestApp, call, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

/** What @fastify/helmet itself sends with the app's options, registered the usual way (per request). */
async function helmetPerRequest(publicUrl: string): Promise<Record<string, string | string[] | number>> {
  const reference = Fastify({ logger: false });
  await reference.register(helmet, securityHeaderOptions(publicUrl));
  reference.get('/', async () => ({ ok: true }));
  const res = await reference.inject('/');
  await reference.close();
  const headers = { ...res.headers } as Record<string, string | string[] | number>;
  // Not helmet's: the body's own headers.
  for (const name of ['content-type', 'content-length', 'date', 'connection']) delete headers[name];
  return headers;
}

describe.skipIf(!(await canTestDatabase()))('security headers, computed once from helmet', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    https = await buildTestApp({ env: { PUBLIC_URL: 'https://visus.example.org' } });
  });
  afterAll(async () => {
    await t?.close();
    await https?.close();
  });

  it('are exactly the headers @fastify/helmet sets per request, on answers, errors and 404s', async () => {
    const expected = await helmetPerRequest(t.config.publicUrl);
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const [method, url, status] of [
      ['GET', '/health', 200],
      ['GET', '/auth/current', 401],
      ['GET', '/no-such-route', 404],
    ] as const) {
      const res = await call(t.app, method, url);
      expect(res.status).toBe(status);
      expect(res.raw.headers).toMatchObject(expected);
    }
  });

  it('send HSTS only when the public URL is https, as helmet does with those options', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.raw.headers['strict-transport-security']).toBeUndefined();
    const secure = await call(https.app, 'GET', '/health');
    const expected = await helmetPerRequest(https.config.publicUrl);
    expect(expected['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(secure.raw.headers).toMatchObject(expected);
  });
});
