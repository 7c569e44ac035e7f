import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { PrivateCluster, postgresBin } from './private-postgres';

/**
 * Global setup of the server-postgres project (vitest.config.ts): the PostgreSQL server its tests make
 * throw-away databases on. `VISUS_TEST_PG_URL` set: that server, unchanged. Not set: a private cluster made
 * for this run (Debian's `postgresql` package is installed first when missing, as scripts/ensure-tools.mjs
 * does for Chromium and nginx), handed to the tests as `inject('visusTestPgUrl')` and removed at the end —
 * also when tests fail or the run is interrupted (SIGINT, SIGTERM). Durability is off (fsync,
 * synchronous_commit, full_page_writes): every database on it is thrown away.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The maintenance database URL of the private cluster; absent when VISUS_TEST_PG_URL is set. */
    visusTestPgUrl?: string;
  }
}

const ensureTools = fileURLToPath(new URL('../../../../scripts/ensure-tools.mjs', import.meta.url));

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.VISUS_TEST_PG_URL) {
    console.log(`PostgreSQL server tests use VISUS_TEST_PG_URL (${process.env.VISUS_TEST_PG_URL})`);
    return undefined;
  }
  if (!postgresBin()) {
    try {
      execFileSync(process.execPath, [ensureTools, 'postgresql'], { stdio: 'inherit' });
    } catch (error) {
      const message = 'PostgreSQL is not installed and could not be installed for the server tests';
      if (process.env.CI === 'true') throw new Error(message, { cause: error });
      // Outside CI the tests fall back to 127.0.0.1:5432 and skip with a warning when it is unreachable.
      console.warn(`${message}; set VISUS_TEST_PG_URL or VISUS_PG_BIN`);
      return undefined;
    }
  }

  PrivateCluster.sweepOrphans();
  const started = Date.now();
  const cluster = new PrivateCluster('tests', { synchronous_commit: 'off', full_page_writes: 'off' });
  let disposed = false;
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    try {
      cluster.dispose();
    } catch (error) {
      console.error(`Could not remove the PostgreSQL test cluster in ${cluster.dir}: ${String(error)}`);
    }
  };
  // Interrupted runs: remove the cluster at once, then exit as Node would (Vitest exits too on these).
  const onSignal = (signal: NodeJS.Signals) => {
    dispose();
    process.exitCode ??= 128 + (signal === 'SIGINT' ? 2 : 15);
    setTimeout(() => process.exit(), 100);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', dispose);
  try {
    await cluster.init();
    cluster.start();
  } catch (error) {
    dispose();
    throw error;
  }
  console.log(
    `PostgreSQL server tests use a private cluster: ${cluster.url} ` +
      `(${cluster.version}, ${cluster.dir}, ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('visusTestPgUrl', cluster.url);

  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', dispose);
    dispose();
  };
}
