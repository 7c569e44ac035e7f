import { ROLES, type Role } from '@visus/core';
import type { MessageId } from '@/lib/i18n/i18n';

/** A role's name for people, as a label ("Tester"); the stored value stays the role's code. */
export const ROLE_LABELS: Record<Role, MessageId> = {
  admin: 'admin.role.admin',
  user: 'admin.role.user',
  tester: 'admin.role.tester',
  clinician: 'admin.role.clinician',
};

/** A role as a sentence names someone's ("a Tester" in English). */
export const ROLE_WITH_ARTICLE: Record<Role, MessageId> = {
  admin: 'admin.roleA.admin',
  user: 'admin.roleA.user',
  tester: 'admin.roleA.tester',
  clinician: 'admin.roleA.clinician',
};

/** A role as a word inside a sentence ("tester" in English). */
export const ROLE_WORDS: Record<Role, MessageId> = {
  admin: 'admin.roleWord.admin',
  user: 'admin.roleWord.user',
  tester: 'admin.roleWord.tester',
  clinician: 'admin.roleWord.clinician',
};

/** Every role in the order the selects offer them. */
export const ROLE_OPTIONS: readonly Role[] = ROLES;
