import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes';

describe('isAppRoute', () => {
  it.each([
    '/',
    '/login',
    '/reset-password',
    '/reset-password/abc',
    '/user/dashboard',
    '/admin/profiles',
    '/user/test/ABC123/test-mode',
    '/admin/test/ABC123',
    '/user/gamma',
    '/controller/XYZ',
    '/admin/preview/colours',
    '/info',
    '/info/',
  ])('knows %s', (path) => expect(isAppRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/tester/dashboard',
    '/user/profiles',
    '/user/preview/colours',
    '/admin/test',
    '/login/extra',
    '/guest/setup',
  ])('does not know %s', (path) => expect(isAppRoute(path)).toBe(false));
});
