import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole workspace (`pnpm test`).
 *
 * - `web`: the React app's component and domain tests in jsdom.
 * - `unit`: pure tests (`*.test.ts`) of the other packages.
 * - `integration-pglite`: every `*.int.test.ts` against embedded PGlite (always).
 * - `integration-postgres`: the same files, plus `*.pg.test.ts`, against a real PostgreSQL server, whenever
 *   `TEST_POSTGRES_URL` names one (CI always sets it; see .ci/run). Each test file creates
 *   its own database with a random name and drops it afterwards.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const integration = ['packages/*/src/**/*.int.test.ts', 'packages/*/test/**/*.int.test.ts'];

export default defineConfig({
  test: {
    // Captures every test server's log lines and the secrets they saw, and fails the run when a
    // log line holds one (issue 7: no token, verifier, key or ciphertext in any log line).
    globalSetup: ['packages/server/src/log-audit.global-setup.ts'],
    projects: [
      // Web components and domain modules in jsdom (see packages/web/vite.config.ts).
      'packages/web/vite.config.ts',
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [...integration, 'packages/*/src/**/*.pg.test.ts', 'packages/web/**'],
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integration,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgresUrl
        ? [
            {
              test: {
                name: 'integration-postgres',
                // `*.pg.test.ts`: what only PostgreSQL can do (several server instances on one database).
                include: [...integration, 'packages/*/src/**/*.pg.test.ts'],
                env: { TEST_DB: 'postgres', TEST_POSTGRES_URL: postgresUrl },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
