import { z } from 'zod';
import { TWO_FACTOR_ROLES, type TwoFactorRole } from '@visus/core';
import os from 'node:os';
import path from 'node:path';
import type { WorkLimits } from './lib/work-limiter';
import { DEFAULT_ACCOUNT_CACHE_MS } from './modules/users/account-cache';

/**
 * Requests that may wait for the database gate, and for how long (bench/load/README.md, issue 21): enough
 * for a closed loop of 200 connections on PostgreSQL to wait instead of being refused, and a wait well
 * below the 10 s after which clients and proxies give up.
 */
export const DEFAULT_DATABASE_QUEUE = 256;
export const DEFAULT_DATABASE_WAIT_MS = 3000;

/**
 * Configuration from the environment (DESIGN.md §3). Invalid configuration fails fast with one clear
 * line naming the variable, before anything is opened.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  JWT_TTL: z
    .string()
    .regex(/^\d+[smhd]$/, { error: 'must look like 30m, 12h or 7d' })
    .default('7d'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Visus <no-reply@visus.local>'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://visus.example.org' }).optional(),
  REGISTRATION: z.enum(['open', 'invite']).default('open'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PASSWORD_HASH_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be a whole number ≥ 1' })
    .max(64)
    .optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  PASSWORD_HASH_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(5000),
  DATABASE_ADMISSION: z.enum(['on', 'off']).default('on'),
  DATABASE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1, { error: 'must be a whole number ≥ 1' })
    .max(10_000)
    .optional(),
  DATABASE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_DATABASE_QUEUE),
  DATABASE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_DATABASE_WAIT_MS),
  ACCOUNT_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_ACCOUNT_CACHE_MS),
  // Roles that must turn on two-step sign-in before doing anything else (docs/adr/0023-two-step-sign-in.md).
  REQUIRE_2FA_FOR: z
    .string()
    .default('')
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((role) => role.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z.array(
        z.enum(TWO_FACTOR_ROLES, {
          error: `must list roles among ${TWO_FACTOR_ROLES.join(', ')}, separated by commas`,
        }),
      ),
    ),
});

/**
 * argon2 hashes at a time when PASSWORD_HASH_CONCURRENCY is not set: one per core but one, so that a burst
 * of sign-ins always leaves a core to the event loop (every other request), and at least one.
 */
export function defaultPasswordHashConcurrency(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  registration: 'open' | 'invite';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Folder of the built web app; `undefined` serves the API only. */
  webDist: string | undefined;
  trustProxy: boolean;
  rateLimits: RateLimits;
  /** Bound on argon2 work (sign-in, registration, password changes); beyond it those requests get 503. */
  passwordHashing: WorkLimits;
  /**
   * Admission control in front of the database (plugins/app/database-gate.ts); `null` when turned off.
   * `concurrency` undefined: chosen by the kind of database (defaultDatabaseConcurrency).
   */
  databaseAdmission: (Omit<WorkLimits, 'concurrency'> & { concurrency: number | undefined }) | null;
  /**
   * How long an account looked up for a token check answers the next checks from memory (0: never);
   * undefined: DEFAULT_ACCOUNT_CACHE_MS. docs/adr/0015-account-cache.md.
   */
  accountCacheMs?: number;
  /** Roles that must have two-step sign-in on (REQUIRE_2FA_FOR); empty: nobody must. */
  requireTwoFactorFor?: readonly TwoFactorRole[];
};

/** Requests per window and per client IP for the endpoints attackers like. */
export type RateLimits = {
  windowMs: number;
  login: number;
  /** Failed sign-ins per account (any address) per hour; beyond it the account's sign-ins get 429. */
  loginFailuresPerAccountPerHour: number;
  register: number;
  forgotPassword: number;
  resetPassword: number;
  /** Requests to the signed-out share-link routes (page and downloads, each counted alone) per window. */
  sharedLinks: number;
  /** Socket.IO handshakes to /tests (each one a pin try) per client address per minute. */
  socketHandshakesPerMinute: number;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 15 * 60_000,
  login: 20,
  loginFailuresPerAccountPerHour: 20,
  register: 10,
  forgotPassword: 5,
  resetPassword: 10,
  sharedLinks: 60,
  socketHandshakesPerMinute: 30,
};

export class ConfigError extends Error {}

/**
 * The folder relative paths (DATA_DIR, WEB_DIST) are taken from: the one the command was typed in.
 * npm runs a workspace's script (`npm run user:create`, `npm run serve`) inside that workspace's folder
 * (apps/server), but records where it was started in INIT_CWD; without it (node run directly) it is the
 * working folder. So `npm start`, `npm run serve` and `npm run user:create` typed at the repository root
 * all use `<root>/data` (issue 19: the first admin was created in apps/server/data and could not sign in).
 */
export function commandFolder(env: NodeJS.ProcessEnv): string {
  const initCwd = env.INIT_CWD;
  return initCwd && path.isAbsolute(initCwd) ? initCwd : process.cwd();
}

/** Reads and checks the environment; throws {@link ConfigError} with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { webDist?: string } = {}): Config {
  const blankToUndefined = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const e = parsed.data;
  const base = commandFolder(env);
  const dataDir = path.resolve(base, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    registration: e.REGISTRATION,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(base, e.WEB_DIST) : defaults.webDist,
    trustProxy: e.TRUST_PROXY,
    rateLimits: DEFAULT_RATE_LIMITS,
    passwordHashing: {
      concurrency: e.PASSWORD_HASH_CONCURRENCY ?? defaultPasswordHashConcurrency(),
      maxQueue: e.PASSWORD_HASH_QUEUE,
      maxWaitMs: e.PASSWORD_HASH_WAIT_MS,
    },
    databaseAdmission:
      e.DATABASE_ADMISSION === 'off'
        ? null
        : { concurrency: e.DATABASE_CONCURRENCY, maxQueue: e.DATABASE_QUEUE, maxWaitMs: e.DATABASE_WAIT_MS },
    accountCacheMs: e.ACCOUNT_CACHE_MS,
    requireTwoFactorFor: e.REQUIRE_2FA_FOR,
  };
}
