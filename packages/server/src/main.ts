/**
 * `pnpm start`: reads the configuration, opens the database (embedded PGlite in DATA_DIR
 * unless DATABASE_URL is set), migrates it, connects to the EVENT_BUS_URL broker if one is set
 * (exiting when it cannot be reached, as for the database), and serves on http://HOST:PORT.
 * SIGTERM / SIGINT close the server gracefully: it stops accepting connections, drops idle
 * keep-alive connections, answers every request already received, closes WebSockets with 1001
 * (going away) and then closes the database; exit code 0. Requests still running after
 * {@link SHUTDOWN_GRACE_MS} are cut and the exit code is 1. An unhandled promise rejection is logged, not fatal.
 */
import { createDb } from '@cipherspace/db';

import { buildServer } from './app.ts';
import { loadConfig } from './config.ts';
import { openEventBus } from './event-bus/index.ts';

const config = loadConfig();
const db = await createDb({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.dbPoolSize,
});
const broker = config.eventBusUrl
  ? await openEventBus(config.eventBusUrl).catch(async (error: unknown) => {
      await db.close();
      throw new Error('EVENT_BUS_URL: the event broker cannot be reached', { cause: error });
    })
  : null;
const app = await buildServer(config, { db, ...(broker ? { notifier: broker } : {}) });

/** How long a shutdown waits for requests in flight before cutting them, in ms. */
const SHUTDOWN_GRACE_MS = 10_000;

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    const outcome = { cut: false };
    const grace = setTimeout(() => {
      outcome.cut = true;
      app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still running: cutting them');
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    await app.close();
    clearTimeout(grace);
    await broker?.close();
    await db.close();
    process.exit(outcome.cut ? 1 : 0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A promise some library dropped (postgres.js did so during database restarts: porsager/postgres
// #1192) must not take every open request and socket down with it: log it and keep serving —
// all state that matters is in the database. An uncaught exception still ends the process.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled promise rejection');
});

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Cipherspace is serving on http://${config.host}:${config.port} (database: ${db.driver}, events: ${broker?.kind ?? (db.notifier ? 'postgres' : 'in-process')})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'failed to start');
  await broker?.close();
  await db.close();
  process.exit(1);
}
