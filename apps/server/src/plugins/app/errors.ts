import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { SERVER_ERROR } from '@visus/contracts';
import { HttpError } from '../../lib/http-error';
import { isDatabaseUnavailable } from '../../db/unavailable';

/** The answer to any request while the database cannot be reached (same words as the health check). */
export const DATABASE_UNAVAILABLE = 'Database unavailable';

/** Messages that already say which field they are about; anything else gets the field's name in front. */
function nameTheField(instancePath: string, message: string, context: string): string {
  const field = instancePath.replace(/^\//, '').replace(/\//g, '.');
  // zod's own messages ("Invalid input: expected object, received array") need a subject; ours have one.
  const generic = /^(Invalid input|Invalid option|Too (big|small)|Unrecognized key)/i.test(message);
  if (!generic) return message;
  if (!field) return context === 'body' ? `Request body: ${message}` : `${context}: ${message}`;
  return message.toLowerCase().includes(`"${field.toLowerCase()}"`) ? message : `${field}: ${message}`;
}

/** Framework error codes that are the client's fault, with the message they should read. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Malformed JSON in request body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'Request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported Content-Type: send application/json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Content-Length does not match the body' },
  FST_ERR_CTP_INVALID_TYPE: { status: 400, message: 'Invalid Content-Type header' },
  FST_ERR_INVALID_URL: { status: 400, message: 'Invalid URL' },
  FST_ERR_BAD_URL: { status: 400, message: 'Invalid URL' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'Invalid request' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'A value in the URL is too long' },
};

/**
 * Errors the router raises before any route or error handler runs (a malformed or over-long URL):
 * answered in the same `{ success: false, error }` shape (Fastify's `frameworkErrors` option).
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = CLIENT_ERRORS[error.code] ?? { status: 400, message: 'Invalid request' };
  void reply.status(known.status).send({ success: false, error: known.message });
}

/**
 * One shape for every failure: `{ success: false, error }` with a proper status (DESIGN.md §5).
 * Validation errors name the field; an unreachable database is 503 'Database unavailable'; unexpected
 * errors are logged and answered with 'Server Error' without internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ success: false, error: error.message, ...(error.code ? { code: error.code } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first
        ? nameTheField(first.instancePath, first.message ?? 'is invalid', error.validationContext ?? 'body')
        : 'Invalid request';
      return reply.status(400).send({ success: false, error: message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ success: false, error: SERVER_ERROR });
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ success: false, error: known.message });
    if (error.statusCode === 429) {
      return reply.status(429).send({ success: false, error: error.message });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ success: false, error: error.message || 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is stopped, restarting or out of reach: a clean, retryable answer, not a crash.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, error: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ success: false, error: SERVER_ERROR });
  });
}
