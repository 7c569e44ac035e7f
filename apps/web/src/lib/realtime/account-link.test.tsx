import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Server } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_PATH } from '@visus/contracts';
import { api } from '@/lib/api/api';
import { authApi } from '@/lib/auth/auth-api';
import { json, mockApi } from '@/testing/fetch-mock';
import { signedInStore } from '@/testing/render';
import { AccountLink, tokenVersionOf } from './account-link';

/** A JWT-shaped token whose payload carries token version `tv` (the client only reads it). */
const tokenWith = (tv: number) =>
  `h.${btoa(JSON.stringify({ sub: 'user-1', tv }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.s`;

let io: Server;
let url: string;
let handshakes: string[];

beforeEach(async () => {
  const http = createServer();
  io = new Server(http, { path: REALTIME_PATH, cors: { origin: true } });
  handshakes = [];
  io.of('/').use((socket, next) => {
    handshakes.push(String(socket.handshake.auth.token));
    next();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await io.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function linked(token: string) {
  const store = signedInStore('user', token);
  const view = render(
    <Provider store={store}>
      <AccountLink url={url} />
    </Provider>,
  );
  await waitFor(() => expect(store.getState().sockets.generalSocket).toBe('connected'));
  return { store, view };
}

describe('tokenVersionOf', () => {
  it('reads the token version of a JWT, with or without "Bearer "', () => {
    expect(tokenVersionOf(tokenWith(3))).toBe(3);
    expect(tokenVersionOf(`Bearer ${tokenWith(0)}`)).toBe(0);
  });

  it('is null for anything else', () => {
    expect(tokenVersionOf(null)).toBeNull();
    expect(tokenVersionOf('test-token')).toBeNull();
    expect(tokenVersionOf('a.%%%.c')).toBeNull();
    expect(tokenVersionOf(`h.${btoa('{"tv":"2"}')}.s`)).toBeNull();
  });
});

describe('AccountLink', { timeout: 15_000 }, () => {
  it('connects with the token and refetches the results when one was saved elsewhere', async () => {
    const invalidate = vi.spyOn(api.util, 'invalidateTags');
    const token = tokenWith(0);
    await linked(token);
    expect(handshakes).toEqual([token]);
    act(() => void io.of('/').emit('results-changed', { resultId: 'r-1' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(['Results']));
    act(() => void io.of('/').emit('account-changed', {}));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(['CurrentUser']));
  });

  it('signs out and says why when the account was deleted', async () => {
    const { store } = await linked(tokenWith(0));
    act(() => void io.of('/').emit('account-ended', { reason: 'deleted' }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(store.getState().notice.current?.message).toBe(
      'This account was deleted, so you have been signed out.',
    );
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('signs out a tab whose token the password change revoked', async () => {
    const { store } = await linked(tokenWith(1));
    act(() => void io.of('/').emit('account-ended', { reason: 'signed-out-everywhere', tokenVersion: 2 }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
    expect(store.getState().notice.current?.message).toMatch(/password of this account was changed/);
  });

  it('keeps the tab that changed the password signed in, and connects it again after the server closed it', async () => {
    const token = tokenWith(2);
    const { store } = await linked(token);
    act(() => {
      io.of('/').emit('account-ended', { reason: 'signed-out-everywhere', tokenVersion: 2 });
      io.of('/').disconnectSockets();
    });
    await waitFor(() => expect(handshakes).toHaveLength(2), { timeout: 4000 });
    expect(store.getState().auth.token).toBe(token);
    await waitFor(() => expect(store.getState().sockets.generalSocket).toBe('connected'));
  });

  it('waits for its own password change before judging, so the tab that changed it stays signed in', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'PUT /auth/updatepassword': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { store } = await linked(tokenWith(1));
    const change = store.dispatch(
      authApi.endpoints.updatePassword.initiate({ currentPassword: 'a', newPassword: 'b' }),
    );
    // The server revokes the old tokens and tells the tabs before this tab has its answer.
    act(() => void io.of('/').emit('account-ended', { reason: 'signed-out-everywhere', tokenVersion: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.getState().auth.token).toBe(tokenWith(1));
    answer(json(200, { success: true, token: tokenWith(2) }));
    await change;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(store.getState().auth.token).toBe(tokenWith(2));
    expect(store.getState().notice.current).toBeNull();
  });

  it('closes the socket when the person signs out', async () => {
    const { view, store } = await linked(tokenWith(0));
    await waitFor(() => expect(io.of('/').sockets.size).toBe(1));
    view.unmount();
    await waitFor(() => expect(io.of('/').sockets.size).toBe(0));
    expect(store.getState().sockets.generalSocket).toBe('idle');
  });
});
