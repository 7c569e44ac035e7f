import { useSelector } from 'react-redux';
import type { Role } from '@visus/core';
import { useGetCurrentUserQuery } from './auth-api';
import type { AuthState } from './auth-slice';

/** The auth slice as components need it (the root state has it under `auth`). */
export function useAuth(): Pick<AuthState, 'token' | 'role' | 'userId' | 'isAuth' | 'loading'> {
  const token = useSelector((state: { auth: AuthState }) => state.auth.token);
  const role = useSelector((state: { auth: AuthState }) => state.auth.role);
  const userId = useSelector((state: { auth: AuthState }) => state.auth.userId);
  const isAuth = useSelector((state: { auth: AuthState }) => state.auth.isAuth);
  const loading = useSelector((state: { auth: AuthState }) => state.auth.loading);
  return { token, role, userId, isAuth, loading };
}

/** The signed-in role, or null for guests and while loading. */
export function useSignedInRole(): Role | null {
  const { isAuth, role } = useAuth();
  return isAuth ? role : null;
}

/** The current user's details from the API cache; skipped for guests. */
export function useCurrentUser() {
  const token = useSelector((state: { auth: AuthState }) => state.auth.token);
  return useGetCurrentUserQuery(undefined, { skip: !token });
}
