/**
 * The periodic work of one server instance:
 *
 * - expired sessions are deleted every SESSION_CLEANUP_INTERVAL_MS, and with them the save ids
 *   older than SAVE_ID_RETENTION_MS (24 h; api `pruneSaveIds`, exactly-once saves);
 * - spaces without any login for SPACE_RETENTION_DAYS are deleted every
 *   SPACE_RETENTION_INTERVAL_MS (not at all when the days are 0); with several instances the
 *   job's advisory lock lets one of them do it (api `deleteInactiveSpaces`);
 * - the history of tool content is pruned by HISTORY_RETENTION_DAYS and HISTORY_MAX_VERSIONS every
 *   HISTORY_RETENTION_INTERVAL_MS (not at all when both are 0), under its own advisory lock (api
 *   `pruneToolHistory`);
 * - the cross-instance listener's losses and recoveries are logged.
 *
 * A job never overlaps its own previous run; a failed run (e.g. the database is down) is logged
 * as a warning and simply tried again at the next interval. Timers are unref'd.
 */
import {
  deleteExpiredSessions,
  deleteInactiveSpaces,
  pruneSaveIds,
  pruneToolHistory,
  type EventBus,
} from '@cipherspace/api';
import type { Database } from '@cipherspace/db';
import type { FastifyBaseLogger } from 'fastify';

import type { ServerConfig } from './config.ts';

export interface BackgroundDeps {
  db: Database;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** The clock the jobs compare expiry and last-login times with. */
  now: () => Date;
  config: Pick<
    ServerConfig,
    'sessionCleanupIntervalMs' | 'spaceRetentionDays' | 'spaceRetentionIntervalMs' | 'history'
  >;
}

/** Starts the jobs; the returned `stop()` cancels them (runs already under way finish). */
export function startBackgroundJobs(deps: BackgroundDeps): { stop(): void } {
  const { db, bus, log, now, config } = deps;
  const stops: (() => void)[] = [];

  stops.push(
    every(config.sessionCleanupIntervalMs, async () => {
      try {
        const count = await deleteExpiredSessions(db, now());
        if (count > 0) log.info({ count }, 'expired sessions deleted');
        const saveIds = await pruneSaveIds(db, now());
        if (saveIds > 0) log.info({ count: saveIds }, 'old save ids forgotten');
      } catch (error) {
        log.warn({ err: error }, 'session cleanup failed; trying again at the next interval');
      }
    }),
  );

  if (config.spaceRetentionDays > 0) {
    stops.push(
      every(config.spaceRetentionIntervalMs, async () => {
        try {
          const run = await deleteInactiveSpaces(db, bus, {
            now: now(),
            retentionDays: config.spaceRetentionDays,
          });
          if (run.deletedSpaceIds.length > 0) {
            log.info(
              { count: run.deletedSpaceIds.length, retentionDays: config.spaceRetentionDays },
              'inactive spaces deleted',
            );
          }
        } catch (error) {
          log.warn(
            { err: error },
            'inactive-space cleanup failed; trying again at the next interval',
          );
        }
      }),
    );
  }

  const { history } = config;
  if (history.retentionDays > 0 || history.maxVersions > 0) {
    stops.push(
      every(history.intervalMs, async () => {
        try {
          const run = await pruneToolHistory(db, {
            now: now(),
            retentionDays: history.retentionDays,
            maxVersions: history.maxVersions,
          });
          if (run.deletedChanges + run.deletedSnapshots > 0) {
            log.info(
              {
                changes: run.deletedChanges,
                snapshots: run.deletedSnapshots,
                retentionDays: history.retentionDays,
                maxVersions: history.maxVersions,
              },
              'old versions pruned from the content history',
            );
          }
        } catch (error) {
          log.warn({ err: error }, 'history pruning failed; trying again at the next interval');
        }
      }),
    );
  }

  stops.push(
    bus.onTransportState((state, error) => {
      if (state === 'reconnecting') {
        log.warn({ err: error }, 'cross-instance events: LISTEN connection lost, reconnecting');
      } else if (state === 'listening') {
        log.info('cross-instance events: listening again');
      }
    }),
  );

  return {
    stop() {
      for (const stop of stops) stop();
    },
  };
}

/** Runs `job` every `intervalMs` ms, never two runs at once; returns the cancel function. */
function every(intervalMs: number, job: () => Promise<void>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void job().finally(() => {
      running = false;
    });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
