/**
 * The screens of SPEC.md §2 as path patterns (`:param` segments). The server answers these with the
 * web app and status 200, and anything else outside /api with the web app and status 404 (the app
 * then shows its not-found page); the web router declares the same patterns.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/login',
  '/register',
  '/reset-password',
  '/reset-password/:token',
  '/admin/dashboard',
  '/user/dashboard',
  '/admin/profiles',
  '/admin/invite',
  '/:role/profile',
  '/:role/results',
  '/:role/test/:token/test-mode',
  '/:role/test/:token',
  '/:role/tests',
  '/:role/history',
  '/:role/setup',
  '/:role/gamma',
  '/controller/:token',
  '/connect',
  '/admin/preview/colours',
  '/admin/preview/sinegratingscorrected',
  '/admin/preview/diamondtestpreview',
  '/admin/preview/diamondcolourpreview',
  '/info',
  '/shared/:token',
  '/two-step-setup',
  '/user/patients',
  '/user/patients/:userId',
  '/user/patients/:userId/results/:resultId',
] as const;

const ROLE_SEGMENTS = new Set(['admin', 'user']);

/** True when `pathname` is one of the app's screens ({role} is admin or user). */
export function isAppRoute(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  return APP_ROUTE_PATTERNS.some((pattern) => {
    const want = pattern === '/' ? [] : pattern.split('/').slice(1);
    const have = pathname === '/' ? [] : parts;
    if (want.length !== have.length) return false;
    return want.every((segment, i) => {
      const actual = have[i]!;
      if (segment === ':role') return ROLE_SEGMENTS.has(actual);
      if (segment.startsWith(':')) return actual.length > 0;
      return segment === actual;
    });
  });
}

/**
 * True for the phone controller's screen, `/controller/:token`: the server answers it with the
 * controller's own light page (controller.html, docs/adr/0005) rather than the main app.
 */
export function isControllerRoute(pathname: string): boolean {
  return controllerRouteToken(pathname) !== null;
}

/**
 * The `:token` segment of `/controller/:token` as it stands in the path (still URL-escaped), or null
 * when `pathname` is not the phone controller's screen.
 */
export function controllerRouteToken(pathname: string): string | null {
  return /^\/controller\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;
}
