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
type Entry = readonly [MessageId, MessageValues?];

/** The texts the login screen and the shell may show (their ids are in the `shell` catalog). */
const SERVER_MESSAGE_IDS: Record<string, Entry> = {
  [SERVER_ERROR]: ['error.server'],
  [INVALID_LOGIN]: ['error.invalidLogin'],
  [TOO_MANY_LOGIN_FAILURES]: ['error.tooManyLoginFailures'],
  [SECOND_STEP_EXPIRED]: ['error.secondStepExpired'],
  'Please include a valid email': ['error.emailInvalid'],
  'Password is required': ['error.passwordRequired'],
  'This form could not be checked: the connection seems to be down. Please try again.': [
    'error.formUnavailable',
  ],
};

/**
 * Adds the texts a screen with its own catalog area may show (signup-messages.ts), so that a first screen
 * does not download them.
 */
export function addServerMessages(entries: Readonly<Record<string, Entry>>): void {
  Object.assign(SERVER_MESSAGE_IDS, entries);
}

/** A server's or a form check's English text in the current language (as it is when not known). */
export function translateServerMessage(text: string): string;
export function translateServerMessage(text: string | undefined): string | undefined;
export function translateServerMessage(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const known = SERVER_MESSAGE_IDS[text];
  return known ? t(known[0], known[1]) : text;
}

/** The English texts the table knows now (for its test). */
export function knownServerMessages(): readonly string[] {
  return Object.keys(SERVER_MESSAGE_IDS);
}
