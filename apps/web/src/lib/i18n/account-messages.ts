import { TWO_FACTOR_CODE_WRONG } from '@visus/contracts/constants';
import { addServerMessages } from './server-messages';
import './signup-messages';

/*
 * The server's and the forms' texts the account screens may show (dashboard, profile, two-step sign-in,
 * and the login's second step; their ids are in the `account` catalog area); imported by those screens,
 * so that no first screen downloads them. The name, email and password rules they share with
 * registration are signup-messages.ts' (those screens load the `signup` area too). Only the contracts'
 * constants module is imported (the second step is a guest screen: no zod); the server's own texts are
 * written out, and account-messages.test.ts checks them against the contracts' schemas where they are
 * schema texts.
 */
const NAME_MAX = 100;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 256;

addServerMessages({
  [TWO_FACTOR_CODE_WRONG]: ['account.error.codeWrong'],
  'Current password is incorrect': ['account.error.currentPasswordWrong'],
  'Current password is required': ['account.error.currentPasswordRequired'],
  'Password is incorrect': ['account.error.passwordWrong'],
  'Two-step sign-in is for clinicians and admins': ['account.error.twoStepNotForRole'],
  'Two-step sign-in is already on': ['account.error.twoStepAlreadyOn'],
  'Two-step sign-in is not on': ['account.error.twoStepNotOn'],
  'Start the set-up again: no code was asked for': ['account.error.twoStepNotStarted'],
  'Two-step sign-in is required for your role and cannot be turned off': ['account.error.twoStepRequired'],
  [`Name must be at most ${NAME_MAX} characters`]: ['account.error.nameTooLong', { max: NAME_MAX }],
  'Name contains invalid characters': ['account.error.nameInvalid'],
  [`Email must be at most ${EMAIL_MAX} characters`]: ['account.error.emailTooLong', { max: EMAIL_MAX }],
  [`Password must be at most ${PASSWORD_MAX} characters`]: [
    'account.error.passwordTooLong',
    { max: PASSWORD_MAX },
  ],
});
