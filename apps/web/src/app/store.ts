import {
  combineReducers,
  configureStore,
  createListenerMiddleware,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { adminSlice } from '@/features/admin/admin-slice';
import { sessionSlice } from '@/features/test-runner/session-slice';
import { testResultsSlice } from '@/features/test-runner/test-results-slice';
import { testSlice } from '@/features/test-runner/test-slice';
import { api } from '@/lib/api/api';
import { loggedOut } from '@/lib/auth/auth-events';
import { authSlice } from '@/lib/auth/auth-slice';
import { noticeSlice } from '@/lib/notice/notice-slice';
import { socketsSlice } from '@/lib/realtime/sockets-slice';

const appReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [authSlice.reducerPath]: authSlice.reducer,
  [noticeSlice.reducerPath]: noticeSlice.reducer,
  [socketsSlice.reducerPath]: socketsSlice.reducer,
  [adminSlice.reducerPath]: adminSlice.reducer,
  [testSlice.reducerPath]: testSlice.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
  [testResultsSlice.reducerPath]: testResultsSlice.reducer,
});

export type RootState = ReturnType<typeof appReducer>;

/** Logout and account deletion clear every slice at once (SPEC.md §4). */
function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return appReducer(loggedOut.match(action) ? undefined : state, action);
}

/** Builds a store; tests build a fresh one each, the app builds one at startup. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: loggedOut,
    // Also drops RTK Query's running subscriptions and timers, not just its cached state.
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
