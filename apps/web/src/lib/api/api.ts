import { createApi } from '@reduxjs/toolkit/query/react';
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
