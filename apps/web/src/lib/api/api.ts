import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { injectIntoStore } from '@/lib/store/root-reducer';
import { loggedOut } from '@/lib/auth/auth-events';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API of the app. Features add their endpoints with `api.injectEndpoints` so each
 * feature's calls live beside its screens and all of them share the cache and the logout interceptor.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['CurrentUser', 'Results'],
  endpoints: () => ({}),
});

/**
 * Logout already empties the `api` slice (the root reducer resets every slice); this also drops RTK
 * Query's running subscriptions and timers, which live in its middleware.
 */
const resetOnLogout: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (loggedOut.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

// The store gains RTK Query when the first module that calls the API loads, not at startup: a guest's
// first screen does without it (issue 9 part 6). Injected from here, so that any importer of `api`
// finds it there.
injectIntoStore(api, api.middleware, resetOnLogout);
declare module '@/lib/store/root-reducer' {
  interface LazyLoadedSlices extends WithSlice<typeof api> {}
}
