/**
 * The account roles of Visus (SPEC.md §6, issue 19): a clinician takes tests as a user does (the user
 * screens) and also reads the results of patients who shared them with the clinic.
 */
export const ROLES = ['admin', 'user', 'tester', 'clinician'] as const;
export type Role = (typeof ROLES)[number];

/** Route prefixes that exist in the app: a tester and a clinician use the user screens. */
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

/** True when the role may read the results of patients who consented to share them with the clinic. */
export function isClinician(role: Role): boolean {
  return role === 'clinician';
}
