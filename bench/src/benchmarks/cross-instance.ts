/**
 * cross-instance (issue 8 item 2): the fanout round with the writer on instance A and the
 * sockets on instance B of one PostgreSQL database, so every event travels through
 * LISTEN/NOTIFY; held against the same round on one instance in the same run. Goal: p99 ≤ 2×
 * the single-instance p99.
 */
import { encryptJson } from '@cipherspace/crypto';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { rawSocketUrl, runFanoutRound, summarise, type FanoutRun } from '../lib/fanout.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { POOL_SIZE, startOurServer } from '../lib/servers.ts';
import { contentPath, documentOfSize, saveContent, setUpSpace } from '../lib/spaces.ts';

const TOOL = 'kanban';
const DOCUMENT_BYTES = 10 * 1024;
const SAVE_TIMEOUT_MS = 30_000;
const RATIO_GOAL = 2;

export const crossInstance: Benchmark = {
  name: 'cross-instance',
  summary: 'writer on instance A, raw WS readers on instance B (NOTIFY) vs all on one instance',
  async run(context: BenchContext) {
    const sockets = context.smoke ? 10 : 1000;
    const saves = context.smoke ? 3 : 40;
    const warmup = context.smoke ? 1 : 5;

    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const a = await startOurServer({ databaseUrl: database.url });
      const stopA = context.defer(() => a.close());
      const b = await startOurServer({ databaseUrl: database.url });
      const stopB = context.defer(() => b.close());
      try {
        const space = await setUpSpace(a.url, ['writer', 'reader'], 'Cross');
        const [writer, reader] = space.members;
        if (!writer || !reader) throw new Error('space set-up failed');
        const envelope = await encryptJson(documentOfSize(DOCUMENT_BYTES), space.key);
        let version = await saveContent(a.url, writer.token, space.name, TOOL, envelope, 0);

        const round = async (readersOn: typeof a, label: string) => {
          context.log(
            `cross-instance: ${grouped(sockets)} raw WS sockets, ${label}, ${saves} saves`,
          );
          const spec: FanoutRun = {
            kind: 'raw',
            sockets,
            socketUrl: rawSocketUrl(readersOn.wsUrl, space.name, reader.token, reader.userId),
            token: reader.token,
            spaceName: space.name,
            saveUrl: `${a.url}${contentPath(space.name, TOOL)}`,
            writerToken: writer.token,
            envelope,
            startVersion: version,
            saves,
            warmup,
            saveTimeoutMs: SAVE_TIMEOUT_MS,
          };
          const outcome = await runFanoutRound(spec);
          if (outcome.latenciesMs.length !== sockets * saves) {
            throw new Error(
              `${label}: ${outcome.latenciesMs.length} receipts, expected ${sockets * saves}`,
            );
          }
          version = outcome.endVersion;
          return summarise(outcome);
        };
        const single = await round(a, 'writer and readers on A');
        const cross = await round(b, 'writer on A, readers on B');

        const figures: Figure[] = (['p50', 'p95', 'p99'] as const).map((p) => ({
          name: `A → B, ${grouped(sockets)} raw WS sockets — ${p}`,
          value: cross[p],
          unit: 'ms',
          baseline: { value: single[p], label: 'one instance' },
          ...(p === 'p99' ? { ratioGoal: { op: '<=' as const, bound: RATIO_GOAL } } : {}),
        }));
        return {
          figures,
          notes: [
            `two instances in this process, each with its own pool (${POOL_SIZE}) and LISTEN connection, on one ${database.serverVersion} database; the baseline is the same round with the readers on A (the writer's instance) in the same run; ${saves} measured saves after ${warmup} warm-up saves`,
          ],
        };
      } finally {
        await stopB();
        await stopA();
      }
    } finally {
      await dropDatabase();
    }
  },
};
