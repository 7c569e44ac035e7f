import { useCallback, useEffect, useRef, useState } from 'react';
import type { Ack, Handshake, SessionState } from '@visus/contracts';
import { REALTIME_ERRORS, RECONNECTION } from '@visus/contracts/constants';
import { parseRelayedEvent, parseSessionState } from '@visus/contracts/realtime-guards';
import {
  RELAYED_EVENT_NAMES,
  SOCKET_ERRORS,
  answerAck,
  connectTestsSocket,
  emitWithAck,
  type ConnectOptions,
  type RelayedEventName,
  type RelayedPayload,
  type TestsSocket,
} from './tests-socket';

/** How the tests socket stands, as a screen shows it. */
export type TestsConnection = 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'ended';

/** Callbacks for the relayed events this side wants; the hook acknowledges every one for you. */
export type TestsSocketHandlers = {
  [E in RelayedEventName]?: (payload: RelayedPayload<E>) => void;
};

/**
 * Told of every change of the link, in order (the display mirrors them in the store's sockets slice,
 * `useTestsSocket`; the phone's light page has no store).
 */
export interface TestsLinkObserver {
  requested(): void;
  connected(): void;
  failed(status: 'reconnecting' | 'refused' | 'ended', message: string): void;
  closed(): void;
  /** The session owner's id, as the server stamps it on relayed events. */
  userId(id: string): void;
}

export interface TestsSocketOptions extends ConnectOptions {
  /** Follows the link (read when each change happens, so it may change between renders). */
  observer?: TestsLinkObserver;
  /**
   * Called on every successful connection; `reconnected` is true from the second on (the phone then
   * asks the display for its state with `sync-display`, SPEC.md §4). `socket` is the connected socket.
   */
  onConnect?: (reconnected: boolean, socket: TestsSocket) => void;
}

export interface TestsSocketApi {
  /** The live socket (null before the first render's effect or after unmount). */
  socket: TestsSocket | null;
  connection: TestsConnection;
  /** The server's refusal, 'timeout', 'socket has been disconnected', or null. */
  error: string | null;
  /** Who is in the room and where the test is, from the server's `session-state` events. */
  sessionState: SessionState | null;
  /** Sends a relayed event; resolves with the acknowledgement (never throws, see {@link emitWithAck}). */
  emit: <E extends RelayedEventName>(event: E, payload: RelayedPayload<E>) => Promise<Ack>;
}

/**
 * Connects the `/tests` socket for `auth` (null: stay disconnected), follows its reconnections,
 * tells `options.observer` of each change, stops on `session-ended`, and disconnects on unmount or when
 * `auth` changes. Incoming relayed events are validated with the contracts' guards and passed to
 * `handlers` (the latest ones: they may change on every render). No store: the phone's light page
 * uses it as it is, the display through `useTestsSocket`.
 */
export function useTestsLink(
  auth: Handshake | null,
  handlers: TestsSocketHandlers = {},
  options: TestsSocketOptions = {},
): TestsSocketApi {
  const [socket, setSocket] = useState<TestsSocket | null>(null);
  const [connection, setConnection] = useState<TestsConnection>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [sessionState, setSessionState] = useState<SessionState | null>(null);
  const handlersRef = useRef(handlers);
  const optionsRef = useRef(options);
  useEffect(() => {
    handlersRef.current = handlers;
    optionsRef.current = options;
  });

  // Reconnect only when the handshake itself changes, not when the caller passes a new object.
  const authKey = auth ? JSON.stringify(auth) : null;

  useEffect(() => {
    if (authKey === null) return;
    const handshake = JSON.parse(authKey) as Handshake;
    const { url, overrides } = optionsRef.current;
    const current = connectTestsSocket(handshake, {
      ...(url ? { url } : {}),
      ...(overrides ? { overrides } : {}),
    });
    let ended = false;
    let connections = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setSocket(current);
    setConnection('connecting');
    setError(null);
    setSessionState(null);
    const observe = () => optionsRef.current.observer;
    observe()?.requested();

    const fail = (status: 'reconnecting' | 'refused' | 'ended', message: string) => {
      setConnection(status);
      setError(message);
      observe()?.failed(status, message);
    };

    current.on('connect', () => {
      connections += 1;
      setConnection('connected');
      setError(null);
      observe()?.connected();
      optionsRef.current.onConnect?.(connections > 1, current);
    });
    current.on('connect_error', (err: Error) => {
      // `active` is false when the server refused the handshake: retrying would be refused again.
      if (current.active)
        fail('reconnecting', err.message === 'timeout' ? SOCKET_ERRORS.timeout : err.message);
      else if (err.message === REALTIME_ERRORS.databaseUnavailable) {
        // The server's database is down for a moment (docs/quality.md "Faults"): not a refusal, so try
        // again after the longest reconnection delay until it is back.
        fail('reconnecting', err.message);
        retry = setTimeout(() => current.connect(), RECONNECTION.reconnectionDelayMax);
      } else fail('refused', err.message);
    });
    current.on('disconnect', (reason) => {
      if (ended || reason === 'io client disconnect') return;
      fail('reconnecting', SOCKET_ERRORS.disconnected);
      // The server let the socket go without ending the session (e.g. it restarted): socket.io does
      // not retry that on its own, so try again after the usual delay.
      if (reason === 'io server disconnect') {
        retry = setTimeout(() => current.connect(), RECONNECTION.reconnectionDelay);
      }
    });
    current.on('session-state', (state) => {
      const parsed = parseSessionState(state);
      if (parsed) setSessionState(parsed);
    });
    current.on('session-ended', () => {
      ended = true;
      setConnection('ended');
      setError(null);
      observe()?.failed('ended', REALTIME_ERRORS.sessionClosed);
      current.disconnect();
    });
    for (const event of RELAYED_EVENT_NAMES) {
      const listener = (payload: unknown, ack?: unknown) => {
        try {
          const data = parseRelayedEvent(event, payload);
          if (!data) return;
          if (typeof data.userId === 'string') observe()?.userId(data.userId);
          const handler = handlersRef.current[event] as ((value: typeof data) => void) | undefined;
          handler?.(data);
        } finally {
          answerAck(ack);
        }
      };
      (current.on as (event: string, listener: (...args: unknown[]) => void) => void)(event, listener);
    }

    // A phone that loses Wi-Fi can keep a dead link for the whole ping timeout (~45 s); the browser
    // knows at once, so drop the link and let socket.io reconnect when the network is back.
    const onOffline = () => {
      if (current.connected) current.io.engine.close();
    };
    window.addEventListener('offline', onOffline);

    return () => {
      window.removeEventListener('offline', onOffline);
      ended = true;
      clearTimeout(retry);
      current.removeAllListeners();
      current.disconnect();
      observe()?.closed();
      setSocket(null);
    };
  }, [authKey]);

  const emit = useCallback(
    <E extends RelayedEventName>(event: E, payload: RelayedPayload<E>) => emitWithAck(socket, event, payload),
    [socket],
  );

  return { socket, connection, error, sessionState, emit };
}
