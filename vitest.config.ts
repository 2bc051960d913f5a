import { connect } from 'node:net';
import { availableParallelism } from 'node:os';

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
 *
 * Redis and NATS: `TEST_REDIS_URL` / `TEST_NATS_URL` name the servers the tests use; unset, the
 * default address (127.0.0.1:6379 / 127.0.0.1:4222) is used when something answers there. Every
 * integration project gets both variables (only those that are available). Files that need one
 * carry it in their name — `*.redis.*` needs Redis, `*.nats.*` NATS — and are left out, reported
 * as not run, when it is missing; so are the Redis / NATS runs of the tests that run once per
 * event bus (cross-instance, session cache, event bus: `testEventBuses()` includes a broker only
 * when its variable is set). In CI (`CI` set) a missing server is a failure instead.
 */
const postgresUrl = process.env.TEST_POSTGRES_URL;
const integration = ['packages/*/src/**/*.int.test.ts', 'packages/*/test/**/*.int.test.ts'];

/** A server the tests need beside the database: its variable, default URL and file marker. */
const SERVICES = [
  { name: 'Redis', env: 'TEST_REDIS_URL', url: 'redis://127.0.0.1:6379', marker: 'redis' },
  { name: 'NATS', env: 'TEST_NATS_URL', url: 'nats://127.0.0.1:4222', marker: 'nats' },
] as const;

/** Whether a TCP connection to `url`'s host and port is accepted within 500 ms. */
function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const serviceEnv: Record<string, string> = {};
const serviceExcludes: string[] = [];
for (const service of SERVICES) {
  const given = process.env[service.env];
  if (given) serviceEnv[service.env] = given;
  else if (await answers(service.url)) serviceEnv[service.env] = service.url;
  else {
    const missing = `nothing answers at ${service.url}; start ${service.name} or set ${service.env}`;
    if (process.env.CI) throw new Error(`${service.name} is required in CI: ${missing}.`);
    // The per-bus tests (testEventBuses in packages/server/src/testing.ts) leave its bus out.
    console.warn(
      `${service.name} tests (*.${service.marker}.* and the ${service.name} runs of the per-bus tests) NOT RUN: ${missing}.`,
    );
    serviceExcludes.push(`**/*.${service.marker}.*`);
  }
}

export default defineConfig({
  test: {
    // TEST_REPORT_DIR (.ci/run): each file's time also goes there, for `pnpm ci:profile`.
    ...(process.env.TEST_REPORT_DIR
      ? { reporters: ['default', './scripts/vitest-file-times.ts'] }
      : {}),
    // One worker per core (vitest's default leaves one core idle: a single worker on 2 cores).
    maxWorkers: availableParallelism(),
    // Captures every test server's log lines and the secrets they saw, and fails the run when a
    // log line holds one (a token, verifier, key or ciphertext).
    globalSetup: [
      'packages/server/src/log-audit.global-setup.ts',
      // One migrated PGlite image per run, which every in-memory test database starts from.
      'packages/db/src/pglite-image.global-setup.ts',
    ],
    projects: [
      // Web components and domain modules in jsdom (see packages/web/vite.config.ts).
      'packages/web/vite.config.ts',
      {
        test: {
          name: 'unit',
          // Pure tests hold no global state: files share a worker and its loaded modules.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          exclude: [
            ...integration,
            'packages/*/src/**/*.pg.test.ts',
            'packages/web/**',
            ...serviceExcludes,
          ],
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integration,
          exclude: serviceExcludes,
          env: { TEST_DB: 'pglite', ...serviceEnv },
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
                exclude: serviceExcludes,
                env: { TEST_DB: 'postgres', TEST_POSTGRES_URL: postgresUrl, ...serviceEnv },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
