import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponse, errorResponseSchema } from '@visus/contracts';
import { pingDatabase, type DatabaseHandle } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';

/**
 * Liveness and database reachability, for load balancers and the e2e harness; also the server's public
 * address (PUBLIC_URL), which a display open at localhost puts in its pairing QR code for the phone.
 */
const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; publicUrl?: string }> = async (
  app,
  { database, publicUrl },
) => {
  app.get(
    '/health',
    {
      // The health check is answered however busy the API is: its one query does not queue at the gate.
      config: { databaseGate: false },
      schema: {
        tags: ['system'],
        summary: 'Server and database status',
        response: {
          200: dataResponse(
            z.object({
              status: z.literal('ok'),
              database: z.enum(['pglite', 'postgres']),
              publicUrl: z.string().optional(),
            }),
          ),
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
      return {
        success: true as const,
        data: { status: 'ok' as const, database: database.kind, ...(publicUrl ? { publicUrl } : {}) },
      };
    },
  );
};

export default healthRoutes;
