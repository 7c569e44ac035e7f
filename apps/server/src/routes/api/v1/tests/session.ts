import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSessionBodySchema,
  createSingleSessionBodySchema,
  dataResponse,
  errorResponseSchema,
  pinParamsSchema,
  sessionSchema,
} from '@visus/contracts';
import type { SessionsService } from '../../../../modules/sessions/sessions.service';
import { signedIn } from '../../../../plugins/app/auth/authenticate';
import { closeSessionRoom } from '../../../../plugins/app/realtime/tests-namespace';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const security = [{ token: [] }];

/** Test sessions (SPEC.md §7); `:id` is the pin. Only the owner's display reads or completes one. */
const sessionRoutes: FastifyPluginAsyncZod<{ sessions: SessionsService }> = async (app, { sessions }) => {
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/session',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Start a full battery (Part A with the chosen chart, then B and C)',
        security,
        body: createSessionBodySchema,
        response: { 201: dataResponse(sessionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { chart, units, crowding } = request.body;
      const session = await sessions.createBattery(signedIn(request), chart, units, crowding);
      return reply.status(201).send({ success: true, data: session });
    },
  );

  app.post(
    '/session/single',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Start a single test, optionally in test mode',
        security,
        body: createSingleSessionBodySchema,
        response: { 201: dataResponse(sessionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { test, testMode, units, crowding } = request.body;
      const session = await sessions.createSingle(signedIn(request), test, testMode, units, crowding);
      return reply.status(201).send({ success: true, data: session });
    },
  );

  app.get(
    '/session/:id',
    {
      schema: {
        tags: ['sessions'],
        summary: "One of the caller's test sessions",
        security,
        params: pinParamsSchema,
        response: { 200: dataResponse(sessionSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sessions.get(signedIn(request), request.params.id),
    }),
  );

  app.patch(
    '/session/:id',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Complete the session: its pin stops working',
        security,
        params: pinParamsSchema,
        response: { 200: dataResponse(sessionSchema), ...errors },
      },
    },
    async (request) => {
      const session = await sessions.complete(signedIn(request), request.params.id);
      // The phone and any display of this session are told and disconnected; the pin is dead.
      await closeSessionRoom(app.io.of('/tests'), session.pin);
      return { success: true as const, data: session };
    },
  );
};

export default sessionRoutes;
