import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithRole, buildTestApp, TEST_JWT_SECRET, type TestApp } from '../helpers/build-app';
import { canTestDatabase } from '../helpers/test-database';
import { SignJWT } from 'jose';

/**
 * Hostile input on every REST route (issue 9): generated path params, query strings, bodies, content
 * types and authorisation headers. The route list comes from the app's own OpenAPI document, so a new
 * route is fuzzed without anyone remembering to add it. Whatever arrives: never a 5xx, every rejection is
 * `{ success: false, error: <text> }`, and a rejected request changes nothing in the database.
 */

/** Cases per route; the total is printed (docs/quality.md records it). */
const RUNS_PER_ROUTE = 30;

/**
 * Tables whose full content is compared before and after each rejected request. Not `login_failures`:
 * counting a failed sign-in is the one change a rejection must make (docs/security.md).
 */
const WATCHED_TABLES = [
  'users',
  'password_resets',
  'settings',
  'invites',
  'results',
  'test_sessions',
  'clinic_consents',
  'clinic_access_log',
  'clinic_reviews',
  'share_links',
] as const;

const nasty = fc.constantFrom(
  '',
  ' ',
  '..',
  '%2e%2e%2f',
  '\u0000',
  '-1',
  '0',
  'null',
  'undefined',
  'NaN',
  '1e309',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'a'.repeat(600),
  '😀'.repeat(50),
  '00000000-0000-0000-0000-000000000000',
  'ABCDEFGH',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.uuid());
const bodyValue = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.json({ maxDepth: 3 }).map((json) => ({ raw: json })),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'name',
      'dob',
      'role',
      'chart',
      'test',
      'testMode',
      'units',
      'method',
      'card',
      'diagonal',
      'gamma',
      'setup',
      'data',
      'session',
      'q1',
      'currentPassword',
      'newPassword',
      'inviteCode',
      '__proto__',
    ),
    fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.anything({ maxDepth: 2 })),
  ),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);
type AuthKind = 'none' | 'user' | 'admin' | 'garbage' | 'alg-none' | 'other-key' | 'bearer-user';
const authKind = fc.constantFrom<AuthKind>(
  'none',
  'user',
  'admin',
  'garbage',
  'alg-none',
  'other-key',
  'bearer-user',
);

describe.skipIf(!(await canTestDatabase()))('fuzzing every REST route', () => {
  let t: TestApp;
  let routes: Array<{ method: string; path: string }>;
  let tokens: Record<AuthKind, string | undefined>;

  async function freshTokens() {
    const user = await accountWithRole(t, 'user');
    const admin = await accountWithRole(t, 'admin');
    const encode = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString()) as object;
    tokens = {
      none: undefined,
      user: user.token,
      admin: admin.token,
      garbage: 'not.a.token',
      // the same claims, unsigned: must be refused (algorithm allowlist)
      'alg-none': `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
      // the same claims signed with another key
      'other-key': await new SignJWT(claims as Record<string, unknown>)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(`${TEST_JWT_SECRET}-but-not-ours`)),
      'bearer-user': `Bearer ${user.token}`,
    };
  }

  async function digest(): Promise<string> {
    const parts: string[] = [];
    for (const table of WATCHED_TABLES) {
      const row = await sql<{ d: string | null }>`
        select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.table(table)} x`.execute(
        t.database.db,
      );
      parts.push(`${table}:${row.rows[0]?.d ?? ''}`);
    }
    return parts.join(' ');
  }

  beforeAll(async () => {
    // Rate limits off: this suite is about what a request contains, not how many there are.
    t = await buildTestApp({ rateLimits: { loginFailuresPerAccountPerHour: 1e9 } });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    await freshTokens();
  });
  afterAll(async () => t?.close());

  it('never answers 5xx, always explains a rejection, and changes nothing when it rejects', async () => {
    expect(routes.length).toBeGreaterThan(10);
    let tried = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(text, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.string({ maxLength: 12 }), text, { maxKeys: 4 }),
          fc.option(bodyValue, { nil: undefined }),
          contentType,
          authKind,
          async (params, query, body, type, auth) => {
            tried += 1;
            let i = 0;
            const path = route.path.replace(/\{\w+\}/g, () => encodeURIComponent(params[i++] ?? ''));
            const search = new URLSearchParams(query).toString();
            const payload =
              body === undefined
                ? undefined
                : typeof body === 'object' && body !== null && 'raw' in body && typeof body.raw === 'string'
                  ? body.raw
                  : JSON.stringify(body);
            const before = await digest();
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: `${path}${search ? `?${search}` : ''}`,
              headers: {
                ...(type ? { 'content-type': type } : {}),
                ...(tokens[auth] ? { authorization: tokens[auth] } : {}),
              },
              ...(payload !== undefined ? { payload } : {}),
            });
            const where = `${route.method} ${route.path} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(response.json(), where).toEqual({ success: false, error: expect.any(String) });
              expect((response.json() as { error: string }).error.length, where).toBeGreaterThan(0);
              expect(await digest(), `${where}: the database changed`).toBe(before);
            } else if (route.method === 'DELETE' || route.method === 'PUT' || route.method === 'PATCH') {
              // an accepted change may have deleted or signed out our accounts: start again with new ones
              await freshTokens();
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261122 },
      );
    }
    console.info(`fuzz: ${tried} generated requests over ${routes.length} routes`);
    expect(tried).toBe(routes.length * RUNS_PER_ROUTE);
  }, 600_000);
});
