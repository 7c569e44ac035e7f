import type { FastifyInstance } from 'fastify';

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
