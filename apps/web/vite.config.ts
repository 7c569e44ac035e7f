import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import react from '@vitejs/plugin-react';
import type { Connect, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * The API server the dev server proxies to (DESIGN.md §3: PORT defaults to 5000). VISUS_API_URL points
 * it elsewhere, e.g. a second server on another port.
 */
const apiServer = process.env.VISUS_API_URL ?? 'http://127.0.0.1:5000';

const proxy = {
  '/api': { target: apiServer, changeOrigin: false },
  '/socket.io': { target: apiServer, ws: true },
};

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * What both pages need at start: React, the shared workspace code and the languages' runtime, picker and
 * number formats (lib/i18n/numbers: the phone's presbyopia form writes dioptres with it; left to the app's
 * entry, the phone would download and run the whole app): one file, cached for both.
 */
const SHARED_START =
  /[\\/](node_modules[\\/](react|react-dom|scheduler|@lingui[\\/]core)[\\/]|packages[\\/](core|contracts)[\\/]|src[\\/](lib[\\/](vitals|i18n[\\/](i18n|language-picker|numbers)\.)|components[\\/]logo))/;
/**
 * The shared code of a running test that the phone's page needs at start and the app only once a test
 * screen opens (core's test flow, controller keys and session checks, the realtime guards, the help's
 * composition in words, lib/i18n/step-help-words.ts): its own file,
 * so that the landing and login pages do not download it with React.
 */
const TEST_FLOW =
  /[\\/](packages[\\/]core[\\/]src[\\/](flow|presbyopia|session)[\\/]|packages[\\/]contracts[\\/]src[\\/]realtime-guards\.|src[\\/]lib[\\/]i18n[\\/]step-help-words\.)/;
/**
 * The tests' definitions and core's input errors, which the calibration rules of the dashboard and the
 * settings screens need as the test flow does: a small file of their own, or those screens would
 * download the whole test flow for them (issue 25 item 5).
 */
const TEST_DEFINITIONS =
  /[\\/]packages[\\/]core[\\/]src[\\/](flow[\\/]test-definitions|errors[\\/]core-input-error)\./;
/**
 * The socket client: the phone's page, the display's test screen and every signed-in screen (the
 * account's socket, lib/realtime/account-link).
 */
const SOCKET =
  /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/;
/**
 * The link of a running test (the phone's page and the display's test screen): its own file, beside the
 * socket client, since it needs the test flow's realtime guards and a signed-in screen that only opens the
 * account's socket does not (issue 25 item 5).
 */
const TESTS_LINK = /[\\/]src[\\/]lib[\\/]realtime[\\/](tests-socket|use-tests-link)\./;
/**
 * The realtime names and limits (contracts' realtime-constants), which the account's socket needs as the
 * test flow's guards do: a small file of their own, or every signed-in screen would download the test
 * flow for them (issue 25 item 5).
 */
const REALTIME_CONSTANTS = /[\\/]packages[\\/]contracts[\\/]src[\\/]realtime-constants\./;
/** The phone controller's own code: it stays in the controller page's entry file. */
const CONTROLLER_OWN =
  /[\\/](controller\.html|src[\\/](controller-main|app[\\/]controller-app|features[\\/]controller))/;

/** `/controller/:token` (contracts' isControllerRoute; the config cannot load the workspace's TS). */
const CONTROLLER_ROUTE = /^\/controller\/[^/]+\/?$/;

/**
 * The dev and preview servers answer the phone controller's screen with its own page, as the Visus
 * server does (apps/server/src/plugins/app/spa.ts, docs/adr/0005); every other screen gets index.html.
 */
function controllerPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const pathname = (req.url ?? '').split('?')[0]!;
    if (req.method === 'GET' && CONTROLLER_ROUTE.test(pathname)) req.url = '/controller.html';
    next();
  };
  return {
    name: 'visus-controller-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * MUI's `createTheme` and `ThemeProvider` choose at run time between a theme without CSS variables and
 * one with them, so both are bundled: the CSS-variables half (`createThemeWithVars`, `CssVarsProvider`,
 * the colour-scheme storage and script, ≈ 25 KB minified, ≈ 7 KB gzip) reaches every page's start-up
 * JS although no theme of the app uses it. For the themes the app makes (no `cssVariables`, no
 * `colorSchemes`: apps/web/src/app/theme.ts, and MUI's own default theme) MUI's `createTheme` returns
 * `createThemeNoVars(options, ...args)` and `ThemeProvider` renders `ThemeProviderNoVars`: the build
 * keeps only that half, and a theme that would need the other half fails loudly instead of drawing
 * differently (docs/adr/0033). Tests and the dev server run MUI's own modules.
 */
const MUI_STYLES = /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/;
const MUI_WITHOUT_CSS_VARIABLES: Record<string, string> = {
  createTheme: `import createThemeNoVars from "./createThemeNoVars.mjs";
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || "colorSchemes" in options)
    throw new Error("Visus builds MUI without CSS-variables themes (apps/web/vite.config.ts)");
  return createThemeNoVars(options, ...args);
}`,
  ThemeProvider: `import * as React from "react";
import ThemeProviderNoVars from "./ThemeProviderNoVars.mjs";
import THEME_ID from "./identifier.mjs";
import { jsx } from "react/jsx-runtime";
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = React.useMemo(() => {
    if (typeof theme === "function") return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ("colorSchemes" in muiTheme)
      throw new Error("Visus builds MUI without CSS-variables themes (apps/web/vite.config.ts)");
    return "vars" in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}`,
};

function muiWithoutCssVariables(): Plugin {
  return {
    name: 'visus-mui-without-css-variables',
    apply: 'build',
    load(id) {
      const name = MUI_STYLES.exec(id.split('?')[0]!)?.[1];
      return name === undefined ? null : MUI_WITHOUT_CSS_VARIABLES[name]!;
    },
  };
}

/** A catalog of the app's words: src/locales/<language>/<area>.json (docs/adr/0028). */
const CATALOG = /[\\/]src[\\/]locales[\\/][a-z]{2}[\\/][\w-]+\.json$/;

/**
 * The catalogs are flat JSON, `{ "id": "ICU message" }` (Lingui's minimal JSON format), as translators
 * write them; the app imports them compiled by Lingui's own message compiler, so that the browser gets
 * Lingui's runtime (≈2 KB gzip) and never the ICU parser. `export const messages` replaces the module
 * Vite's JSON plugin made of the file; the type of the import stays the JSON's (ids are typed from it).
 */
function compiledCatalogs(): Plugin {
  return {
    name: 'visus-compiled-catalogs',
    transform(_code, id) {
      const file = id.split('?')[0]!;
      if (!CATALOG.test(file)) return null;
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const messages = Object.fromEntries(
        Object.entries(source).map(([key, message]) => [key, compileMessageOrThrow(message)]),
      );
      return {
        code: `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))});`,
        map: null,
      };
    },
  };
}

/** Files every page of the app has loaded before any lazy screen (the start-up groups below). */
const STARTUP_FILE = /(^|\/)(rolldown-runtime|shared-start|app-start|index)-[\w-]+\.js$/;

/**
 * Screens few people open, or open once (the admin's and the clinic's, the stimulus previews, a share
 * link's page and the result page's share section, two-step sign-in's code step and enrolment, the
 * forgotten and reset password pages, the optical history, colour calibration and the info page), and
 * the signed-in screens and frame (dashboard, profile, setup, tests, the test screen, results, the account
 * menu, the drawer and the signed-in services; issue 20 needed their room for the languages): their
 * files load when the screen is opened rather than being named for preloading in the entry, whose every
 * name costs the guest screens' start-up JS budget (e2e/guest-screens-keep-their-js-budget.spec.ts).
 */
const ONLY_ON_DEMAND =
  /(^|\/)(admin-dashboard-page|manage-users-page|invites-page|[\w-]+-preview-page|patients-page|patient-history-page|patient-result-page|shared-page|share-links-section|two-step-setup-page|second-step-form|forgot-password-page|reset-password-page|history-page|gamma-page|info-page|dashboard-page|profile-page|setup-page|tests-page|test-screen|results-page|account-menu|nav-drawer|signed-in-services)-[\w-]+\.js$/;

export default defineConfig({
  plugins: [react(), controllerPage(), muiWithoutCssVariables(), compiledCatalogs()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // The server serves this folder (apps/server/src/plugins/app/spa.ts).
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // A lazy screen's preload list need not name the start-up files: every page has loaded them already.
    // Each name left out is bytes out of the entry's dependency map (the guest screens' JS budget).
    modulePreload: {
      resolveDependencies: (file, deps) =>
        ONLY_ON_DEMAND.test(file) ? [] : deps.filter((dep) => !STARTUP_FILE.test(dep)),
    },
    rolldownOptions: {
      // Two pages: the app, and the phone controller's light page (docs/adr/0005).
      input: { index: page('./index.html'), controller: page('./controller.html') },
      output: {
        codeSplitting: {
          // Start-up code in a few larger files rather than two dozen small ones: one file compresses
          // better (issue 9 part 6). Higher priority first; each group takes only what is left.
          groups: [
            { name: 'realtime-constants', tags: ['$initial'], test: REALTIME_CONSTANTS, priority: 5 },
            { name: 'test-definitions', tags: ['$initial'], test: TEST_DEFINITIONS, priority: 5 },
            { name: 'test-flow', tags: ['$initial'], test: TEST_FLOW, priority: 4 },
            {
              name: 'shared-start',
              tags: ['$initial'],
              // and the bundler's own helpers (virtual modules, ids starting with a NUL byte)
              test: (id: string) => SHARED_START.test(id) || id.startsWith('\0'),
              priority: 3,
            },
            { name: 'socket', tags: ['$initial'], test: SOCKET, priority: 2 },
            { name: 'tests-link', tags: ['$initial'], test: TESTS_LINK, priority: 2 },
            {
              name: 'app-start',
              tags: ['$initial'],
              test: (id: string) => !CONTROLLER_OWN.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
