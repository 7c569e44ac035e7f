import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  dataResponse,
  errorResponseSchema,
  screenProfileDataSchema,
  screenProfileParamsSchema,
  screenProfilePatchSchema,
  screenProfileSchema,
  screenProfilesDataSchema,
} from '@visus/contracts';
import type { Database } from '../../../../db/schema';
import { ScreenProfilesService } from '../../../../modules/settings/screen-profiles.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const authHeader = { security: [{ token: [] }] };

/**
 * The signed-in person's screen profiles (issue 18 item 4, docs/adr/0027; mounted at /tests). A profile
 * is made or updated by saving a calibration (PUT /tests/settings); here it is listed, put in use,
 * renamed or given the camera scale, and deleted. Another account's profile is a 404.
 */
const screenProfileRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database> }> = async (app, options) => {
  const service = new ScreenProfilesService(options.db, app.log);
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/screen-profiles',
    {
      schema: {
        tags: ['settings'],
        summary: 'My screen profiles, the latest used first',
        ...authHeader,
        response: { 200: dataResponse(screenProfilesDataSchema), 401: errorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: { profiles: await service.list(signedIn(request).id) },
    }),
  );

  app.post(
    '/screen-profiles/:id/use',
    {
      schema: {
        tags: ['settings'],
        summary: "Put a screen profile in use: its calibration and gamma become the account's settings",
        ...authHeader,
        params: screenProfileParamsSchema,
        response: { 200: dataResponse(screenProfileDataSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.use(signedIn(request).id, request.params.id),
    }),
  );

  app.patch(
    '/screen-profiles/:id',
    {
      schema: {
        tags: ['settings'],
        summary: "Rename a screen profile, or keep (null: forget) the person's camera scale for it",
        ...authHeader,
        params: screenProfileParamsSchema,
        body: screenProfilePatchSchema,
        response: { 200: dataResponse(z.object({ profile: screenProfileSchema })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { profile: await service.patch(signedIn(request).id, request.params.id, request.body) },
    }),
  );

  app.delete(
    '/screen-profiles/:id',
    {
      schema: {
        tags: ['settings'],
        summary: 'Forget a screen profile (the calibration in use is not changed)',
        ...authHeader,
        params: screenProfileParamsSchema,
        response: { 200: dataResponse(z.object({})), ...errors },
      },
    },
    async (request) => {
      await service.remove(signedIn(request).id, request.params.id);
      return { success: true as const, data: {} };
    },
  );
};

export default screenProfileRoutes;
