import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { dashboardPath } from '@visus/core';
import { useSelector } from 'react-redux';
import { selectTwoFactorSetupNeeded } from '@/lib/auth/auth-slice';
import { useAuth } from '@/lib/auth/use-auth-state';
import { useT } from '@/lib/i18n/i18n';
import { LazyLoadingOverlay } from './lazy-loading-overlay';

/** A same-site path to return to after logging in, if the guard that sent us here left one. */
function returnPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  // Only paths on this site: never `//host` or a full URL.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  return from;
}

/**
 * Login and registration are for guests: a signed-in person goes to their dashboard (or back to the
 * screen a guard sent them from). While a sign-in is being completed the form stays under an overlay.
 */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { isAuth, role, loading } = useAuth();
  const t = useT();
  const location = useLocation();
  const setupNeeded = useSelector(selectTwoFactorSetupNeeded);
  if (isAuth && role) {
    // REQUIRE_2FA_FOR: the enrolment first (docs/adr/0023).
    const to = setupNeeded ? '/two-step-setup' : (returnPath(location.state) ?? dashboardPath(role));
    return <Navigate replace to={to} />;
  }
  return (
    <>
      {children ?? <Outlet />}
      <LazyLoadingOverlay open={loading} label={t('shell.signingIn')} />
    </>
  );
}
