import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Handshake } from '@visus/contracts';
import { makeStore, type AppStore } from '@/app/store';
import { startRealtimeTestServer, type RealtimeTestServer } from './realtime-test-server';
import { useTestsSocket, type TestsSocketHandlers, type TestsSocketOptions } from './use-tests-socket';

const phone: Handshake = { role: 'controller', pin: 'ABCD2345', controllerKey: 'phone-key-0123456789abcdef' };
let server: RealtimeTestServer;
let store: AppStore;

beforeEach(async () => {
  server = await startRealtimeTestServer();
  store = makeStore();
});
afterEach(async () => {
  await server.close();
});

function renderSocket(
  auth: Handshake | null,
  handlers: TestsSocketHandlers = {},
  options: TestsSocketOptions = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(
    (props: { auth: Handshake | null }) =>
      useTestsSocket(props.auth, handlers, {
        url: server.url,
        overrides: { reconnectionDelay: 20, reconnectionDelayMax: 40 },
        ...options,
      }),
    { wrapper, initialProps: { auth } },
  );
}

describe('useTestsSocket', () => {
  it('connects, keeps the sockets slice in step and shows the session state', async () => {
    const { result } = renderSocket(phone);
    expect(result.current.connection).toBe('connecting');
    expect(store.getState().sockets).toMatchObject({ testSocket: 'connecting', loading: true });
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    expect(store.getState().sockets).toMatchObject({ testSocket: 'connected', loading: false, error: null });
    expect(server.received).toEqual([]);

    const state = {
      pin: 'ABCD2345',
      testStatus: 'Ready',
      currentTest: 'sloan',
      partBMethod: null,
      displayConnected: true,
      controllerConnected: true,
    };
    act(() => server.tell('session-state', state));
    await waitFor(() => expect(result.current.sessionState).toEqual(state));
  });

  it('hands valid relayed events to the handlers and acknowledges every one', async () => {
    const onKey = vi.fn();
    const { result } = renderSocket(phone, { 'display-key': onKey });
    await waitFor(() => expect(result.current.connection).toBe('connected'));

    let answers: unknown[] = [];
    await act(async () => {
      answers = await server.send('display-key', {
        userId: 'owner-1',
        currentTest: 'landoltC',
        testStatus: 'InTest',
      });
    });
    expect(answers).toEqual([{ ok: true }]);
    expect(onKey).toHaveBeenCalledWith({ userId: 'owner-1', currentTest: 'landoltC', testStatus: 'InTest' });
    expect(store.getState().sockets.userId).toBe('owner-1');

    // Malformed: acknowledged (it arrived) but never handed on.
    await act(async () => {
      answers = await server.send('display-key', { currentTest: 'nope', testStatus: 'InTest' });
    });
    expect(answers).toEqual([{ ok: true }]);
    expect(onKey).toHaveBeenCalledTimes(1);
    // An event without a handler is still acknowledged.
    await act(async () => {
      answers = await server.send('display-status', { testStatus: 'Ready' });
    });
    expect(answers).toEqual([{ ok: true }]);
  });

  it('emits with an acknowledgement', async () => {
    const { result } = renderSocket(phone);
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    await expect(result.current.emit('controller-key', { key: 'continue' })).resolves.toEqual({
      ok: true,
      delivered: true,
    });
    expect(server.received).toMatchObject([{ event: 'controller-key', payload: { key: 'continue' } }]);
  });

  it('shows a refusal and stops', async () => {
    server.refuse = () => 'Test session not found';
    const { result } = renderSocket(phone);
    await waitFor(() => expect(result.current.connection).toBe('refused'));
    expect(result.current.error).toBe('Test session not found');
    expect(store.getState().sockets).toMatchObject({
      testSocket: 'refused',
      error: 'Test session not found',
    });
    await expect(result.current.emit('controller-key', { key: 'A' })).resolves.toEqual({
      ok: false,
      error: 'socket has been disconnected',
    });
  });

  it('keeps trying while the server says its database is unavailable, and connects once it is back', async () => {
    let refusals = 0;
    server.refuse = () => (refusals++ < 1 ? 'Database unavailable' : null);
    const { result } = renderSocket(phone);
    await waitFor(() => expect(result.current.error).toBe('Database unavailable'));
    expect(result.current.connection).toBe('reconnecting');
    await waitFor(() => expect(result.current.connection).toBe('connected'), { timeout: 10_000 });
    expect(refusals).toBe(2);
  }, 15_000);

  it('follows a dropped link back and says so on connect', async () => {
    const onConnect = vi.fn();
    // Slow enough to see the reconnecting state before it is over.
    const overrides = { reconnectionDelay: 400, reconnectionDelayMax: 500 };
    const { result } = renderSocket(phone, {}, { onConnect, overrides });
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    expect(onConnect.mock.lastCall?.[0]).toBe(false);

    for (const socket of server.connected()) socket.conn.close(); // the network drops
    await waitFor(() => expect(result.current.connection).toBe('reconnecting'));
    expect(result.current.error).toBe('socket has been disconnected');
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    expect(onConnect.mock.lastCall?.[0]).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('retries when the server lets the socket go without ending the session', async () => {
    const onConnect = vi.fn();
    const { result } = renderSocket(phone, {}, { onConnect });
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    for (const socket of server.connected()) socket.disconnect(true);
    await waitFor(() => expect(result.current.connection).toBe('reconnecting'));
    await waitFor(() => expect(result.current.connection).toBe('connected'), { timeout: 3000 });
    expect(onConnect.mock.lastCall?.[0]).toBe(true);
  });

  it('ends with the session and does not come back', async () => {
    const { result } = renderSocket(phone);
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    await act(async () => {
      server.tell('session-ended', { pin: 'ABCD2345' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of server.connected()) socket.disconnect(true);
    });
    await waitFor(() => expect(result.current.connection).toBe('ended'));
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(result.current.connection).toBe('ended');
    expect(server.connected()).toHaveLength(0);
    expect(store.getState().sockets.testSocket).toBe('ended');
  });

  it('stays off without a handshake and disconnects on unmount', async () => {
    const { result, rerender, unmount } = renderSocket(null);
    expect(result.current.socket).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connected()).toHaveLength(0);

    rerender({ auth: phone });
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    // A new object with the same handshake does not reconnect.
    const socket = result.current.socket;
    rerender({ auth: { ...phone } });
    expect(result.current.socket).toBe(socket);

    unmount();
    await waitFor(() => expect(server.connected()).toHaveLength(0));
    expect(store.getState().sockets.testSocket).toBe('idle');
  });
});

describe('useTestsSocket and the browser going offline', () => {
  it('drops the link at once instead of waiting for the ping timeout', async () => {
    const { result } = renderSocket(phone);
    await waitFor(() => expect(result.current.connection).toBe('connected'));
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await waitFor(() => expect(result.current.connection).toBe('reconnecting'));
    // The network is fine in this test, so it comes straight back.
    await waitFor(() => expect(result.current.connection).toBe('connected'));
  });
});
