import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  errorResponseSchema,
  shareWithClinicBodySchema,
  sharingSchema,
} from '@visus/contracts';
import type { ClinicService } from '../../../modules/clinic/clinic.service';
import { signedIn } from '../../../plugins/app/auth/authenticate';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const security = [{ token: [] }];

/**
 * A patient's sharing with the clinic (issue 19 item 2): every signed-in account has its own consent;
 * nobody reads or changes another's. Granting twice or revoking when not shared changes nothing.
 */
const sharingRoutes: FastifyPluginAsyncZod<{ clinic: ClinicService }> = async (app, { clinic }) => {
  app.addHook('onRequest', app.authenticate);
  const response = { 200: dataResponse(sharingSchema), ...errors };

  app.get(
    '/',
    {
      schema: {
        tags: ['sharing'],
        summary: 'My consent to share results with the clinic, its history, and who viewed my data',
        security,
        response,
      },
    },
    async (request) => ({ success: true as const, data: await clinic.sharing(signedIn(request)) }),
  );

  app.put(
    '/clinic',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Share all my results with the clinic (every clinician of this Visus)',
        security,
        body: shareWithClinicBodySchema,
        response,
      },
    },
    async (request) => ({ success: true as const, data: await clinic.grant(signedIn(request)) }),
  );

  app.delete(
    '/clinic',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Stop sharing with the clinic: clinicians lose access at once (the log stays mine)',
        security,
        response,
      },
    },
    async (request) => ({ success: true as const, data: await clinic.revoke(signedIn(request)) }),
  );
};

export default sharingRoutes;
