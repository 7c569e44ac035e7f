import { describe, expect, it } from 'vitest';
import { controllerRouteToken, isAppRoute, isControllerRoute } from './routes';

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
    '/shared/abc_DEF-123',
    '/user/patients',
    '/user/patients/8b0e/results/42',
  ])('knows %s', (path) => expect(isAppRoute(path)).toBe(true));

  it.each([
    '/nope',
    '/tester/dashboard',
    '/user/profiles',
    '/user/preview/colours',
    '/admin/test',
    '/login/extra',
    '/guest/setup',
    '/shared',
    '/shared/abc/extra',
    '/admin/patients',
    '/user/patients/8b0e/results',
  ])('does not know %s', (path) => expect(isAppRoute(path)).toBe(false));
});

describe('controllerRouteToken', () => {
  it.each([
    ['/controller/ABCD2345', 'ABCD2345'],
    ['/controller/abcd-2345/', 'abcd-2345'],
    ['/controller/AB%20CD', 'AB%20CD'],
    ['/controller', null],
    ['/controller/', null],
    ['/controller/ABCD2345/extra', null],
    ['/connect', null],
  ])('reads %s as %s', (path, token) => expect(controllerRouteToken(path)).toBe(token));
});

describe('isControllerRoute', () => {
  it.each(['/controller/ABCD2345', '/controller/abcd-2345/', '/controller/x'])('is %s', (path) =>
    expect(isControllerRoute(path)).toBe(true),
  );
  it.each([
    '/controller',
    '/controller/',
    '/controller/ABCD2345/extra',
    '/connect',
    '/x/controller/ABCD2345',
  ])('is not %s', (path) => expect(isControllerRoute(path)).toBe(false));
  it('names only paths that are app routes', () => {
    for (const path of ['/controller/ABCD2345', '/controller/abcd-2345/'])
      expect(isAppRoute(path)).toBe(true);
  });
});
