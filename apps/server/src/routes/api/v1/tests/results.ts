import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataResponse,
  errorResponseSchema,
  resultIdParamsSchema,
  resultRecordSchema,
  resultsListQuerySchema,
  resultsListSchema,
  storedResultSchema,
} from '@visus/contracts';
import type { ResultsService } from '../../../../modules/results/results.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';
import { tellAccount } from '../../../../plugins/app/realtime/account-room';
import { closeSessionRoom } from '../../../../plugins/app/realtime/tests-namespace';
import { memoisedListSerializer, ValidatedJsonMemo } from '../../../../plugins/app/memo-serializer';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const security = [{ token: [] }];

/** Stored test results (SPEC.md §3, §7; issue 7). Only the owner reads or writes their results. */
const resultRoutes: FastifyPluginAsyncZod<{ results: ResultsService }> = async (app, { results }) => {
  app.addHook('onRequest', app.authenticate);
  // Stored results never change: each one's answer is validated against its schema once, not per read.
  const storedResults = new ValidatedJsonMemo(storedResultSchema);

  app.put(
    '/results',
    {
      schema: {
        tags: ['results'],
        summary: 'Save a result record; a session is stored once (a repeat answers the stored result)',
        security,
        body: resultRecordSchema,
        response: { 200: dataResponse(storedResultSchema), 201: dataResponse(storedResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const saved = await results.save(signedIn(request), request.body);
      // Saving completed the session: its phone and displays are told and disconnected, as on PATCH.
      if (saved.completedPin) await closeSessionRoom(app.io.of('/tests'), saved.completedPin);
      // The account's other tabs and devices refresh their results lists (docs/realtime.md).
      if (saved.created)
        tellAccount(app.io, signedIn(request).id, 'results-changed', { resultId: saved.result._id });
      // A new result is answered with what the request schema has just checked (its setup and data are
      // the parsed body; storedResultSchema holds the very same schemas, results.schema.test.ts) and the
      // row's id and time: checking it again against the response schema found nothing new and was a
      // sixth of the save's CPU (issue 21 item 2, bench/load/README.md). A repeat's stored row is checked.
      if (saved.created) reply.serializer((payload: unknown) => JSON.stringify(payload));
      return reply.status(saved.created ? 201 : 200).send({ success: true, data: saved.result });
    },
  );

  app.get(
    '/results',
    {
      schema: {
        tags: ['results'],
        summary: "The caller's results, newest first, paged and filtered by date range and test",
        security,
        querystring: resultsListQuerySchema,
        response: { 200: dataResponse(resultsListSchema), ...errors },
      },
      serializerCompiler: memoisedListSerializer('results', storedResults),
    },
    async (request) => ({
      success: true as const,
      data: await results.list(signedIn(request), request.query),
    }),
  );

  app.get(
    '/results/:id',
    {
      schema: {
        tags: ['results'],
        summary: "One of the caller's results",
        security,
        params: resultIdParamsSchema,
        response: { 200: dataResponse(storedResultSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await results.get(signedIn(request), request.params.id),
    }),
  );
};

export default resultRoutes;
