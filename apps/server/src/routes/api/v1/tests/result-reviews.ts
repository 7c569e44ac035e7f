import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  errorResponseSchema,
  resultIdParamsSchema,
  resultReviewsSchema,
} from '@visus/contracts';
import type { ReviewsService } from '../../../../modules/clinic/reviews.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

/** The clinicians' reviews of one of my results (issue 19 item 4); another's result is a 404. */
const resultReviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.addHook('onRequest', app.authenticate);
  app.get(
    '/results/:id/reviews',
    {
      schema: {
        tags: ['results'],
        summary: "Clinicians' reviews of one of the caller's results, the current one and every version",
        security: [{ token: [] }],
        params: resultIdParamsSchema,
        response: {
          200: dataResponse(resultReviewsSchema),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.ownReviews(signedIn(request), request.params.id),
    }),
  );
};

export default resultReviewRoutes;
