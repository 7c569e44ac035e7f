import {
  LAST_ADMIN_ERROR,
  RESET_OWN_TWO_FACTOR_ERROR,
  TWO_FACTOR_NOT_ON_FOR_ACCOUNT,
  USER_EXISTS_FOR_INVITE,
} from '@visus/contracts';
import { addServerMessages } from './server-messages';

/*
 * The server's texts the admin screens may show (their ids are in the `admin` catalog area); imported by
 * those screens, so that no other screen downloads them.
 */
addServerMessages({
  [LAST_ADMIN_ERROR]: ['admin.error.lastAdmin'],
  [RESET_OWN_TWO_FACTOR_ERROR]: ['admin.error.resetOwnTwoStep'],
  [TWO_FACTOR_NOT_ON_FOR_ACCOUNT]: ['admin.error.twoStepNotOn'],
  [USER_EXISTS_FOR_INVITE]: ['admin.error.emailTaken'],
  'User not found': ['admin.error.userNotFound'],
  'Invite not found': ['admin.error.inviteNotFound'],
  // A revocation that came too late: the invite is no longer pending.
  'This invite is used, not pending: it cannot be revoked': ['admin.error.inviteUsed'],
  'This invite is expired, not pending: it cannot be revoked': ['admin.error.inviteExpired'],
  'This invite is revoked, not pending: it cannot be revoked': ['admin.error.inviteRevoked'],
});
