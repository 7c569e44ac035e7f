import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@visus/core';
import { loadConfig, type Config, type RateLimits } from '../../src/config';
import { buildApp } from '../../src/app';
import { createMemoryMailer, type MailMessage } from '../../src/plugins/external/mailer';
import type { DatabaseHandle } from '../../src/db/database';
import { openTestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  mail: MailMessage[];
  config: Config;
  /** Moves the service clock (reset-link expiry); real time is untouched. */
  advanceClock(ms: number): void;
  /** The service clock (real time plus what advanceClock added). */
  now(): Date;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database of the kind under test, with mail kept in memory. */
export async function buildTestApp(
  options: { rateLimits?: Partial<RateLimits>; env?: Record<string, string>; webDist?: string } = {},
): Promise<TestApp> {
  const base = loadConfig({ DATA_DIR: '/nonexistent-visus-test-data', LOG_LEVEL: 'silent', ...options.env });
  const config: Config = {
    ...base,
    webDist: options.webDist,
    // Generous by default so that ordinary tests never trip them; rate-limit tests pass their own.
    rateLimits: {
      ...base.rateLimits,
      login: 1000,
      register: 1000,
      forgotPassword: 1000,
      resetPassword: 1000,
      sharedLinks: 1000,
      socketHandshakesPerMinute: 1000,
      ...options.rateLimits,
    },
  };
  const database = await openTestDatabase();
  const mailer = createMemoryMailer();
  let offset = 0;
  const app = await buildApp({
    config,
    database,
    mailer,
    jwtSecret: TEST_JWT_SECRET,
    now: () => new Date(Date.now() + offset),
  });
  await app.ready();
  return {
    app,
    database,
    mail: mailer.sent,
    config,
    advanceClock: (ms) => {
      offset += ms;
    },
    now: () => new Date(Date.now() + offset),
    close: () => app.close(),
  };
}

export const API = '/api/v1';

export type Json = Record<string, unknown>;

/** `app.inject` with JSON parsed; `token` goes in the Authorization header as the spec sends it. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Json; raw: LightMyRequestResponse }> {
  const raw = await app.inject({
    method,
    url: `${API}${url}`,
    headers: { ...(options.token ? { authorization: options.token } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
  let body: Json;
  try {
    body = raw.json();
  } catch {
    body = { raw: raw.body };
  }
  return { status: raw.statusCode, body, raw };
}

let counter = 0;
/** A valid registration body with a unique email. */
export function newPerson(overrides: Partial<Record<'name' | 'email' | 'password' | 'dob', string>> = {}) {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada.${counter}.${Date.now()}@example.org`,
    password: 'correct horse battery',
    dob: '1985-12-10',
    ...overrides,
  };
}

/** Registers a person and returns their token. */
export async function register(app: FastifyInstance, person = newPerson()) {
  const res = await call(app, 'POST', '/auth/register', { body: person });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...person, token: res.body.token as string };
}

export async function countUsers(database: DatabaseHandle): Promise<number> {
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Registers an account through the API and gives it `role` directly in the database (test setup). */
export async function accountWithRole(t: TestApp, role: Role, person = newPerson()) {
  const account = await register(t.app, person);
  const row = await t.database.db
    .updateTable('users')
    .set({ role })
    .where('email', '=', account.email.toLowerCase())
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...account, id: row.id, role };
}
