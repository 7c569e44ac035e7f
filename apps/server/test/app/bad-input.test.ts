import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, countUsers, newPerson, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';

/** DESIGN.md §5 and the "Bad input": 4xx with `{ success: false, error }`, never a 500, nothing stored. */
describe.skipIf(!(await canTestDatabase()))('bad input on the accounts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const json = { 'content-type': 'application/json' };
  const cases: Array<[string, { body?: unknown; headers?: Record<string, string> }, number, RegExp]> = [
    ['malformed JSON', { body: '{"name": "Ada",', headers: json }, 400, /Malformed JSON/],
    ['an empty JSON body', { body: '', headers: json }, 400, /empty/],
    ['a JSON array', { body: '[1,2,3]', headers: json }, 400, /.+/],
    ['a JSON string', { body: '"hello"', headers: json }, 400, /.+/],
    ['null', { body: 'null', headers: json }, 400, /.+/],
    [
      'a form-encoded body',
      { body: 'name=Ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      /Content-Type/,
    ],
    [
      'an oversized body',
      { body: JSON.stringify({ ...newPerson(), name: 'x'.repeat(2 * 1024 * 1024) }), headers: json },
      413,
      /too large/,
    ],
    ['an over-long name', { body: newPerson({ name: 'x'.repeat(101) }) }, 400, /Name must be at most 100/],
    [
      'an over-long email',
      { body: newPerson({ email: `${'x'.repeat(250)}@example.org` }) },
      400,
      /Email must be at most/,
    ],
    [
      'a prototype-polluting key',
      { body: '{"__proto__": {"role": "admin"}, "name": "Ada"}', headers: json },
      400,
      /.+/,
    ],
  ];

  it.each(cases)(
    'register with %s gets a clear 4xx and changes nothing',
    async (_label, request, status, message) => {
      const before = await countUsers(t.database);
      const res = await call(t.app, 'POST', '/auth/register', request);
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toMatch(message);
      expect(await countUsers(t.database)).toBe(before);
    },
  );

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await call(t.app, 'GET', '/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Not found: GET /api/v1/nope' });
  });

  it('answers a wrong method with a JSON 404', async () => {
    const res = await call(t.app, 'PATCH', '/auth/login', { body: {} });
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  it('sets security headers', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.raw.headers['x-content-type-options']).toBe('nosniff');
    expect(res.raw.headers['content-security-policy']).toContain("object-src 'none'");
    expect(res.raw.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.raw.headers['referrer-policy']).toBe('no-referrer');
  });
});
