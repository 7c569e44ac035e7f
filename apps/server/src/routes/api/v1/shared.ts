import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataResponse,
  errorResponseSchema,
  sharedExportQuerySchema,
  sharedResultSchema,
  sharedTokenParamsSchema,
} from '@visus/contracts';
import type { ShareLinksService } from '../../../modules/share-links/share-links.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/**
 * What a share link opens, signed out (issue 19 item 5): the one result and its FHIR/CSV files, nothing
 * else. Limited per client address like sign-in; answers are never cached and never indexed; the token
 * in the path is kept out of the log (logger.ts redactUrl) and out of Referer (Referrer-Policy: no-referrer).
 */
const sharedRoutes: FastifyPluginAsyncZod<{
  shareLinks: ShareLinksService;
  perWindow: number;
  windowMs: number;
}> = async (app, { shareLinks, perWindow, windowMs }) => {
  const config = { rateLimit: { max: perWindow, timeWindow: windowMs } };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  app.get(
    '/:token',
    {
      config,
      schema: {
        tags: ['share links'],
        summary: 'The result a share link shows, with the name and date of birth its report shows',
        params: sharedTokenParamsSchema,
        response: { 200: dataResponse(sharedResultSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await shareLinks.open(request.params.token) }),
  );

  app.get(
    '/:token/export',
    {
      config,
      schema: {
        tags: ['share links'],
        summary: 'The shared result as a FHIR R4 transaction Bundle or a CSV file (a download)',
        params: sharedTokenParamsSchema,
        querystring: sharedExportQuerySchema,
        response: { 200: z.string().describe('The file (FHIR JSON or CSV text)'), ...errors },
      },
      // The file is sent as it is; refusals are the usual JSON.
      serializerCompiler: () => (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
    },
    async (request, reply) => {
      const file = await shareLinks.export(request.params.token, request.query.format);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="${file.name}"`)
        .send(file.content);
    },
  );
};

export default sharedRoutes;
