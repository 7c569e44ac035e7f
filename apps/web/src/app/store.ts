import { configureStore } from '@reduxjs/toolkit';
import { dynamicMiddleware, rootReducer, trackStore, type RootState } from '@/lib/store/root-reducer';

export type { RootState } from '@/lib/store/root-reducer';

/**
 * Builds a store; tests build a fresh one each, the app builds one at startup. Its reducer and the
 * lazily loaded slices' injection point are in lib/store/root-reducer.ts, below the features that
 * inject themselves, so that this module imports none of them.
 */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  trackStore(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
