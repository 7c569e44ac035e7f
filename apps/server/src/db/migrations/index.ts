import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-accounts';

/**
 * Migrations are listed in code (not read from a folder) so that they run the same from source,
 * under tsx, in tests and in any bundle. Append new ones; never edit a released one.
 */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
