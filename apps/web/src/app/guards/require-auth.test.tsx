import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { Role } from '@visus/core';
import { makeStore } from '@/app/store';
import { currentUserLoaded, logout } from '@/lib/auth/auth-slice';
// Loaded by the guards on demand; imported here so that it is ready under fake timers.
import '@/components/loading-overlay';
import { renderRoutes } from '@/testing/render';
import { GuestOnly } from './guest-only';
import { RequireAuth, UNAUTHORISED_REDIRECT_MS } from './require-auth';

const screenOf = (name: string) => <p>{name} screen</p>;

const routes: RouteObject[] = [
  { path: '/login', element: <GuestOnly>{screenOf('Login')}</GuestOnly> },
  { path: '/user/dashboard', element: screenOf('User dashboard') },
  {
    element: <RequireAuth roles={['admin']} />,
    children: [{ path: '/admin/profiles', element: screenOf('Manage users') }],
  },
  {
    element: <RequireAuth prefix="user" />,
    children: [
      { path: '/user/profile', element: screenOf('User profile') },
      { path: '/user/tests', element: screenOf('User tests') },
      { path: '/user/gamma', element: screenOf('User gamma') },
    ],
  },
  {
    element: <RequireAuth prefix="admin" />,
    children: [
      { path: '/admin/profile', element: screenOf('Admin profile') },
      { path: '/admin/tests', element: screenOf('Admin tests') },
    ],
  },
];

function storeFor(role: Role | null) {
  const store = makeStore();
  if (role) store.dispatch(currentUserLoaded({ userId: 'u1', role }));
  return store;
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('RequireAuth', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a guest to /login after 150 ms, not before (SPEC.md §2)', async () => {
    const { router } = renderRoutes(routes, '/user/profile', { store: storeFor(null) });
    await advance(UNAUTHORISED_REDIRECT_MS - 1);
    expect(router.state.location.pathname).toBe('/user/profile');
    expect(screen.queryByText('User profile screen')).not.toBeInTheDocument();

    await advance(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('Login screen')).toBeInTheDocument();
    // The guest is brought back here after logging in.
    expect(router.state.location.state).toEqual({ from: '/user/profile' });
  });

  it('leaves the way out to a navigation under way: Logout going to a screen that is still loading', async () => {
    let loadLogin: (() => void) | undefined;
    const slowLogin: RouteObject = {
      path: '/login',
      // The login screen's code takes longer than the 150 ms redirect to arrive.
      lazy: () =>
        new Promise((resolve) => {
          loadLogin = () => resolve({ element: screenOf('Login') });
        }),
    };
    const store = storeFor('user');
    const { router } = renderRoutes([slowLogin, ...routes.slice(1)], '/user/profile', { store });
    expect(screen.getByText('User profile screen')).toBeInTheDocument();

    // What the account menu's Logout does: sign out, then go to /login (no way back for the next person).
    await act(async () => {
      store.dispatch(logout());
      void router.navigate('/login', { replace: true });
      await vi.advanceTimersByTimeAsync(UNAUTHORISED_REDIRECT_MS * 4);
    });
    await act(async () => {
      loadLogin?.();
      await vi.advanceTimersByTimeAsync(0);
    });
    await advance(UNAUTHORISED_REDIRECT_MS * 2);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toBeNull();
  });

  it('still brings back a person whose session ended (not signed out by them) after logging in again', async () => {
    const store = storeFor('user');
    const { router } = renderRoutes(routes, '/user/profile', { store });
    await act(async () => {
      store.dispatch(logout('session-ended'));
      await vi.advanceTimersByTimeAsync(UNAUTHORISED_REDIRECT_MS);
    });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: '/user/profile' });
  });

  it('shows a loading overlay, and does not redirect, while sign-in is loading', async () => {
    window.localStorage.setItem('token', 'stored');
    const store = makeStore(); // a stored token: loading until the current user is known
    const { router } = renderRoutes(routes, '/user/profile', { store });
    await advance(0); // the overlay's code loads when it is first needed (already imported here)
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeInTheDocument();
    await advance(1000);
    expect(router.state.location.pathname).toBe('/user/profile');

    act(() => {
      store.dispatch(currentUserLoaded({ userId: 'u1', role: 'user' }));
    });
    expect(screen.getByText('User profile screen')).toBeInTheDocument();
  });

  it.each<Role>(['user', 'tester', 'admin'])('shows the screen to an allowed role (%s)', (role) => {
    const path = role === 'admin' ? '/admin/profile' : '/user/profile';
    renderRoutes(routes, path, { store: storeFor(role) });
    expect(
      screen.getByText(role === 'admin' ? 'Admin profile screen' : 'User profile screen'),
    ).toBeInTheDocument();
  });

  it.each<Role>(['user', 'tester'])(
    'sends a %s away from an admin-only screen to /login after 150 ms',
    async (role) => {
      const { router } = renderRoutes(routes, '/admin/profiles', { store: storeFor(role) });
      expect(screen.queryByText('Manage users screen')).not.toBeInTheDocument();
      await advance(UNAUTHORISED_REDIRECT_MS);
      // /login then sends a signed-in person on to their own dashboard.
      expect(router.state.location.pathname).toBe('/user/dashboard');
    },
  );

  it('lets an admin into an admin-only screen', () => {
    renderRoutes(routes, '/admin/profiles', { store: storeFor('admin') });
    expect(screen.getByText('Manage users screen')).toBeInTheDocument();
  });

  it('moves a user from an /admin/{screen} to their own /user/{screen}', async () => {
    const { router } = renderRoutes(routes, '/admin/profile', { store: storeFor('user') });
    await advance(0);
    expect(router.state.location.pathname).toBe('/user/profile');
    expect(screen.getByText('User profile screen')).toBeInTheDocument();
  });

  it('moves an admin from /user/tests to /admin/tests but keeps them on /user/gamma', async () => {
    const { router } = renderRoutes(routes, '/user/tests', { store: storeFor('admin') });
    await advance(0);
    expect(router.state.location.pathname).toBe('/admin/tests');

    await act(async () => {
      await router.navigate('/user/gamma');
    });
    await advance(UNAUTHORISED_REDIRECT_MS * 2);
    expect(router.state.location.pathname).toBe('/user/gamma');
    expect(screen.getByText('User gamma screen')).toBeInTheDocument();
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in person from /login to their dashboard', () => {
    const { router } = renderRoutes(routes, '/login', { store: storeFor('tester') });
    expect(router.state.location.pathname).toBe('/user/dashboard');
  });

  it('shows the login screen to a guest', () => {
    renderRoutes(routes, '/login', { store: storeFor(null) });
    expect(screen.getByText('Login screen')).toBeInTheDocument();
  });
});
