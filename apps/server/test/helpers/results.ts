import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database';
import { call, register, type Json, type TestApp } from './build-app';

/** How many result rows the database holds (a refused save must leave it unchanged). */
export async function countResults(database: DatabaseHandle): Promise<number> {
  const row = await database.db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A result record as the display sends it: `tests` become `data.<test>`, the run starts at `date` and lasts
 * `minutes`; `setup` overrides the uncorrected, metric, non-test-mode setup (its battery lists, say).
 */
export function resultRecord(
  tests: Json,
  { date, minutes = 10, setup = {} }: { date: string; minutes?: number; setup?: Json },
): Json {
  const start = Date.parse(date);
  return {
    setup: { date, units: 'm', correction: 'None', testMode: false, ...setup },
    data: { start, end: start + minutes * 60_000, ...tests },
  };
}

/** A new person's save of `body` is a 400 whose error contains `message`, and no row is stored. */
export async function expectSaveRefused(t: TestApp, body: Json, message: string): Promise<void> {
  const person = await register(t.app);
  const before = await countResults(t.database);
  const res = await call(t.app, 'PUT', '/tests/results', { token: person.token, body });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ success: false, error: expect.stringContaining(message) });
  expect(await countResults(t.database)).toBe(before);
}
