import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, vitalsReportSchema } from '@visus/contracts';

/** Reports accepted per client address per minute: a page sends one or two, so this is many tabs' worth. */
export const VITALS_REPORTS_PER_MINUTE = 60;
/** Largest report body (bytes): twenty metrics are about 3 KB. */
export const VITALS_BODY_LIMIT = 8 * 1024;

/**
 * Web Vitals from real use (issue 9 part 6). Public: the page reports before and without sign-in, and
 * the body holds nothing personal (vitalsReportSchema allows screen patterns only, never a pin or
 * token). Each metric becomes one info line in the server log; nothing is stored.
 *
 * Browsers send the report with `navigator.sendBeacon`, whose string body arrives as text/plain, so
 * in this route's scope text/plain is parsed as JSON too.
 */
const vitalsRoutes: FastifyPluginAsyncZod<{ reportsPerMinute?: number }> = async (app, options) => {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    '/vitals',
    {
      bodyLimit: VITALS_BODY_LIMIT,
      config: {
        // Logged, never stored: no database work.
        databaseGate: false,
        rateLimit: { max: options.reportsPerMinute ?? VITALS_REPORTS_PER_MINUTE, timeWindow: 60_000 },
      },
      schema: {
        tags: ['system'],
        summary: 'Report Web Vitals measured in the browser (logged, not stored)',
        body: vitalsReportSchema,
        response: {
          204: z.null().describe('Logged'),
          400: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      for (const metric of request.body.metrics) {
        request.log.info(
          {
            vital: {
              name: metric.name,
              value: metric.value,
              rating: metric.rating,
              route: metric.route,
              id: metric.id,
              ...(metric.navigationType ? { navigationType: metric.navigationType } : {}),
            },
          },
          'web vital',
        );
      }
      return reply.status(204).send(null);
    },
  );
};

export default vitalsRoutes;
