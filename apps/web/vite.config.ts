import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  plugins: [react()],
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
