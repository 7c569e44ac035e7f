import { describe, expect, it } from 'vitest';
import { loggedOut } from '@/lib/auth/auth-events';
import {
  socketClosed,
  socketConnected,
  socketErrorCleared,
  socketFailed,
  socketRequested,
  socketUserIdSet,
  socketsSlice,
} from './sockets-slice';

const reduce = socketsSlice.reducer;

describe('sockets slice', () => {
  it('follows a socket from request to connection, clearing the old error', () => {
    let state = reduce(
      undefined,
      socketFailed({ socket: 'tests', status: 'reconnecting', error: 'timeout' }),
    );
    expect(state).toMatchObject({ testSocket: 'reconnecting', error: 'timeout', loading: false });
    state = reduce(state, socketRequested({ socket: 'tests' }));
    expect(state).toMatchObject({
      testSocket: 'connecting',
      loading: true,
      error: null,
      generalSocket: 'idle',
    });
    state = reduce(state, socketConnected({ socket: 'tests' }));
    expect(state).toMatchObject({ testSocket: 'connected', loading: false });
  });

  it('keeps the general and tests sockets apart', () => {
    let state = reduce(undefined, socketConnected({ socket: 'general' }));
    state = reduce(
      state,
      socketFailed({ socket: 'tests', status: 'refused', error: 'Test session not found' }),
    );
    expect(state).toMatchObject({ generalSocket: 'connected', testSocket: 'refused' });
    state = reduce(state, socketClosed({ socket: 'tests' }));
    expect(state.testSocket).toBe('idle');
    expect(reduce(state, socketErrorCleared()).error).toBeNull();
  });

  it('remembers the owner id and forgets everything on logout', () => {
    let state = reduce(undefined, socketUserIdSet('owner-1'));
    state = reduce(state, socketConnected({ socket: 'tests' }));
    expect(state.userId).toBe('owner-1');
    expect(reduce(state, loggedOut())).toEqual(reduce(undefined, { type: 'init' }));
  });
});
