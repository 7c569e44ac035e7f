import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponse, errorResponseSchema } from '@visus/contracts';
import { pingDatabase, type DatabaseHandle } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';

/** Liveness and database reachability, for load balancers and the e2e harness. */
const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Server and database status',
        response: {
          200: dataResponse(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      try {
        await pingDatabase(database.db);
      } catch (error) {
        request.log.warn({ err: error }, 'database unreachable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { success: true as const, data: { status: 'ok' as const, database: database.kind } };
    },
  );
};

export default healthRoutes;
