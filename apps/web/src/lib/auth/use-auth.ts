import { useSelector } from 'react-redux';
import { useGetCurrentUserQuery } from './auth-api';
import type { AuthState } from './auth-slice';

export { useAuth, useSignedInRole } from './use-auth-state';

/** The current user's details from the API cache; skipped for guests. */
export function useCurrentUser() {
  const token = useSelector((state: { auth: AuthState }) => state.auth.token);
  return useGetCurrentUserQuery(undefined, { skip: !token });
}
