import { ROLES, type Role } from '@visus/core';

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  user: 'User',
  tester: 'Tester',
  clinician: 'Clinician',
};

/** Every role in the order the selects offer them. */
export const ROLE_OPTIONS: readonly Role[] = ROLES;

const WITH_ARTICLE: Record<Role, string> = {
  admin: 'an Admin',
  user: 'a User',
  tester: 'a Tester',
  clinician: 'a Clinician',
};

/** "an Admin", "a User", "a Tester". */
export function withArticle(role: Role): string {
  return WITH_ARTICLE[role];
}
