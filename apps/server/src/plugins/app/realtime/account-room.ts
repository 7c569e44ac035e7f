import type { Server } from 'socket.io';
import {
  ACCOUNT_NAMESPACE,
  type AccountEndReason,
  type AccountEventName,
  type AccountEventPayloads,
} from '@visus/contracts';

/*
 * The account socket's rooms (docs/realtime.md "The account socket"): every signed-in tab joins its
 * account's room on the general namespace when it connects (realtime/index.ts). The routes tell a room
 * what changed; with several instances the PostgreSQL adapter carries it to the tabs on the others.
 */

/** The room of an account's tabs. */
export function accountRoom(userId: string): string {
  return `user:${userId}`;
}

/** Tells every tab of `userId` that something changed (no health data: each event says what to refetch). */
export function tellAccount<E extends Exclude<AccountEventName, 'account-ended'>>(
  io: Server,
  userId: string,
  event: E,
  payload: AccountEventPayloads[E],
): void {
  io.of(ACCOUNT_NAMESPACE).to(accountRoom(userId)).emit(event, payload);
}

/**
 * The account was deleted or its tokens revoked: every tab hears `account-ended` and is disconnected
 * (the server's disconnect, which a socket.io client does not retry: a tab whose token still holds
 * connects again itself). The event goes first on each socket, so it arrives before the disconnect.
 */
export function endAccountSockets(
  io: Server,
  userId: string,
  reason: AccountEndReason,
  tokenVersion?: number,
): void {
  const room = io.of(ACCOUNT_NAMESPACE).to(accountRoom(userId));
  room.emit('account-ended', { reason, ...(tokenVersion === undefined ? {} : { tokenVersion }) });
  io.of(ACCOUNT_NAMESPACE).in(accountRoom(userId)).disconnectSockets();
}
