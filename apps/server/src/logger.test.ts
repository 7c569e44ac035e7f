import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it.each([
    ['/api/v1/auth/resetpassword/abc_DEF-1', '/api/v1/auth/resetpassword/[redacted]'],
    ['/reset-password/abc_DEF-1?x=1', '/reset-password/[redacted]?x=1'],
    ['/api/v1/auth/invite/CODE123', '/api/v1/auth/invite/[redacted]'],
    ['/register?invite=CODE123&x=1', '/register?invite=[redacted]&x=1'],
    ['/api/v1/tests/session/ABCD2345', '/api/v1/tests/session/[redacted]'],
    ['/user/test/ABCD2345/test-mode', '/user/test/[redacted]/test-mode'],
    ['/controller/ABCD2345', '/controller/[redacted]'],
    ['/connect?pin=ABCD2345', '/connect?pin=[redacted]'],
    ['/shared/abc_DEF-1', '/shared/[redacted]'],
    ['/api/v1/shared/abc_DEF-1/export?format=fhir', '/api/v1/shared/[redacted]/export?format=fhir'],
  ])('hides the secret in %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(['/api/v1/tests/session/single', '/api/v1/tests/session', '/user/tests', '/api/v1/health'])(
    'leaves %s as it is',
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});
