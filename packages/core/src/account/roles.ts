/** The three account roles of Visus (SPEC.md §6). */
export const ROLES = ['admin', 'user', 'tester'] as const;
export type Role = (typeof ROLES)[number];

/** Route prefixes that exist in the app: a tester uses the user screens. */
export type RoutePrefix = 'admin' | 'user';

/**
 * The URL prefix of a role's screens (SPEC.md §2: "A route-prefix helper maps the tester role to the
 * user prefix"). `/user/tests` and `/admin/tests` are the same screen for different menus.
 */
export function routePrefix(role: Role): RoutePrefix {
  return role === 'admin' ? 'admin' : 'user';
}

/** True when `value` is one of {@link ROLES}. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The dashboard a signed-in person lands on (the logo and "My Account" go there). */
export function dashboardPath(role: Role): string {
  return `/${routePrefix(role)}/dashboard`;
}
