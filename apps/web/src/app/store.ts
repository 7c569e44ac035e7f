import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { adminSlice } from '@/features/admin/admin-slice';
import type { sessionSlice } from '@/features/test-runner/session-slice';
import type { testResultsSlice } from '@/features/test-runner/test-results-slice';
import type { testSlice } from '@/features/test-runner/test-slice';
import type { api } from '@/lib/api/api';
import { loggedOut } from '@/lib/auth/auth-events';
import { authSlice } from '@/lib/auth/auth-slice';
import { noticeSlice } from '@/lib/notice/notice-slice';
import { socketsSlice } from '@/lib/realtime/sockets-slice';

/**
 * Slices that join the store when the code using them first loads (issue 9 part 6: a guest's first
 * screen downloads neither RTK Query nor the admin and test-runner state, nor core's flow machine).
 * Each is added by the module that defines it, through {@link injectIntoStore}.
 */
type LazyLoadedSlices = WithSlice<typeof api> &
  WithSlice<typeof adminSlice> &
  WithSlice<typeof sessionSlice> &
  WithSlice<typeof testSlice> &
  WithSlice<typeof testResultsSlice>;

/** Any one of {@link LazyLoadedSlices}, as `injectIntoStore` takes it. */
type LazySlice = {
  [Path in keyof LazyLoadedSlices]: { reducerPath: Path; reducer: Reducer<LazyLoadedSlices[Path]> };
}[keyof LazyLoadedSlices];

const appReducer = combineSlices(
  authSlice,
  noticeSlice,
  socketsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** The lazily loaded parts' middleware (RTK Query's) joins every store through this one. */
const dynamicMiddleware = createDynamicMiddleware();

/**
 * The state with every slice present. A lazily loaded slice is injected by its own module, and every
 * store gains it right then (see {@link injectIntoStore}); so code that can read it, having imported
 * it, always finds it. App-level code that reads a lazy slice without importing it must expect it
 * to be missing (the layout's test frame, app/layout/test-frame.ts).
 */
export type RootState = Required<ReturnType<typeof appReducer>>;

/** Logout and account deletion clear every slice at once, injected ones included (SPEC.md §4). */
function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return appReducer(loggedOut.match(action) ? undefined : state, action) as RootState;
}

/**
 * Dispatched right after an injection: a store only gains the new slice's state on its next action,
 * and a screen that reads the slice may render before anything else is dispatched.
 */
export const storePartAdded = createAction<string>('app/storePartAdded');

/** Stores that exist: the app has one, tests build one each (weakly held, so they can be collected). */
const liveStores = new Set<WeakRef<AppStore>>();

/**
 * Adds a slice (and the middleware it needs, e.g. RTK Query's) to every store, now and later. Call it
 * at the top level of the module that defines the slice, so whatever imports the slice finds it in
 * the store. Injecting the same slice again changes nothing.
 */
export function injectIntoStore(slice: LazySlice, ...middleware: Middleware[]): void {
  appReducer.inject(slice);
  if (middleware.length > 0) dynamicMiddleware.addMiddleware(...middleware);
  for (const ref of liveStores) {
    const store = ref.deref();
    if (store === undefined) liveStores.delete(ref);
    else if (!(slice.reducerPath in store.getState())) store.dispatch(storePartAdded(slice.reducerPath));
  }
}

/** Builds a store; tests build a fresh one each, the app builds one at startup. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  liveStores.add(new WeakRef(store));
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
