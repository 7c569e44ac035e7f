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
 * A server text built with figures in it ("Page 7 is past the end: the last page is 3"): the whole text as
 * a pattern whose groups capture the figures, and the message they fill (null: not one the words can say,
 * shown as the server wrote it). The figures stay as the server wrote them (no digit grouping).
 */
export type ServerPattern = readonly [RegExp, (figures: readonly string[]) => Entry | null];

/** Whether "1 second" / "5 seconds" ends as English counts `figure` (`plural` is the 's' or ''). */
export function countAgrees(figure: string, plural: string): boolean {
  return (figure === '1') === (plural === '');
}

/** The amount of a wait the server writes as `${n} ${unit}${n === 1 ? '' : 's'}`, in words. */
function retryIn(figure: string, plural: string): Entry | null {
  if (!countAgrees(figure, plural)) return null;
  return ['error.busy', { count: Number(figure), seconds: figure }];
}

const UNIT_IDS: Readonly<Record<string, MessageId>> = {
  second: 'error.after.second',
  minute: 'error.after.minute',
  hour: 'error.after.hour',
  day: 'error.after.day',
};

const SERVER_MESSAGE_PATTERNS: ServerPattern[] = [
  // 503 at the database gate (apps/server plugins/app/database-gate.ts, databaseBusyMessage).
  [/^The server is busy\. Please try again in (\d+) second(s?)\.$/, ([n = '', s = '']) => retryIn(n, s)],
  // 503 when password work is refused (apps/server plugins/app/auth/password.ts, passwordWorkBusyMessage).
  [
    /^The server is busy checking other passwords\. Please try again in (\d+) second(s?)\.$/,
    ([n = '', s = '']) => {
      const entry = retryIn(n, s);
      return entry && ['error.busyPasswords', entry[1]];
    },
  ],
  // 429 of a rate-limited route (apps/server app.ts; `after` is @lukeed/ms's long format, "1 minute").
  [
    /^Too many requests, please try again in (\d+) (second|minute|hour|day)(s?)$/,
    ([n = '', unit = '', s = '']) => {
      const id = UNIT_IDS[unit];
      if (!id || !countAgrees(n, s)) return null;
      return ['error.tooManyRequests', { after: t(id, { count: Number(n), amount: n }) }];
    },
  ],
];

/**
 * Adds the texts a screen with its own catalog area may show (signup-messages.ts), so that a first screen
 * does not download them.
 */
export function addServerMessages(entries: Readonly<Record<string, Entry>>): void {
  Object.assign(SERVER_MESSAGE_IDS, entries);
}

/** Adds the patterns of texts with figures a screen with its own catalog area may show (admin-messages.ts). */
export function addServerPatterns(patterns: readonly ServerPattern[]): void {
  SERVER_MESSAGE_PATTERNS.push(...patterns);
}

/** A server's or a form check's English text in the current language (as it is when not known). */
export function translateServerMessage(text: string): string;
export function translateServerMessage(text: string | undefined): string | undefined;
export function translateServerMessage(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const known = Object.hasOwn(SERVER_MESSAGE_IDS, text) ? SERVER_MESSAGE_IDS[text] : undefined;
  if (known) return t(known[0], known[1]);
  for (const [pattern, entry] of SERVER_MESSAGE_PATTERNS) {
    const match = pattern.exec(text);
    const found = match ? entry(match.slice(1)) : null;
    if (found) return t(found[0], found[1]);
  }
  return text;
}

/** The English texts the table knows now (for its test). */
export function knownServerMessages(): readonly string[] {
  return Object.keys(SERVER_MESSAGE_IDS);
}
