import { useSelector } from 'react-redux';
import type { Role } from '@visus/core';
import type { AuthState } from './auth-slice';

/**
 * The auth slice as components need it (the root state has it under `auth`). Apart from
 * `use-auth.ts` so that screens reading only this do not download RTK Query (issue 9 part 6).
 */
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
