import { APP_ROUTE_PATTERNS } from './routes';

/** The metrics reported: Largest / First Contentful Paint, Cumulative Layout Shift, Interaction to Next Paint, Time To First Byte. */
export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export const VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;

export const VITAL_NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
  'soft-navigation',
] as const;

/** The route of a page that is none of the app's screens (the not-found page). */
export const UNKNOWN_VITALS_ROUTE = '*';

/** Most metrics one report may carry: one page load sends at most the five, a few loads at most a few times that. */
export const MAX_VITALS_PER_REPORT = 20;

const ROLE_SEGMENTS = ['admin', 'user'] as const;

/** Every route a report may name: each screen pattern with `:role` spelt out, plus the not-found route. */
export const VITALS_ROUTES: ReadonlySet<string> = new Set([
  UNKNOWN_VITALS_ROUTE,
  ...APP_ROUTE_PATTERNS.flatMap((pattern) =>
    pattern.includes(':role') ? ROLE_SEGMENTS.map((role) => pattern.replace(':role', role)) : [pattern],
  ),
]);

/**
 * The screen pattern of a path, with ids, pins and tokens replaced by their parameter name:
 * `/user/test/AB12CD` → `/user/test/:token`, `/controller/AB12CD` → `/controller/:token`,
 * `/reset-password/<token>` → `/reset-password/:token`. A path that is no screen gives `*`.
 * A query string or fragment is ignored. The `{role}` segment (admin or user) is kept: it is not personal.
 */
export function vitalsRouteOf(pathname: string): string {
  const path = pathname.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  const have = path === '/' ? [] : path.split('/').slice(1);
  for (const pattern of APP_ROUTE_PATTERNS) {
    const want = pattern === '/' ? [] : pattern.split('/').slice(1);
    if (want.length !== have.length) continue;
    const matches = want.every((segment, i) => {
      const actual = have[i]!;
      if (segment === ':role') return (ROLE_SEGMENTS as readonly string[]).includes(actual);
      if (segment.startsWith(':')) return actual.length > 0;
      return segment === actual;
    });
    if (matches) {
      const role = want.indexOf(':role');
      return role < 0 ? pattern : pattern.replace(':role', have[role]!);
    }
  }
  return UNKNOWN_VITALS_ROUTE;
}
