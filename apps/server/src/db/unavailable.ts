/** Socket errors of a database connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that mean "the server is not there for you right now": class 08 (connection exception) and
 * 57P01–57P03 (admin_shutdown, crash_shutdown, cannot_connect_now — a server stopping or starting).
 */
const SQLSTATE_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/** node-postgres reports a lost or refused connection with these messages and no code. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * Whether `error` says the database cannot be reached (stopped, restarting, network gone) rather than a
 * fault of the query or of the request: such requests are answered 503 'Database unavailable' and may be
 * retried. Looks through `cause` chains and AggregateErrors (a refused connection to each address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQLSTATE_UNAVAILABLE.test(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
