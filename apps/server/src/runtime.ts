import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { lockDataDir } from './db/data-dir-lock';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './plugins/external/mailer';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in
 * `<dataDir>/pglite`, holding the data-folder lock until closed.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const release = lockDataDir(config.dataDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function createConfiguredMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}
