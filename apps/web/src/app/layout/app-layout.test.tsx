import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '@visus/core';
import { flowLoaded, testReset } from '@/features/test-runner/test-slice';
import { currentUserReply, json, mockApi, testUser } from '@/testing/fetch-mock';
import { renderApp, signedInStore } from '@/testing/render';
import { drawerGroups } from './navigation';

const USER_ITEMS = [
  ['Tests', '/user/tests'],
  ['Setup', '/user/setup'],
  ['Calibrate Colour', '/user/gamma'],
  ['Optical History', '/user/history'],
  ['Results', '/user/results'],
  ['My Profile', '/user/profile'],
  ['My Account', '/user/dashboard'],
  ['Info', '/info'],
];

const ADMIN_ITEMS = [
  ['Tests', '/admin/tests'],
  ['Setup', '/admin/setup'],
  ['Calibrate Colour', '/user/gamma'],
  ['Optical History', '/admin/history'],
  ['My Results', '/admin/results'],
  ['Admin Profile', '/admin/profile'],
  ['My Account', '/admin/dashboard'],
  ['Manage Users', '/admin/profiles'],
  ['Invites', '/admin/invite'],
  ['Info', '/info'],
];

describe('drawerGroups (SPEC.md §2)', () => {
  it('gives users two groups: the tests, then profile, account and info', () => {
    expect(drawerGroups('user').map((group) => group.map(({ label, to }) => [label, to]))).toEqual([
      USER_ITEMS.slice(0, 5),
      USER_ITEMS.slice(5),
    ]);
  });

  it('gives admins their own menu with Calibrate Colour still under /user', () => {
    expect(drawerGroups('admin').map((group) => group.map(({ label, to }) => [label, to]))).toEqual([
      ADMIN_ITEMS.slice(0, 5),
      ADMIN_ITEMS.slice(5),
    ]);
  });

  it('gives testers the user menu', () => {
    expect(drawerGroups('tester')).toBe(drawerGroups('user'));
  });
});

async function openDrawer(role: Role, path: string) {
  mockApi({ 'GET /auth/current': currentUserReply(testUser({ role })) });
  const rendered = renderApp(path, { store: signedInStore(role) });
  await rendered.user.click(
    await screen.findByRole('button', { name: 'open navigation' }, { timeout: 15000 }),
  );
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15000 });
  return { ...rendered, nav };
}

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('AppLayout', () => {
  it.each<[Role, string, string[][]]>([
    ['user', '/user/dashboard', USER_ITEMS],
    ['tester', '/user/dashboard', USER_ITEMS],
    ['admin', '/admin/dashboard', ADMIN_ITEMS],
    ['clinician', '/user/dashboard', [['Patients', '/user/patients'], ...USER_ITEMS]],
  ])('shows the %s drawer items exactly', async (role, path, items) => {
    const { nav } = await openDrawer(role, path);
    expect(linksOf(nav)).toEqual(items);
  });

  it('closes the drawer on navigation', async () => {
    const { nav, user, router } = await openDrawer('user', '/user/dashboard');
    await user.click(within(nav).getByRole('link', { name: 'Info' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/info'));
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument(),
    );
  });

  it('shows guests only Connect, Login and Register, and no menu button', async () => {
    renderApp('/info');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 15000 });
    expect(linksOf(nav)).toEqual([
      ['Connect', '/connect'],
      ['Login', '/login'],
      ['Register', '/register'],
    ]);
    expect(screen.queryByRole('button', { name: 'open navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Visus/ })).toHaveAttribute('href', '/');
  });

  it('offers My Account, View Profile and Logout in the account menu; the logo goes to the dashboard', async () => {
    mockApi({ 'GET /auth/current': currentUserReply(testUser({ role: 'admin' })) });
    const { user, router } = renderApp('/admin/dashboard', { store: signedInStore('admin') });
    expect(await screen.findByRole('link', { name: /Visus/ })).toHaveAttribute('href', '/admin/dashboard');
    await user.click(screen.getByRole('button', { name: /account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My Account' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/admin/profile',
    );

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each([
    ['/', 'Visus | Eye Testing Platform'],
    ['/login', 'Visus | Login'],
    ['/info', 'Visus | Info'],
    ['/no/such/page', 'Visus | Not Found'],
  ])('titles %s as "%s"', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('shows the not-found page for any other path', async () => {
    renderApp('/user/unknown');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('shows the Tests screen behind the guard', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests': json(200, {
        success: true,
        data: { opticalHistory: null, settings: { method: 'none', card: null, diagonal: null, gamma: 1 } },
      }),
    });
    renderApp('/user/tests', { store: signedInStore('user') });
    expect(await screen.findByRole('heading', { name: 'Tests', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Visus | Tests'));
  });

  it('closes the drawer when a test becomes Ready and gives a running test the full width', async () => {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests': json(200, {
        success: true,
        data: { opticalHistory: null, settings: { method: 'none', card: null, diagonal: null, gamma: 1 } },
      }),
    });
    const { user, store } = renderApp('/user/tests', { store: signedInStore('user') });
    await screen.findByRole('heading', { name: 'Tests', level: 1 });
    const main = screen.getByRole('main');
    expect(main).toHaveStyle({ maxWidth: '1800px' });
    const menu = await screen.findByRole('button', { name: 'open navigation' });
    await user.click(menu);
    expect(await screen.findByRole('link', { name: 'Setup' })).toBeVisible();
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(main).toHaveStyle({ maxWidth: 'none' });
  });
});

describe('AppLayout in full screen', () => {
  /** jsdom has no Fullscreen API: the document's element in full screen, and the event that tells of it. */
  function setFullscreen(element: Element | null) {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
    act(() => {
      document.dispatchEvent(new Event('fullscreenchange'));
    });
  }

  afterEach(() => {
    delete (document as { fullscreenElement?: Element | null }).fullscreenElement;
  });

  async function renderSignedIn() {
    mockApi({
      'GET /auth/current': currentUserReply(),
      'GET /tests': json(200, {
        success: true,
        data: { opticalHistory: null, settings: { method: 'none', card: null, diagonal: null, gamma: 1 } },
      }),
    });
    const rendered = renderApp('/user/tests', { store: signedInStore('user') });
    await screen.findByRole('heading', { name: 'Tests', level: 1 });
    await screen.findByRole('button', { name: /account menu/ });
    return rendered;
  }

  function expectFrame(shown: boolean) {
    const expectation = (element: HTMLElement | null) =>
      shown ? expect(element).toBeInTheDocument() : expect(element).not.toBeInTheDocument();
    expectation(screen.queryByRole('banner'));
    expectation(screen.queryByRole('button', { name: 'open navigation' }));
    expectation(screen.queryByRole('button', { name: /account menu/ }));
    expectation(screen.queryByRole('link', { name: /Visus/ }));
    expectation(screen.queryByRole('contentinfo'));
    expectation(screen.queryByRole('link', { name: 'Skip to content', hidden: true }));
  }

  it('shows only the test while the test screen is in full screen, and the frame again after', async () => {
    const { store } = await renderSignedIn();
    act(() => {
      store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    });
    const main = screen.getByRole('main');
    expectFrame(true);

    setFullscreen(document.documentElement);
    expectFrame(false);
    expect(screen.getByRole('main')).toBe(main);
    expect(main).toHaveStyle({ maxWidth: 'none', display: 'flex', flexDirection: 'column' });
    expect(screen.getByRole('heading', { name: 'Tests', level: 1 })).toBeInTheDocument();

    setFullscreen(null);
    expectFrame(true);
    expect(await screen.findByRole('button', { name: /account menu/ })).toBeInTheDocument();
  });

  it('keeps the frame in full screen when no test is open (the test screen was left)', async () => {
    const { store } = await renderSignedIn();
    act(() => {
      store.dispatch(flowLoaded({ flowA: ['sloan'], testMode: false }));
    });
    setFullscreen(document.documentElement);
    expectFrame(false);
    act(() => {
      store.dispatch(testReset());
    });
    expectFrame(true);
  });
});
