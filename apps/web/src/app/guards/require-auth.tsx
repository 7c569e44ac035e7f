import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { ROLES, routePrefix, type Role, type RoutePrefix } from '@visus/core';
import { useSelector } from 'react-redux';
import { selectSignedOutByUser, selectTwoFactorSetupNeeded } from '@/lib/auth/auth-slice';
import { useAuth } from '@/lib/auth/use-auth-state';
import { useT } from '@/lib/i18n/i18n';
import { LazyLoadingOverlay } from './lazy-loading-overlay';

/** SPEC.md §2, §9: unauthenticated or unauthorised people are sent to /login after 150 ms. */
export const UNAUTHORISED_REDIRECT_MS = 150;

/** Screens under /user that admins use as they are (SPEC.md §6: Calibrate Colour stays at /user/gamma). */
const SHARED_USER_PATHS: ReadonlySet<string> = new Set(['/user/gamma']);

/** The enrolment screen of two-step sign-in, the only one open to an account that must set it up. */
export const TWO_STEP_SETUP_PATH = '/two-step-setup';

/** What a login page reads to send someone back where they were going. */
export interface LoginRedirectState {
  from: string;
}

interface RequireAuthProps {
  /** Roles allowed in; the default is every role (SPEC.md §6). */
  roles?: readonly Role[];
  /**
   * The URL prefix of the screens inside ({role} routes). A signed-in person whose role uses the
   * other prefix is moved to the same screen under their own prefix, so the menus match the URL.
   */
  prefix?: RoutePrefix;
  /** The screens inside are the two-step sign-in enrolment: open while it must be set up. */
  twoFactorSetup?: boolean;
  children?: ReactNode;
}

function withPrefix(pathname: string, prefix: RoutePrefix): string {
  return pathname.replace(/^\/(admin|user)(?=\/|$)/, `/${prefix}`);
}

/**
 * Guards signed-in screens. While the current user is loading a loading overlay shows; anyone not
 * signed in, or signed in with a role that is not allowed, goes to /login after 150 ms.
 */
export function RequireAuth({ roles = ROLES, prefix, twoFactorSetup = false, children }: RequireAuthProps) {
  const { isAuth, loading, role } = useAuth();
  const t = useT();
  const signedOutByUser = useSelector(selectSignedOutByUser);
  const setupNeeded = useSelector(selectTwoFactorSetupNeeded);
  const location = useLocation();
  const navigate = useNavigate();
  // A navigation already under way (e.g. Logout going to /login while that screen's code loads) decides
  // where the person goes: redirecting too would race it, and could leave this page as the place to
  // return to for whoever signs in next on this device.
  const navigating = useNavigation().state !== 'idle';
  const allowed = isAuth && role !== null && roles.includes(role);
  const from = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (loading || allowed || navigating) return undefined;
    const timer = window.setTimeout(() => {
      // Only a guest is sent back after logging in; a wrong role would just bounce again, and after
      // Logout the next person to sign in on this device starts from their own dashboard.
      const state: LoginRedirectState | undefined = isAuth || signedOutByUser ? undefined : { from };
      void navigate('/login', { replace: true, state });
    }, UNAUTHORISED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [loading, allowed, navigating, isAuth, signedOutByUser, from, navigate]);

  if (loading) return <LazyLoadingOverlay open label={t('shell.checkingSignIn')} />;
  if (!allowed || role === null) return null;
  // REQUIRE_2FA_FOR: until two-step sign-in is on, the API refuses everything else (docs/adr/0023).
  if (setupNeeded && !twoFactorSetup) return <Navigate replace to={TWO_STEP_SETUP_PATH} />;

  const own = routePrefix(role);
  if (prefix && prefix !== own && !(role === 'admin' && SHARED_USER_PATHS.has(location.pathname))) {
    return (
      <Navigate
        replace
        to={{ pathname: withPrefix(location.pathname, own), search: location.search, hash: location.hash }}
      />
    );
  }
  return children ?? <Outlet />;
}
