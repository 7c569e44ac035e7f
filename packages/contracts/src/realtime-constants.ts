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

export const REALTIME_ERRORS = {
  sessionNotFound: 'Test session not found',
  sessionClosed: 'This test session has ended',
  /** The database is down for a moment: not a refusal, the client tries again. */
  databaseUnavailable: 'Database unavailable',
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
] as const;
/** The relayed controller → display events (the keys of `controllerEvents`). */
export const CONTROLLER_EVENT_NAMES = [
  'controller-status',
  'controller-key',
  'sync-display',
  'controller-ready',
] as const;
