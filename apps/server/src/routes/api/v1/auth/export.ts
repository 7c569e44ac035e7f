import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportSchema, dataResponse, errorResponseSchema } from '@visus/contracts';
import type { AccountExportService } from '../../../../modules/account/account-export.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

/** GET /auth/export: the signed-in person's data download (any role; only their own). */
const accountExportRoutes: FastifyPluginAsyncZod<{ exporter: AccountExportService }> = async (
  app,
  { exporter },
) => {
  app.get(
    '/export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary:
          'All of my data as JSON: account, settings, results, clinic consent, the log of clinician views, reviews',
        security: [{ token: [] }],
        response: { 200: dataResponse(accountExportSchema), 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await exporter.export(signedIn(request));
      const day = data.exportedAt.slice(0, 10);
      void reply.header('Content-Disposition', `attachment; filename="visus-data-${day}.json"`);
      void reply.header('Cache-Control', 'no-store');
      return { success: true as const, data };
    },
  );
};

export default accountExportRoutes;
