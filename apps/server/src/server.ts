import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createLogger } from './logger';
import { resolveJwtSecret } from './jwt-secret';
import { createConfiguredMailer, openConfiguredDatabase } from './runtime';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { webDist: DEFAULT_WEB_DIST });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const logger = createLogger(config);

  const database = await openConfiguredDatabase(config);
  const mailer = createConfiguredMailer(config, logger);
  const app = await buildApp({
    config,
    database,
    mailer,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    // With a PostgreSQL server, other instances may share it: relay realtime events through it.
    scaleOut: database.kind === 'postgres',
    logger: logger,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: closing sockets and the database');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not start listening');
    await app.close();
    process.exit(1);
  }
  app.log.info(
    { database: database.kind, location: database.location, mail: mailer.description },
    `Visus is running at ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
