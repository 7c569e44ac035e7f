import type { ReactElement } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Role } from '@visus/core';
import { appRoutes } from '@/app/routes';
import { makeStore, type AppStore } from '@/app/store';
import { theme } from '@/app/theme';
import { currentUserLoaded } from '@/lib/auth/auth-slice';

interface RenderOptions {
  store?: AppStore;
  /** Options for userEvent.setup, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/** Renders routes in a memory router with a real store and the app theme. */
export function renderRoutes(routes: RouteObject[], path: string, options: RenderOptions = {}) {
  const store = options.store ?? makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null, ...options.userOptions });
  const view = render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return { ...view, store, router, user };
}

/** The whole app (layout, guards, lazy screens) at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return renderRoutes(appRoutes, path, options);
}

/** One page at `path`, with stand-ins for the screens it may navigate to. */
export function renderPage(page: ReactElement, path: string, pattern = path, options: RenderOptions = {}) {
  const elsewhere = (name: string) => <p>{name} screen</p>;
  return renderRoutes(
    [
      { path: pattern, element: page },
      { path: '/', element: elsewhere('Home') },
      { path: '/login', element: elsewhere('Login') },
      { path: '/user/dashboard', element: elsewhere('User dashboard') },
      { path: '/admin/dashboard', element: elsewhere('Admin dashboard') },
      { path: '*', element: elsewhere('Other') },
    ],
    path,
    options,
  );
}

/**
 * A store for someone signed in with `role` and token `token` (also in local storage, as after a
 * real login). Mock GET /auth/current yourself when the screen loads the user's details.
 */
export function signedInStore(role: Role, token = 'test-token', userId = 'user-1'): AppStore {
  window.localStorage.setItem('token', token);
  const store = makeStore();
  store.dispatch(currentUserLoaded({ userId, role }));
  return store;
}
