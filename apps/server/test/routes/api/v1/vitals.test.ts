import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../src/app';
import { loadConfig } from '../../../../src/config';
import { createLogger } from '../../../../src/logger';
import { createMemoryMailer } from '../../../../src/plugins/external/mailer';
import { VITALS_BODY_LIMIT, VITALS_REPORTS_PER_MINUTE } from '../../../../src/routes/api/v1/vitals';
import { buildTestApp, call, TEST_JWT_SECRET, type TestApp } from '../../../helpers/build-app';
import { canTestDatabase, openTestDatabase } from '../../../helpers/test-database';

const metric = (overrides: Record<string, unknown> = {}) => ({
  name: 'LCP',
  value: 812.4,
  rating: 'good',
  id: 'v5-1763790000000-8491234567890',
  navigationType: 'navigate',
  route: '/controller/:token',
  ...overrides,
});

describe.skipIf(!(await canTestDatabase()))('POST /api/v1/vitals', () => {
  // One app for every case (building one takes seconds); the rate-limit case uses addresses of its own.
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('logs one info line per metric, with nothing personal, and answers 204', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const config = loadConfig({ DATA_DIR: '/nonexistent-visus-test-data', LOG_LEVEL: 'info' });
    const app = await buildApp({
      config: { ...config, webDist: undefined },
      database: await openTestDatabase(),
      mailer: createMemoryMailer(),
      jwtSecret: TEST_JWT_SECRET,
      logger: createLogger(config, destination),
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/vitals',
        payload: {
          metrics: [
            metric(),
            metric({ name: 'CLS', value: 0.012, route: '/user/test/:token' }),
            metric({ name: 'TTFB', value: 41, navigationType: undefined, route: '/' }),
          ],
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const vitals = lines.filter((l) => l.msg === 'web vital');
      expect(vitals.map((l) => [l.level, l.vital])).toEqual([
        [
          30,
          {
            name: 'LCP',
            value: 812.4,
            rating: 'good',
            route: '/controller/:token',
            id: 'v5-1763790000000-8491234567890',
            navigationType: 'navigate',
          },
        ],
        [30, expect.objectContaining({ name: 'CLS', value: 0.012, route: '/user/test/:token' })],
        [30, expect.not.objectContaining({ navigationType: expect.anything() })],
      ]);
    } finally {
      await app.close();
    }
  });

  it('accepts the text/plain body that navigator.sendBeacon sends', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vitals',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ metrics: [metric({ name: 'INP', value: 48, rating: 'good' })] }),
    });
    expect(res.statusCode).toBe(204);
  });

  it.each([
    [{ metrics: [metric({ name: 'FID' })] }, 'name must be one of LCP, CLS, INP, FCP, TTFB'],
    [{ metrics: [metric({ value: -3 })] }, 'value must not be negative'],
    [{ metrics: [metric({ route: '/controller/K7P2XQ' })] }, 'route must be a screen pattern'],
    [{ metrics: [metric({ email: 'ada@example.org' })] }, 'email'],
    [{ metrics: [] }, 'metrics must not be empty'],
    [{}, 'metrics'],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await call(t.app, 'POST', '/vitals', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: expect.stringContaining(message) });
  });

  it('refuses malformed JSON in a beacon body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vitals',
      headers: { 'content-type': 'text/plain' },
      payload: '{"metrics":[',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'Malformed JSON in request body' });
  });

  it('refuses an oversized body with 413 before validating it', async () => {
    const body = JSON.stringify({ metrics: [metric({ id: 'x'.repeat(VITALS_BODY_LIMIT) })] });
    expect(body.length).toBeGreaterThan(VITALS_BODY_LIMIT);
    for (const type of ['application/json', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/vitals',
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ success: false, error: 'Request body is too large' });
    }
  });

  it(`answers 429 after ${VITALS_REPORTS_PER_MINUTE} reports a minute from one address, not from another`, async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/vitals',
        remoteAddress: ip,
        payload: { metrics: [metric()] },
      });
    for (let i = 0; i < VITALS_REPORTS_PER_MINUTE; i++) expect((await send('10.0.0.7')).statusCode).toBe(204);
    const refused = await send('10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      error: expect.stringMatching(/^Too many requests, please try again in /),
    });
    expect((await send('10.0.0.8')).statusCode).toBe(204);
  });
});
