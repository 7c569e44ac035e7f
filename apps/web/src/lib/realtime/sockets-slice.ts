import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/auth/auth-events';
import { injectIntoStore } from '@/lib/store/root-reducer';

/** How a socket's link stands. */
export type SocketConnection =
  | 'idle'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  /** The server refused the handshake (wrong pin, ended session, …): not retried. */
  | 'refused'
  /** The session ended (or the socket was closed on purpose). */
  | 'ended';

/** Which of the app's sockets (SPEC.md §7 Realtime: a general one and one on /tests). */
export type SocketName = 'general' | 'tests';

/**
 * SPEC.md §3 Sockets state. The socket objects themselves live outside Redux (they are not
 * serialisable); the slice holds how their links stand, the session owner's id as the server stamped
 * it on relayed events, and the last error ('timeout', 'socket has been disconnected', or the
 * server's refusal).
 */
export interface SocketsState {
  generalSocket: SocketConnection;
  testSocket: SocketConnection;
  userId: string | null;
  /** True while a socket is connecting for the first time. */
  loading: boolean;
  error: string | null;
}

const initialState: SocketsState = {
  generalSocket: 'idle',
  testSocket: 'idle',
  userId: null,
  loading: false,
  error: null,
};

const field = (socket: SocketName) => (socket === 'general' ? 'generalSocket' : 'testSocket');

export const socketsSlice = createSlice({
  name: 'sockets',
  initialState,
  reducers: {
    /** A socket starts connecting (request): the previous error is cleared. */
    socketRequested(state, action: PayloadAction<{ socket: SocketName }>) {
      state[field(action.payload.socket)] = 'connecting';
      state.loading = true;
      state.error = null;
    },
    /** The socket is connected (success). */
    socketConnected(state, action: PayloadAction<{ socket: SocketName }>) {
      state[field(action.payload.socket)] = 'connected';
      state.loading = false;
      state.error = null;
    },
    /** The link dropped or could not be made (error); `status` says whether it is being retried. */
    socketFailed(
      state,
      action: PayloadAction<{
        socket: SocketName;
        status: Exclude<SocketConnection, 'idle' | 'connecting' | 'connected'>;
        error: string;
      }>,
    ) {
      state[field(action.payload.socket)] = action.payload.status;
      state.loading = false;
      state.error = action.payload.error;
    },
    /** The socket was closed on purpose (left the screen): back to idle. */
    socketClosed(state, action: PayloadAction<{ socket: SocketName }>) {
      state[field(action.payload.socket)] = 'idle';
      state.loading = false;
    },
    /** The session owner's id from a relayed event (the server overwrites it with the owner's). */
    socketUserIdSet(state, action: PayloadAction<string>) {
      state.userId = action.payload;
    },
    socketErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectTestSocket: (state) => state.testSocket,
    selectGeneralSocket: (state) => state.generalSocket,
    selectSocketsUserId: (state) => state.userId,
    selectSocketsLoading: (state) => state.loading,
    selectSocketsError: (state) => state.error,
  },
});

export const {
  socketRequested,
  socketConnected,
  socketFailed,
  socketClosed,
  socketUserIdSet,
  socketErrorCleared,
} = socketsSlice.actions;
export const {
  selectTestSocket,
  selectGeneralSocket,
  selectSocketsUserId,
  selectSocketsLoading,
  selectSocketsError,
} = socketsSlice.selectors;

// A guest's screens open no socket: the slice joins the store when the socket code first loads (the
// account link and the test screen's socket both import this module), not in the start-up bundle.
injectIntoStore(socketsSlice);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof socketsSlice> {}
}
