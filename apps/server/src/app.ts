import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '@visus/contracts';
import type { Config } from './config';
import { DEFAULT_POOL_SIZE, type DatabaseHandle } from './db/database';
import type { Mailer } from './plugins/external/mailer';
import { AuthService } from './modules/auth/auth.service';
import { AccountCache, DEFAULT_ACCOUNT_CACHE_MS } from './modules/users/account-cache';
import { TokenService } from './plugins/app/auth/tokens';
import { PasswordHasher } from './plugins/app/auth/password';
import { authenticationPlugin } from './plugins/app/auth/authenticate';
import { answerFrameworkError, registerErrorHandling } from './plugins/app/errors';
import { registerSpa } from './plugins/app/spa';
import { serializerCompiler } from './plugins/app/zod-serializer';
import { registerSecurityHeaders, securityHeaderOptions } from './plugins/app/security-headers';
import { registerRealtime } from './plugins/app/realtime';
import {
  defaultDatabaseConcurrency,
  defaultDatabaseTurnBudgetMs,
  registerDatabaseGate,
} from './plugins/app/database-gate';
import type { WorkLimiter } from './lib/work-limiter';
import authRoutes from './routes/api/v1/auth';
import adminRoutes from './routes/api/v1/admin';
import { AdminService } from './modules/admin/admin.service';
import healthRoutes from './routes/api/v1/health';
import vitalsRoutes from './routes/api/v1/vitals';
import settingsRoutes from './routes/api/v1/tests/settings';
import screenProfileRoutes from './routes/api/v1/tests/screen-profiles';
import sessionRoutes from './routes/api/v1/tests/session';
import { SessionsService } from './modules/sessions/sessions.service';
import resultRoutes from './routes/api/v1/tests/results';
import { ResultsService } from './modules/results/results.service';
import sharingRoutes from './routes/api/v1/sharing';
import clinicRoutes from './routes/api/v1/clinic';
import { ClinicService } from './modules/clinic/clinic.service';
import { ReviewsService } from './modules/clinic/reviews.service';
import resultReviewRoutes from './routes/api/v1/tests/result-reviews';
import shareLinkRoutes from './routes/api/v1/tests/share-links';
import sharedRoutes from './routes/api/v1/shared';
import { ShareLinksService } from './modules/share-links/share-links.service';
import accountExportRoutes from './routes/api/v1/auth/export';
import { AccountExportService } from './modules/account/account-export.service';
import { SettingsService } from './modules/settings/settings.service';
import { ScreenProfilesService } from './modules/settings/screen-profiles.service';
import twoFactorRoutes from './routes/api/v1/auth/two-factor';
import { TwoFactorService } from './modules/two-factor/two-factor.service';
import { SecondStepTickets } from './modules/two-factor/second-step-tickets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database gate of the API (config.databaseAdmission), when it is on. */
    databaseGate?: WorkLimiter;
  }
}

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  jwtSecret: string;
  /**
   * Relay realtime events between instances through PostgreSQL (only with a PostgreSQL database).
   * The server turns it on whenever DATABASE_URL is set; tests turn it on where they need it.
   */
  scaleOut?: boolean;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

/** Largest JSON body any route accepts; results of a full battery are far below this. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds the whole server (API, realtime, web app) on the given database and mailer. The database is
 * the caller's: it is closed when the app closes.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const tokens = new TokenService(deps.jwtSecret, config.jwtTtl);
  const sessions = new SessionsService({ db: database.db, ...(deps.now ? { now: deps.now } : {}) });
  const results = new ResultsService({ db: database.db, sessions });
  const clinic = new ClinicService({ db: database.db, results, ...(deps.now ? { now: deps.now } : {}) });
  // One for the whole app: AuthService reads it on every token check, both services forget what they change.
  const accounts = new AccountCache(config.accountCacheMs ?? DEFAULT_ACCOUNT_CACHE_MS);
  const adminService = new AdminService({
    db: database.db,
    accounts,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    registration: config.registration,
    log: app.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const passwords = new PasswordHasher(config.passwordHashing);
  const twoFactor = new TwoFactorService({
    db: database.db,
    serverSecret: deps.jwtSecret,
    passwords,
    accounts,
    requiredFor: config.requireTwoFactorFor ?? [],
    failuresPerAccountPerHour: config.rateLimits.loginFailuresPerAccountPerHour,
    issuer: `Visus (${new URL(config.publicUrl).hostname})`,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const authService = new AuthService({
    db: database.db,
    tokens,
    accounts,
    twoFactor,
    tickets: new SecondStepTickets(deps.jwtSecret),
    passwords,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    registration: config.registration,
    loginFailuresPerAccountPerHour: config.rateLimits.loginFailuresPerAccountPerHour,
    ...(deps.now ? { now: deps.now } : {}),
    onMailError: (error) => app.log.error({ err: error }, 'storing or mailing a password-reset link failed'),
  });

  await registerSecurityHeaders(app, securityHeaderOptions(config.publicUrl));
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests, please try again in ${context.after}`), {
        statusCode: 429,
      }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Visus API', version: '1' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authenticationPlugin, { authService });

  await app.register(
    async (api) => {
      const admission = config.databaseAdmission;
      if (admission) {
        const gate = registerDatabaseGate(
          api,
          {
            ...admission,
            concurrency:
              admission.concurrency ??
              defaultDatabaseConcurrency(database.kind, database.poolSize ?? DEFAULT_POOL_SIZE),
          },
          defaultDatabaseTurnBudgetMs(database.kind),
        );
        app.decorate('databaseGate', gate);
      }
      await api.register(healthRoutes, { database, publicUrl: config.publicUrl });
      await api.register(vitalsRoutes);
      await api.register(authRoutes, {
        prefix: '/auth',
        rateLimits: config.rateLimits,
      });
      await api.register(twoFactorRoutes, { prefix: '/auth/two-factor', rateLimits: config.rateLimits });
      await api.register(adminRoutes, { prefix: '/admin', adminService });
      await api.register(settingsRoutes, { prefix: '/tests', db: database.db });
      await api.register(screenProfileRoutes, { prefix: '/tests', db: database.db });
      await api.register(sessionRoutes, { prefix: '/tests', sessions });
      await api.register(resultRoutes, { prefix: '/tests', results });
      await api.register(sharingRoutes, { prefix: '/sharing', clinic });
      const reviews = new ReviewsService({
        db: database.db,
        clinic: clinic.repository,
        mailer: deps.mailer,
        publicUrl: config.publicUrl,
        log: app.log,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(resultReviewRoutes, { prefix: '/tests', reviews });
      await api.register(clinicRoutes, { prefix: '/clinic', clinic, reviews });
      const shareLinks = new ShareLinksService({
        db: database.db,
        publicUrl: config.publicUrl,
        ...(deps.now ? { now: deps.now } : {}),
      });
      await api.register(shareLinkRoutes, { prefix: '/tests', shareLinks });
      await api.register(sharedRoutes, {
        prefix: '/shared',
        shareLinks,
        perWindow: config.rateLimits.sharedLinks,
        windowMs: config.rateLimits.windowMs,
      });
      const exporter = new AccountExportService({
        settings: new SettingsService(database.db, app.log),
        results,
        clinic,
        reviews,
        screens: new ScreenProfilesService(database.db, app.log),
        shareLinks,
        now: deps.now ?? (() => new Date()),
      });
      await api.register(accountExportRoutes, { prefix: '/auth', exporter });
    },
    { prefix: API_BASE },
  );

  await registerSpa(app, config.webDist);
  registerRealtime(app, authService, sessions, {
    handshakesPerMinute: config.rateLimits.socketHandshakesPerMinute,
    trustProxy: config.trustProxy,
    postgresUrl: deps.scaleOut ? database.connectionString : undefined,
    now: deps.now,
  });

  app.addHook('onClose', async () => {
    await authService.flushMail();
    await database.close();
  });
  return app;
}
