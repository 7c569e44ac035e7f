import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  autoAdvanceBodySchema,
  dataResponse,
  errorResponseSchema,
  gammaBodySchema,
  opticalHistoryDataSchema,
  opticalHistorySchema,
  settingsBodySchema,
  settingsDataSchema,
  speechBodySchema,
  testsDataSchema,
} from '@visus/contracts';
import type { Database } from '../../../../db/schema';
import { SettingsService } from '../../../../modules/settings/settings.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const authHeader = { security: [{ token: [] }] };

/**
 * Screen settings and optical history of the signed-in user (SPEC.md §7; mounted at /tests). Thin: every
 * decision is in SettingsService, and only the token's user is ever read or written.
 */
const settingsRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, options) => {
  const service = new SettingsService(options.db, app.log);

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'My optical history and screen settings (defaults until saved)',
        ...authHeader,
        response: { 200: dataResponse(testsDataSchema), 401: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await service.load(signedIn(request).id) }),
  );

  app.put(
    '/settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Save the screen calibration (card or diagonal method)',
        ...authHeader,
        body: settingsBodySchema,
        response: { 200: dataResponse(settingsDataSchema), ...errors },
      },
    },
    async (request) => {
      const settings = await service.saveCalibration(signedIn(request).id, request.body);
      return { success: true as const, data: { settings } };
    },
  );

  app.put(
    '/gammasettings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Save the display gamma',
        ...authHeader,
        body: gammaBodySchema,
        response: { 200: dataResponse(settingsDataSchema), ...errors },
      },
    },
    async (request) => {
      const settings = await service.saveGamma(signedIn(request).id, request.body.gamma);
      return { success: true as const, data: { settings } };
    },
  );

  app.put(
    '/settings/auto-advance',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Move on by itself between eyes and tests, or wait for CONTINUE',
        ...authHeader,
        body: autoAdvanceBodySchema,
        response: { 200: dataResponse(settingsDataSchema), ...errors },
      },
    },
    async (request) => {
      const settings = await service.saveAutoAdvance(signedIn(request).id, request.body.autoAdvance);
      return { success: true as const, data: { settings } };
    },
  );

  app.put(
    '/settings/speech',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: "Speak the test display's instructions aloud, or stay silent",
        ...authHeader,
        body: speechBodySchema,
        response: { 200: dataResponse(settingsDataSchema), ...errors },
      },
    },
    async (request) => {
      const settings = await service.saveSpeech(signedIn(request).id, request.body.speakInstructions);
      return { success: true as const, data: { settings } };
    },
  );

  app.put(
    '/settings/history',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['settings'],
        summary: 'Save the optical-history questionnaire',
        ...authHeader,
        body: opticalHistorySchema,
        response: { 200: dataResponse(opticalHistoryDataSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.saveHistory(signedIn(request).id, request.body),
    }),
  );
};

export default settingsRoutes;
