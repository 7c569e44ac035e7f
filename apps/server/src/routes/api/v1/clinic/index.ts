import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clinicPatientListSchema,
  clinicResultSchema,
  dataResponse,
  errorResponseSchema,
  listPatientsQuerySchema,
  patientParamsSchema,
  patientResultsQuerySchema,
  resultsListSchema,
  resultReviewParamsSchema,
  resultReviewsSchema,
  reviewBodySchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
} from '@visus/contracts';
import type { ClinicService } from '../../../../modules/clinic/clinic.service';
import type { ReviewsService } from '../../../../modules/clinic/reviews.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const security = [{ token: [] }];

/**
 * The clinician's workspace (issue 19 item 3). Clinicians only; a patient without an open consent does
 * not exist here (404). Every answer that shows a patient's data is logged for that patient.
 */
const clinicRoutes: FastifyPluginAsyncZod<{ clinic: ClinicService; reviews: ReviewsService }> = async (
  app,
  { clinic, reviews },
) => {
  app.addHook('onRequest', app.requireRole('clinician'));

  app.get(
    '/patients',
    {
      schema: {
        tags: ['clinic'],
        summary: 'Patients who share their results with the clinic, with latest acuity and flags',
        security,
        querystring: listPatientsQuerySchema,
        response: { 200: dataResponse(clinicPatientListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.patients(signedIn(request), request.query),
    }),
  );

  app.get(
    '/patients/:userId/results',
    {
      schema: {
        tags: ['clinic'],
        summary: "A consenting patient's results (as GET /tests/results); 404 without consent",
        security,
        params: patientParamsSchema,
        querystring: patientResultsQuerySchema,
        response: { 200: dataResponse(resultsListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.patientResults(signedIn(request), request.params.userId, request.query),
    }),
  );

  app.get(
    '/reviews/queue',
    {
      schema: {
        tags: ['clinic'],
        summary: 'Results of consenting patients that no clinician has reviewed, oldest first',
        security,
        querystring: reviewQueueQuerySchema,
        response: { 200: dataResponse(reviewQueueSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await clinic.reviewQueue(signedIn(request), request.query),
    }),
  );

  app.get(
    '/results/:resultId',
    {
      schema: {
        tags: ['clinic'],
        summary:
          'One result of a consenting patient with its reviews (for the review form); 404 without consent',
        security,
        params: resultReviewParamsSchema,
        response: { 200: dataResponse(clinicResultSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.resultForReview(signedIn(request), request.params.resultId),
    }),
  );

  app.put(
    '/results/:resultId/review',
    {
      schema: {
        tags: ['clinic'],
        summary:
          "Review a consenting patient's result (an edit keeps the earlier versions); mails the patient",
        security,
        params: resultReviewParamsSchema,
        body: reviewBodySchema,
        response: { 200: dataResponse(resultReviewsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reviews.review(signedIn(request), request.params.resultId, request.body),
    }),
  );
};

export default clinicRoutes;
