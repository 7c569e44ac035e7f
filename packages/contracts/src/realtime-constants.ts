/** Plain settings of the realtime protocol (no zod: the web's entry path imports these). */
export const REALTIME_PATH = '/socket.io';
export const TESTS_NAMESPACE = '/tests';

/** Client reconnection settings (SPEC.md §9). */
export const RECONNECTION = {
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
} as const;

/** How long a sender waits for the other side to acknowledge a relayed event. */
export const ACK_TIMEOUT_MS = 5000;
/** Most key presses a controller may send per second; more are refused (a stuck or hostile client). */
export const MAX_KEYS_PER_SECOND = 20;

/**
 * How long a session stays with its phone after that phone's last connection closed. Until then
 * another phone is refused ('controllerTaken'); after it, the next phone that connects with the pin
 * takes the session over and the first phone's key stops working. The bound phone itself can always
 * come back, before or after, as long as no other phone took over.
 *
 * Why 15 s: a phone that drops for a moment (Wi-Fi to mobile data, the page reloaded, the screen
 * locked and unlocked) reconnects on its own with 1–5 s between attempts (RECONNECTION), so 15 s
 * leaves it several tries before anyone else who has the pin could take its place; and a person who
 * closed the tab, or whose phone died, and picks up another one waits about as long as it takes to
 * scan the code with it anyway. The time counts from when the server noticed the phone leave: at
 * once when a tab closes, at the ping timeout (about 45 s) when a phone vanishes silently.
 */
export const CONTROLLER_TAKEOVER_GRACE_MS = 15_000;

export const REALTIME_ERRORS = {
  sessionNotFound: 'Test session not found',
  sessionClosed: 'This test session has ended',
  /** The database is down for a moment: not a refusal, the client tries again. */
  databaseUnavailable: 'Database unavailable',
  /** Another phone holds the session: it is connected, or left less than CONTROLLER_TAKEOVER_GRACE_MS ago. */
  controllerTaken: 'Another phone is already connected to this session',
  tooManyAttempts: 'Too many attempts, please wait a minute and try again',
  tokenNotValid: 'Token is not valid',
  badHandshake: 'Invalid connection request',
  tooManyKeys: 'Too many key presses',
  unknownEvent: 'Unknown event',
  peerTimeout: 'operation has timed out',
} as const;

/**
 * A controller's key: the random id (≥ 128 bits, base64url) a phone generates once per session and
 * reconnects with. `controllerKeySchema` checks it on the server; the phone checks what it stored.
 */
export const CONTROLLER_KEY_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** The relayed display → controller events (the keys of `displayEvents`; a contracts test keeps them equal). */
export const DISPLAY_EVENT_NAMES = [
  'display-key',
  'sync-controller',
  'display-status',
  'display-reconnect',
  'display-speech',
] as const;
/** The relayed controller → display events (the keys of `controllerEvents`). */
export const CONTROLLER_EVENT_NAMES = [
  'controller-status',
  'controller-key',
  'sync-display',
  'controller-ready',
  'controller-speech',
] as const;

/** The account socket's namespace (SPEC.md §7 "general"): every signed-in tab, in its account's room. */
export const ACCOUNT_NAMESPACE = '/';

/**
 * Events the server sends to every tab of one account on the account socket (docs/realtime.md "The
 * account socket"). They carry no health data: each says what to fetch again.
 * - `results-changed`: a result was saved (from another device, or a display): the lists refetch.
 * - `account-changed`: the account's details or role changed: the current user refetches.
 * - `account-ended`: the account was deleted, or its tokens revoked (password changed or reset); the
 *   server then disconnects the tabs. `tokenVersion` is the new token version for a revocation, so the
 *   tab that changed the password (whose new token has it) stays signed in.
 */
export const ACCOUNT_EVENT_NAMES = ['results-changed', 'account-changed', 'account-ended'] as const;
export type AccountEventName = (typeof ACCOUNT_EVENT_NAMES)[number];
export type AccountEndReason = 'deleted' | 'signed-out-everywhere';
export interface AccountEventPayloads {
  'results-changed': { resultId: string };
  'account-changed': Record<string, never>;
  'account-ended': { reason: AccountEndReason; tokenVersion?: number };
}
