import {
  INVALID_LOGIN,
  SECOND_STEP_EXPIRED,
  SERVER_ERROR,
  TOO_MANY_LOGIN_FAILURES,
} from '@visus/contracts/constants';
import { t, type MessageId, type MessageValues } from './i18n';

/*
 * The server answers in English (SPEC.md's texts, unchanged); each answer's text is stable, and is its
 * code. The client shows the ones the translated screens meet in the person's language: this table maps
 * each stable text to its message id. A text not listed stays as the server wrote it. The texts of the
 * contracts' schemas are written out here rather than imported, so that the guest screens do not
 * download zod with them; server-messages.test.ts checks that they are still the schemas' texts.
 */
const PASSWORD_MIN = 8;

const SERVER_MESSAGE_IDS: Readonly<Record<string, readonly [MessageId, MessageValues?]>> = {
  [SERVER_ERROR]: ['error.server'],
  [INVALID_LOGIN]: ['error.invalidLogin'],
  [TOO_MANY_LOGIN_FAILURES]: ['error.tooManyLoginFailures'],
  [SECOND_STEP_EXPIRED]: ['error.secondStepExpired'],
  'Please include a valid email': ['error.emailInvalid'],
  'Password is required': ['error.passwordRequired'],
  [`Password must be at least ${PASSWORD_MIN} characters`]: ['error.passwordTooShort', { min: PASSWORD_MIN }],
  'Name is required': ['error.nameRequired'],
  'Passwords do not match': ['error.passwordsDoNotMatch'],
  'Invalid date of birth': ['error.invalidDateOfBirth'],
  'An account with this email already exists': ['error.emailTaken'],
  'Password reset link is invalid or has expired': ['error.resetLinkInvalid'],
  'This invite is invalid, used, revoked or expired': ['error.inviteInvalid'],
  'Registration is by invitation only': ['error.inviteOnly'],
  'This form could not be checked: the connection seems to be down. Please try again.': [
    'error.formUnavailable',
  ],
  'If an account exists for that email, we have sent a link to reset the password. The link works for 30 minutes.':
    ['forgot.sent'],
};

/** A server's or a form check's English text in the current language (as it is when not known). */
export function translateServerMessage(text: string): string;
export function translateServerMessage(text: string | undefined): string | undefined;
export function translateServerMessage(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const known = SERVER_MESSAGE_IDS[text];
  return known ? t(known[0], known[1]) : text;
}

/** The English texts this table knows (for its test). */
export const KNOWN_SERVER_MESSAGES: readonly string[] = Object.keys(SERVER_MESSAGE_IDS);
