import { useEffect } from 'react';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Dispatch } from '@reduxjs/toolkit';
import { io, type Socket } from 'socket.io-client';
import {
  ACCOUNT_NAMESPACE,
  RECONNECTION,
  REALTIME_PATH,
  type AccountEventPayloads,
} from '@visus/contracts/constants';
import { api } from '@/lib/api/api';
import { logout } from '@/lib/auth/auth-slice';
import { noticeShown } from '@/lib/notice/notice-slice';
import { socketClosed, socketConnected, socketFailed, socketRequested } from './sockets-slice';

/*
 * The account socket (SPEC.md §4 "connects the sockets", §7 general namespace; docs/realtime.md "The
 * account socket"): while someone is signed in, one socket per tab in the account's room. The server
 * sends what changed, never the data; this tab refetches:
 * - results-changed → every results list, trend and export (the 'Results' tag);
 * - account-changed → the current user (a new role moves the screens to it);
 * - account-ended → signed out, unless this tab holds the token that revoked the others (a password
 *   changed here). The server then disconnects; a tab still signed in connects again.
 * Loaded lazily by the app layout for a signed-in person only (the guest's first screen stays small).
 */

type AccountListenEvents = { [E in keyof AccountEventPayloads]: (payload: AccountEventPayloads[E]) => void };
export type AccountSocket = Socket<AccountListenEvents, Record<string, never>>;

/** How long a tab still signed in waits before it connects again after the server closed its socket. */
export const ACCOUNT_RECONNECT_MS = 1000;

interface LinkState {
  auth: { token: string | null };
  api?: { mutations?: Record<string, { endpointName?: string; status?: string } | undefined> };
}

/** The token version (`tv`) a token carries, or null when it cannot be read. */
export function tokenVersionOf(token: string | null): number | null {
  const payload = token?.replace(/^Bearer /, '').split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { tv?: unknown };
    return typeof claims.tv === 'number' ? claims.tv : null;
  } catch {
    return null;
  }
}

/** The statuses of this tab's calls to mutation `endpoint` (RTK Query's cache). */
function mutationStatuses(state: LinkState, endpoint: string): (string | undefined)[] {
  return Object.values(state.api?.mutations ?? {})
    .filter((m) => m?.endpointName === endpoint)
    .map((m) => m?.status);
}

/** True while this tab is changing the password (its new token is on its way). */
function changingPassword(state: LinkState): boolean {
  return mutationStatuses(state, 'updatePassword').includes('pending');
}

/** Resolves once no password change of this tab is pending (checked every 50 ms, at most 10 s). */
async function passwordChangeSettled(getState: () => LinkState): Promise<void> {
  for (let waited = 0; changingPassword(getState()) && waited < 10_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What this tab does when its account ended (deleted) or its tokens were revoked. */
async function accountEnded(
  payload: AccountEventPayloads['account-ended'],
  dispatch: Dispatch,
  getState: () => LinkState,
): Promise<void> {
  // This tab deleted the account: its own dialog says goodbye and leaves for the home page.
  if (
    payload.reason === 'deleted' &&
    mutationStatuses(getState(), 'deleteAccount').some((s) => s === 'pending' || s === 'fulfilled')
  )
    return;
  if (payload.reason === 'signed-out-everywhere') {
    await passwordChangeSettled(getState);
    const own = tokenVersionOf(getState().auth.token);
    // This tab changed the password: its new token is the one that revoked the others.
    if (own !== null && payload.tokenVersion !== undefined && own >= payload.tokenVersion) return;
  }
  if (getState().auth.token === null) return;
  dispatch(logout('session-ended') as never);
  dispatch(
    noticeShown({
      message:
        payload.reason === 'deleted'
          ? 'This account was deleted, so you have been signed out.'
          : 'The password of this account was changed, so you have been signed out here. Sign in with the new password.',
      severity: 'info',
    }),
  );
}

/** Opens the account socket for `token` (the page's own origin, SPEC.md §9 reconnection settings). */
export function connectAccountSocket(token: string, url?: string): AccountSocket {
  const settings = {
    path: REALTIME_PATH,
    transports: ['polling', 'websocket'],
    auth: { token },
    ...RECONNECTION,
  };
  return url ? io(`${url}${ACCOUNT_NAMESPACE}`, settings) : io(ACCOUNT_NAMESPACE, settings);
}

/** Keeps this tab's account socket open while it is signed in; renders nothing. */
export function AccountLink({ url }: { url?: string }) {
  const token = useSelector((state: LinkState) => state.auth.token);
  const dispatch = useDispatch();
  const store = useStore<LinkState>();

  useEffect(() => {
    if (token === null) return undefined;
    const socket = connectAccountSocket(token, url);
    let closed = false;
    let retry: number | undefined;
    dispatch(socketRequested({ socket: 'general' }));
    socket.on('connect', () => dispatch(socketConnected({ socket: 'general' })));
    socket.on('connect_error', (error) => {
      // A refused token is not retried (the API's interceptor signs the person out on its next call).
      dispatch(
        socketFailed({
          socket: 'general',
          status: socket.active ? 'reconnecting' : 'refused',
          error: error.message,
        }),
      );
    });
    socket.on('disconnect', (reason) => {
      if (closed) return;
      dispatch(
        socketFailed({ socket: 'general', status: 'reconnecting', error: 'socket has been disconnected' }),
      );
      // The server closed it (an account event); a tab whose token still holds connects again.
      if (reason === 'io server disconnect') {
        retry = window.setTimeout(() => {
          if (!closed && store.getState().auth.token === token) socket.connect();
        }, ACCOUNT_RECONNECT_MS);
      }
    });
    socket.on('results-changed', () => dispatch(api.util.invalidateTags(['Results'])));
    socket.on('account-changed', () => dispatch(api.util.invalidateTags(['CurrentUser'])));
    socket.on('account-ended', (payload) => void accountEnded(payload, dispatch, store.getState));
    return () => {
      closed = true;
      window.clearTimeout(retry);
      socket.close();
      dispatch(socketClosed({ socket: 'general' }));
    };
  }, [token, url, dispatch, store]);

  return null;
}
