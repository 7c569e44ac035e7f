import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createdShareLinkSchema,
  createShareLinkBodySchema,
  dataResponse,
  errorResponseSchema,
  shareLinkListSchema,
  shareLinkParamsSchema,
  shareLinkResultParamsSchema,
  shareLinkSchema,
} from '@visus/contracts';
import type { ShareLinksService } from '../../../../modules/share-links/share-links.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const security = [{ token: [] }];

/**
 * The owner's share links to one of their results (issue 19 item 5): make, list, revoke. Any signed-in
 * account shares its own results; another's result (or an unknown one) is a 404.
 */
const shareLinkRoutes: FastifyPluginAsyncZod<{ shareLinks: ShareLinksService }> = async (
  app,
  { shareLinks },
) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/results/:id/share-links',
    {
      schema: {
        tags: ['share links'],
        summary:
          'Make a read-only link to one of my results (1–30 days, 7 by default); its URL is shown once',
        security,
        params: shareLinkResultParamsSchema,
        body: createShareLinkBodySchema,
        response: { 201: dataResponse(createdShareLinkSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true,
        data: await shareLinks.create(signedIn(request), request.params.id, request.body),
      }),
  );

  app.get(
    '/results/:id/share-links',
    {
      schema: {
        tags: ['share links'],
        summary: 'My links to one of my results: expiry, revocation, openings (never the token)',
        security,
        params: shareLinkResultParamsSchema,
        response: { 200: dataResponse(shareLinkListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shareLinks.list(signedIn(request), request.params.id),
    }),
  );

  app.delete(
    '/results/:id/share-links/:linkId',
    {
      schema: {
        tags: ['share links'],
        summary: 'Revoke one of my share links: it stops working at once',
        security,
        params: shareLinkParamsSchema,
        response: { 200: dataResponse(shareLinkSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await shareLinks.revoke(signedIn(request), request.params.id, request.params.linkId),
    }),
  );
};

export default shareLinkRoutes;
