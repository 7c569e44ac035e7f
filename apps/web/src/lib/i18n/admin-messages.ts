import { addServerMessages, addServerPatterns } from './server-messages';

/*
 * The server's texts the admin screens may show (their ids are in the `admin` catalog area); imported by
 * those screens, so that no other screen downloads them. Written out like the other areas' (no zod with
 * them); area-messages.test.ts checks they are still the contracts' texts.
 */
addServerMessages({
  'Visus needs at least one admin: make someone else an admin first': ['admin.error.lastAdmin'],
  'Turn off your own two-step sign-in from your profile, with your password and a code': [
    'admin.error.resetOwnTwoStep',
  ],
  'Two-step sign-in is not on for this account': ['admin.error.twoStepNotOn'],
  'An account with this email already exists': ['admin.error.emailTaken'],
  'User not found': ['admin.error.userNotFound'],
  'Invite not found': ['admin.error.inviteNotFound'],
  // A revocation that came too late: the invite is no longer pending.
  'This invite is used, not pending: it cannot be revoked': ['admin.error.inviteUsed'],
  'This invite is expired, not pending: it cannot be revoked': ['admin.error.inviteExpired'],
  'This invite is revoked, not pending: it cannot be revoked': ['admin.error.inviteRevoked'],
});

addServerPatterns([
  // A page asked for past the last (apps/server modules/admin/admin.service.ts).
  [
    /^Page (\d+) is past the end: the last page is (\d+)$/,
    ([page = '', last = '']) => ['admin.error.pastTheEnd', { page, last }],
  ],
]);
