import { addServerMessages } from './server-messages';

/*
 * The server's and the forms' texts the registration and password screens may show (their ids are in
 * the `signup` catalog area); imported by those screens, so that the login screen does not download them.
 */
const PASSWORD_MIN = 8;

addServerMessages({
  [`Password must be at least ${PASSWORD_MIN} characters`]: ['error.passwordTooShort', { min: PASSWORD_MIN }],
  'Name is required': ['error.nameRequired'],
  'Passwords do not match': ['error.passwordsDoNotMatch'],
  'Invalid date of birth': ['error.invalidDateOfBirth'],
  'An account with this email already exists': ['error.emailTaken'],
  'Password reset link is invalid or has expired': ['error.resetLinkInvalid'],
  'This invite is invalid, used, revoked or expired': ['error.inviteInvalid'],
  'Registration is by invitation only': ['error.inviteOnly'],
  'If an account exists for that email, we have sent a link to reset the password. The link works for 30 minutes.':
    ['forgot.sent'],
});
