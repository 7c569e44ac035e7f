import { defineConfig } from 'vitest/config';

/**
 * One Vitest run covers unit tests (core, contracts, web) and the server's route tests twice: once on
 * embedded PGlite and once on throw-away databases of PostgreSQL — a private cluster the server-postgres
 * project's global setup starts for the run, or the server VISUS_TEST_PG_URL names.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'] } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // Files named *.postgres.test.ts need a PostgreSQL server (e.g. several instances on one database).
          exclude: ['**/*.postgres.test.ts'],
          env: { VISUS_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['apps/server/test/**/*.test.ts'],
          env: { VISUS_TEST_DB: 'postgres' },
          // Installs PostgreSQL when missing and starts the run's private cluster (unless VISUS_TEST_PG_URL).
          globalSetup: ['apps/server/test/helpers/postgres-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
