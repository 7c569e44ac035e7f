import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RoutePrefix } from '@visus/core';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { AppLayout } from './layout/app-layout';
import { loadCatalog, wantedLanguage, type CatalogArea, type MessageId } from '@/lib/i18n/i18n';
import { DEFAULT_TITLE, type RouteHandle } from './layout/route-title';
import { RouteErrorPage } from './pages/route-error-page';
import { RouteLoading } from './pages/route-loading';

/** A screen whose code downloads when it is first visited. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

// Lazy like the screens: no first visit needs it, and the guest screens' start-up JS is at its budget.
const notFound = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
// The landing page's words are a catalog of their own (issue 20): only its visitors download them.
const landing = lazyPage(
  withWords('landing', () => import('@/features/landing/landing-page')),
  'LandingPage',
);
const login = lazyPage(() => import('@/features/auth/login-page'), 'LoginPage');
/** A screen whose words are in the catalog area(s) `areas` (issue 20): all download together. */
function withWords<T>(areas: CatalogArea | readonly CatalogArea[], load: () => Promise<T>): () => Promise<T> {
  const list = typeof areas === 'string' ? [areas] : areas;
  return () =>
    Promise.all([load(), ...list.map((area) => loadCatalog(wantedLanguage(), area))]).then(([page]) => page);
}
const register = lazyPage(
  withWords('signup', () => import('@/features/auth/register-page')),
  'RegisterPage',
);
const forgotPassword = lazyPage(
  withWords('signup', () => import('@/features/auth/forgot-password-page')),
  'ForgotPasswordPage',
);
const resetPassword = lazyPage(
  withWords('signup', () => import('@/features/auth/reset-password-page')),
  'ResetPasswordPage',
);
const dashboard = lazyPage(
  withWords('account', () => import('@/features/account/dashboard-page')),
  'DashboardPage',
);
const adminDashboard = lazyPage(
  withWords(['account', 'admin'], () => import('./pages/admin-dashboard-page')),
  'AdminDashboardPage',
);
const manageUsers = lazyPage(
  withWords('admin', () => import('@/features/admin/manage-users-page')),
  'ManageUsersPage',
);
const invites = lazyPage(
  withWords('admin', () => import('@/features/admin/invites-page')),
  'InvitesPage',
);
// Profile shows the clinic sharing card, and the name and password rules registration has.
const profile = lazyPage(
  withWords(['account', 'signup', 'clinic'], () => import('@/features/account/profile-page')),
  'ProfilePage',
);
const info = lazyPage(
  withWords('setup', () => import('@/features/info/info-page')),
  'InfoPage',
);
// Setup shows the voice notice, whose words are in the test screen's area, and the range guidance.
const setup = lazyPage(
  withWords(['test-run', 'setup', 'range'], () => import('@/features/calibration/setup-page')),
  'SetupPage',
);
const gamma = lazyPage(
  withWords('setup', () => import('@/features/calibration/gamma-page')),
  'GammaPage',
);
const history = lazyPage(
  withWords('setup', () => import('@/features/history/history-page')),
  'HistoryPage',
);
const connect = lazyPage(
  withWords('setup', () => import('@/features/connect/connect-page')),
  'ConnectPage',
);
// The Tests page's words are an area of their own (the display's test screen does not download them);
// it also shows the range guidance (components/range-guidance), whose words are in `range`.
const testsPage = lazyPage(
  withWords(['tests', 'range'], () => import('@/features/test-runner/tests-page')),
  'TestsPage',
);
const testScreen = lazyPage(
  withWords('test-run', () => import('@/features/test-runner/test-screen')),
  'TestScreen',
);
// The results screens' words are a catalog of their own (issue 20), downloaded with them.
const results = lazyPage(
  withWords('results', () => import('@/features/results/results-page')),
  'ResultsPage',
);
const shared = lazyPage(
  withWords('results', () => import('@/features/results/shared-page')),
  'SharedPage',
);
const twoStepSetup = lazyPage(
  withWords('account', () => import('@/features/two-factor/two-step-setup-page')),
  'TwoStepSetupPage',
);
const patients = lazyPage(
  withWords('clinic', () => import('@/features/clinic/patients-page')),
  'PatientsPage',
);
// A patient's results (the results screens' words) with the clinic's review form and acuity words.
const patientHistory = lazyPage(
  withWords(['results', 'clinic'], () => import('./pages/patient-history-page')),
  'PatientHistoryPage',
);
const patientResult = lazyPage(
  withWords(['results', 'clinic'], () => import('./pages/patient-result-page')),
  'PatientResultPage',
);
const coloursPreview = lazyPage(
  withWords('preview', () => import('@/features/test-runner/previews/colours-preview-page')),
  'ColoursPreviewPage',
);
const gratingsPreview = lazyPage(
  withWords('preview', () => import('@/features/test-runner/previews/sine-gratings-preview-page')),
  'SineGratingsPreviewPage',
);
const diamondPreview = lazyPage(
  withWords('preview', () => import('@/features/test-runner/previews/diamond-test-preview-page')),
  'DiamondTestPreviewPage',
);
const diamondColourPreview = lazyPage(
  withWords('preview', () => import('@/features/test-runner/previews/diamond-colour-preview-page')),
  'DiamondColourPreviewPage',
);

/** A route's title in English (SPEC.md §2), and its message id where it is translated (issue 20). */
const title = (text: string, titleId?: MessageId): RouteHandle =>
  titleId ? { title: text, titleId } : { title: text };

/** The {role} screens of SPEC.md §2, for one prefix. */
function roleScreens(prefix: RoutePrefix): RouteObject[] {
  return [
    { path: `/${prefix}/profile`, handle: title('Profile', 'account.profile.title'), lazy: profile },
    { path: `/${prefix}/results`, handle: title('Results', 'nav.results'), lazy: results },
    { path: `/${prefix}/test/:token/test-mode`, handle: title('Test Mode'), lazy: testScreen },
    { path: `/${prefix}/test/:token`, handle: title('Test'), lazy: testScreen },
    { path: `/${prefix}/tests`, handle: title('Tests', 'nav.tests'), lazy: testsPage },
    { path: `/${prefix}/history`, handle: title('Optical History', 'nav.opticalHistory'), lazy: history },
    { path: `/${prefix}/setup`, handle: title('Setup', 'nav.setup'), lazy: setup },
    { path: `/${prefix}/gamma`, handle: title('Calibrate Colour', 'nav.calibrateColour'), lazy: gamma },
  ];
}

/** The route table of SPEC.md §2: every path is an exact match; anything else is the not-found page. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, handle: title(DEFAULT_TITLE, 'title.home'), lazy: landing },
      {
        element: <GuestOnly />,
        children: [
          { path: '/login', handle: title('Login', 'title.login'), lazy: login },
          { path: '/register', handle: title('Register', 'title.register'), lazy: register },
        ],
      },
      {
        path: '/reset-password',
        handle: title('Reset Password', 'title.resetPassword'),
        lazy: forgotPassword,
      },
      {
        path: '/reset-password/:token',
        handle: title('Set New Password', 'title.setNewPassword'),
        lazy: resetPassword,
      },
      { path: '/info', handle: title('Info', 'nav.info'), lazy: info },
      { path: '/connect', handle: title('Connect', 'nav.connect'), lazy: connect },
      // Issue 19 item 5: what a share link opens, signed in or not.
      { path: '/shared/:token', handle: title('Shared result'), lazy: shared },
      {
        element: <RequireAuth roles={['admin']} />,
        children: [
          { path: '/admin/dashboard', handle: title('My Account', 'nav.myAccount'), lazy: adminDashboard },
          { path: '/admin/profiles', handle: title('Manage Users', 'nav.manageUsers'), lazy: manageUsers },
          { path: '/admin/invite', handle: title('Invites', 'nav.invites'), lazy: invites },
          {
            path: '/admin/preview/colours',
            handle: title('Preview', 'preview.routeTitle'),
            lazy: coloursPreview,
          },
          {
            path: '/admin/preview/sinegratingscorrected',
            handle: title('Preview', 'preview.routeTitle'),
            lazy: gratingsPreview,
          },
          {
            path: '/admin/preview/diamondtestpreview',
            handle: title('Preview', 'preview.routeTitle'),
            lazy: diamondPreview,
          },
          {
            path: '/admin/preview/diamondcolourpreview',
            handle: title('Preview', 'preview.routeTitle'),
            lazy: diamondColourPreview,
          },
        ],
      },
      {
        element: <RequireAuth prefix="user" />,
        children: [
          { path: '/user/dashboard', handle: title('My Account', 'nav.myAccount'), lazy: dashboard },
          ...roleScreens('user'),
        ],
      },
      { element: <RequireAuth prefix="admin" />, children: roleScreens('admin') },
      {
        // Issue 19 item 7: turning on two-step sign-in; the only screen while REQUIRE_2FA_FOR demands it.
        // Any role may open it; the page says when the role cannot use two-step sign-in.
        element: <RequireAuth twoFactorSetup />,
        children: [
          {
            path: '/two-step-setup',
            handle: title('Two-step sign-in', 'account.twoStep.title'),
            lazy: twoStepSetup,
          },
        ],
      },
      {
        // Issue 19: the clinic's workspace, for clinicians (whose screens are the user ones).
        element: <RequireAuth roles={['clinician']} />,
        children: [
          { path: '/user/patients', handle: title('Patients', 'nav.patients'), lazy: patients },
          { path: '/user/patients/:userId', handle: title('Patient'), lazy: patientHistory },
          {
            path: '/user/patients/:userId/results/:resultId',
            handle: title('Review'),
            lazy: patientResult,
          },
        ],
      },
      { path: '*', handle: title('Not Found', 'shell.notFound.pageTitle'), lazy: notFound },
    ],
  },
];
