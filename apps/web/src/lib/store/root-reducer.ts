import {
  combineSlices,
  createAction,
  createDynamicMiddleware,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { loggedOut } from '@/lib/auth/auth-events';
import { authSlice } from '@/lib/auth/auth-slice';
import { noticeSlice } from '@/lib/notice/notice-slice';

/**
 * Slices that join the store when the code using them first loads (issue 9 part 6: a guest's first
 * screen downloads neither RTK Query nor the admin and test-runner state, nor core's flow machine).
 *
 * Open on purpose: the module that defines such a slice adds it here by declaration merging, next to
 * its {@link injectIntoStore} call, so that this module (and app/store.ts) imports no feature:
 *
 * ```ts
 * declare module '@/lib/store/root-reducer' {
 *   interface LazyLoadedSlices extends WithSlice<typeof testSlice> {}
 * }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/** Any one of {@link LazyLoadedSlices}, as `injectIntoStore` takes it. */
type LazySlice = {
  [Path in keyof LazyLoadedSlices]: { reducerPath: Path; reducer: Reducer<LazyLoadedSlices[Path]> };
}[keyof LazyLoadedSlices];

const appReducer = combineSlices(authSlice, noticeSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** The lazily loaded parts' middleware (RTK Query's) joins every store through this one. */
export const dynamicMiddleware = createDynamicMiddleware();

/**
 * The state with every slice present. A lazily loaded slice is injected by its own module, and every
 * store gains it right then (see {@link injectIntoStore}); so code that can read it, having imported
 * it, always finds it. App-level code that reads a lazy slice without importing it must expect it
 * to be missing (the layout's test frame, app/layout/test-frame.ts).
 */
export type RootState = Required<ReturnType<typeof appReducer>>;

/** Logout and account deletion clear every slice at once, injected ones included (SPEC.md §4). */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return appReducer(loggedOut.match(action) ? undefined : state, action) as RootState;
}

/**
 * Dispatched right after an injection: a store only gains the new slice's state on its next action,
 * and a screen that reads the slice may render before anything else is dispatched.
 */
export const storePartAdded = createAction<string>('app/storePartAdded');

/** What {@link injectIntoStore} needs of a store. */
interface LiveStore {
  getState(): object;
  dispatch(action: UnknownAction): unknown;
}

/** Stores that exist: the app has one, tests build one each (weakly held, so they can be collected). */
const liveStores = new Set<WeakRef<LiveStore>>();

/** Lets {@link injectIntoStore} bring a new slice into `store` at once (app/store.ts's makeStore). */
export function trackStore(store: LiveStore): void {
  liveStores.add(new WeakRef(store));
}

/**
 * Adds a slice (and the middleware it needs, e.g. RTK Query's) to every store, now and later. Call it
 * at the top level of the module that defines the slice, so whatever imports the slice finds it in
 * the store, and add the slice to {@link LazyLoadedSlices} there. Injecting the same slice again
 * changes nothing.
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
