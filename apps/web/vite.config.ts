import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  plugins: [react(), controllerPage()],
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
    rolldownOptions: {
      // Two pages: the app, and the phone controller's light page (docs/adr/0005).
      input: { index: page('./index.html'), controller: page('./controller.html') },
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
