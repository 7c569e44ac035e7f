import { io, type Socket } from 'socket.io-client';
import {
  ACK_TIMEOUT_MS,
  RECONNECTION,
  REALTIME_ERRORS,
  REALTIME_PATH,
  TESTS_NAMESPACE,
} from '@visus/contracts/constants';
import type { RelayedEventName, RelayedEventPayload } from '@visus/contracts/realtime-guards';
import type { Ack, Handshake, SessionState } from '@visus/contracts';

/*
 * The `/tests` socket shared by the display and the phone (SPEC.md §7 Realtime, docs/realtime.md).
 * Both sides use one socket type: the server decides which side may send which event and refuses the rest.
 * No zod here: the phone controller's light entry (docs/adr/0005) loads this module; incoming events are
 * checked with the contracts' zod-free guards (`@visus/contracts/realtime-guards`).
 */

/** Socket client messages of SPEC.md §8. */
export const SOCKET_ERRORS = {
  /** The connection attempt took longer than RECONNECTION.timeout. */
  timeout: 'timeout',
  /** The other side did not acknowledge in time (contracts ACK_TIMEOUT_MS). */
  ackTimeout: REALTIME_ERRORS.peerTimeout,
  /** The link dropped (or was not up when something was sent). */
  disconnected: 'socket has been disconnected',
} as const;

export { RELAYED_EVENT_NAMES } from '@visus/contracts/realtime-guards';
/** Every event relayed between display and phone. */
export type { RelayedEventName };
/** The payload of a relayed event (`userId` may be left out: the server stamps the owner's id). */
export type RelayedPayload<E extends RelayedEventName> = RelayedEventPayload<E>;

/** What a receiver answers to a relayed event (the server only counts the answers). */
export interface ReceiverAnswer {
  ok: true;
}

type RelayedListeners = {
  [E in RelayedEventName]: (payload: RelayedPayload<E>, ack?: (answer: ReceiverAnswer) => void) => void;
};
/** Events a tests socket receives: the other side's relayed events plus the server's own. */
export type TestsListenEvents = RelayedListeners & {
  'session-state': (state: SessionState) => void;
  'session-ended': (info: { pin: string }) => void;
};
/** Events a tests socket sends, each with an acknowledgement. */
export type TestsEmitEvents = {
  [E in RelayedEventName]: (payload: RelayedPayload<E>, ack: (answer: Ack) => void) => void;
};
export type TestsSocket = Socket<TestsListenEvents, TestsEmitEvents>;

export interface ConnectOptions {
  /** Server origin; the page's own origin when left out (the server serves the app). */
  url?: string;
  /** Overrides for tests (e.g. `{ reconnectionDelay: 50 }`); the spec's settings otherwise. */
  overrides?: {
    reconnectionDelay?: number;
    reconnectionDelayMax?: number;
    randomizationFactor?: number;
    timeout?: number;
  };
}

/**
 * Opens the `/tests` socket for a display (`{ role: 'display', token, pin }`) or a phone
 * (`{ role: 'controller', pin, controllerKey }`) with SPEC.md §9's reconnection settings. Refusals
 * arrive as `connect_error` with the server's message (docs/realtime.md) and are not retried.
 */
export function connectTestsSocket(auth: Handshake, options: ConnectOptions = {}): TestsSocket {
  const settings = {
    path: REALTIME_PATH,
    transports: ['polling', 'websocket'],
    auth,
    ...RECONNECTION,
    ...options.overrides,
  };
  return options.url ? io(`${options.url}${TESTS_NAMESPACE}`, settings) : io(TESTS_NAMESPACE, settings);
}

function isAck(value: unknown): value is Ack {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return answer.ok === true
    ? typeof answer.delivered === 'boolean'
    : answer.ok === false && typeof answer.error === 'string';
}

/**
 * Sends a relayed event and waits for the server's answer (docs/realtime.md): `{ ok: true, delivered }`
 * or `{ ok: false, error }`. Never throws: no answer within ACK_TIMEOUT_MS resolves
 * `{ ok: false, error: 'operation has timed out' }`, and a socket that is not connected resolves
 * `{ ok: false, error: 'socket has been disconnected' }` at once (nothing is queued to arrive late,
 * which for a key press would answer a question that is no longer on screen).
 */
export function emitWithAck<E extends RelayedEventName>(
  socket: TestsSocket | null | undefined,
  event: E,
  payload: RelayedPayload<E>,
  timeoutMs: number = ACK_TIMEOUT_MS,
): Promise<Ack> {
  return new Promise((resolve) => {
    if (!socket || !socket.connected) {
      resolve({ ok: false, error: SOCKET_ERRORS.disconnected });
      return;
    }
    // The typed overloads cannot follow a generic event name; the payload type is checked above.
    const timed = socket.timeout(timeoutMs) as unknown as {
      emit(event: string, payload: unknown, callback: (err: Error | null, answer?: unknown) => void): void;
    };
    try {
      timed.emit(event, payload, (err, answer) => {
        if (err) resolve({ ok: false, error: SOCKET_ERRORS.ackTimeout });
        else if (isAck(answer)) resolve(answer);
        else resolve({ ok: false, error: 'Server Error' });
      });
    } catch (error) {
      resolve({ ok: false, error: error instanceof Error ? error.message : 'Server Error' });
    }
  });
}

/**
 * Acknowledges a relayed event on the receiving side. Every relayed event must be acknowledged: the
 * sender's answer says `delivered: true` only when the other side called back (docs/realtime.md).
 */
export function answerAck(ack: unknown): void {
  if (typeof ack === 'function') (ack as (answer: ReceiverAnswer) => void)({ ok: true });
}
