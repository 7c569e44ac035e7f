import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

function withCode(code: string, message = 'failed'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a connection reset', withCode('ECONNRESET')],
    [
      'a server shutting down (57P01 admin_shutdown)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    [
      'a server starting up (57P03 cannot_connect_now)',
      withCode('57P03', 'the database system is starting up'),
    ],
    ['a connection failure (08006)', withCode('08006')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'every address refused',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'all failed'),
    ],
    ['a wrapped cause', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error (42601)', withCode('42601')],
    ['a programming error', new TypeError('Cannot read properties of undefined')],
    ['a framework error code', withCode('FST_ERR_CTP_INVALID_JSON_BODY')],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = new Error('b', { cause: a });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
