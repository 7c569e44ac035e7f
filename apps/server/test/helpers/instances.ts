import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/database';
import { createMemoryMailer } from '../../src/plugins/external/mailer';
import { TEST_JWT_SECRET } from './build-app';

/**
 * One instance of a scale-out deployment on `database` (PostgreSQL): the realtime adapter relays to the
 * other instances on the same database. `env` adds settings (e.g. TRUST_PROXY behind nginx); `now` is
 * the instance's clock (instances given the same one share a moved time, as real servers share NTP).
 */
export function buildInstance(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
) {
  const config = {
    ...loadConfig({ DATA_DIR: '/nonexistent', LOG_LEVEL: 'silent', ...env }),
    webDist: undefined,
  };
  return buildApp({
    config,
    database,
    mailer: createMemoryMailer(),
    jwtSecret: TEST_JWT_SECRET,
    scaleOut: true,
    ...(options.now ? { now: options.now } : {}),
  });
}

/**
 * Waits until every instance's realtime adapter counts all of them. Instances on one PostgreSQL find each
 * other through the adapter's heartbeats (LISTEN/NOTIFY on a connection each opens after start-up, then a
 * heartbeat every 5 s); until an instance knows the others it does not wait for their acknowledgements,
 * so a relay right after start-up would report `delivered: false`. A deployment is up before a display
 * and a phone connect; tests wait for the same.
 */
export async function untilInstancesMeet(
  apps: readonly FastifyInstance[],
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const app of apps) {
    while ((await app.io.of('/tests').adapter.serverCount()) < apps.length) {
      if (Date.now() > deadline) throw new Error(`the ${apps.length} instances did not find each other`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
