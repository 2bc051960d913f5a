/**
 * fanout: N sockets of one space — through the raw WebSocket and through tRPC subscriptions — and a
 * writer that saves M times; latency from the start of the save request to the `content_update` on
 * every socket. Bare baseline in the same run: the same UPDATE of the same row with postgres.js,
 * and one frame sent by a plain loop to the same number of `ws` sockets. Goals: p50 ≤ 10 ms and
 * p99 ≤ 50 ms at 1,000 sockets; ours/baseline ≤ 2. The raw sockets connect as the web app does
 * (this is its live channel); tRPC's figure stays measured for developers' typed clients.
 */
import { encryptJson } from '@cipherspace/crypto';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import {
  rawSocketUrl,
  runFanoutRound,
  spaceIdOf,
  summarise,
  type FanoutKind,
  type FanoutRun,
} from '../lib/fanout.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { POOL_SIZE, startBareServer, startOurServer } from '../lib/servers.ts';
import { contentPath, documentOfSize, saveContent, setUpSpace } from '../lib/spaces.ts';
import { median } from '../lib/stats.ts';

/** The tool whose content is saved. */
const TOOL = 'kanban';
/** Size of the saved document's JSON (the envelope is about 4/3 of it), in bytes. */
const DOCUMENT_BYTES = 10 * 1024;
const SAVE_TIMEOUT_MS = 30_000;

const P50_GOAL_MS = 10;
const P99_GOAL_MS = 50;
/** The socket count the absolute goals are set for. */
const GOAL_SOCKETS = 1000;
const RATIO_GOAL = 2;

/** The raw WebSocket is the web app's live channel; tRPC is for developers. */
const KIND_LABEL: Record<FanoutKind, string> = {
  raw: 'raw WS (the web app)',
  trpc: 'tRPC',
  bare: 'bare',
};

export const fanout: Benchmark = {
  name: 'fanout',
  summary: 'save → content_update on N sockets (raw WS, tRPC) vs postgres.js UPDATE + ws send',
  async run(context: BenchContext) {
    const socketCounts = context.smoke ? [10] : [100, 1000];
    const saves = context.smoke ? 3 : 40;
    const warmup = context.smoke ? 1 : 5;

    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const ours = await startOurServer({ databaseUrl: database.url });
      const stopOurs = context.defer(() => ours.close());
      const bare = await startBareServer(database.url);
      const stopBare = context.defer(() => bare.close());
      try {
        const space = await setUpSpace(ours.url, ['writer', 'reader'], 'Fanout');
        const [writer, reader] = space.members;
        if (!writer || !reader) throw new Error('space set-up failed');
        const envelope = await encryptJson(documentOfSize(DOCUMENT_BYTES), space.key);
        let version = await saveContent(ours.url, writer.token, space.name, TOOL, envelope, 0);
        const spaceId = await spaceIdOf(database.url, space.name);

        const figures: Figure[] = [];
        const notes: string[] = [];
        for (const sockets of socketCounts) {
          const rounds = {} as Record<FanoutKind, ReturnType<typeof summarise>>;
          const saveMs = {} as Record<FanoutKind, number>;
          for (const kind of ['raw', 'trpc', 'bare'] as const) {
            context.log(`fanout: ${grouped(sockets)} ${KIND_LABEL[kind]} sockets, ${saves} saves`);
            const spec: FanoutRun = {
              kind,
              sockets,
              socketUrl:
                kind === 'raw'
                  ? rawSocketUrl(ours.wsUrl, space.name, reader.token, reader.userId, {
                      asWebApp: true,
                    })
                  : kind === 'trpc'
                    ? `${ours.wsUrl}/trpc`
                    : `${bare.wsUrl}/bare/ws`,
              token: reader.token,
              spaceName: space.name,
              saveUrl:
                kind === 'bare'
                  ? `${bare.url}/bare/content/${spaceId}/${TOOL}`
                  : `${ours.url}${contentPath(space.name, TOOL)}`,
              writerToken: kind === 'bare' ? null : writer.token,
              envelope,
              startVersion: version,
              saves,
              warmup,
              saveTimeoutMs: SAVE_TIMEOUT_MS,
            };
            const outcome = await runFanoutRound(spec);
            if (outcome.latenciesMs.length !== sockets * saves) {
              throw new Error(
                `${kind}: ${outcome.latenciesMs.length} receipts, expected ${sockets * saves}`,
              );
            }
            version = outcome.endVersion;
            rounds[kind] = summarise(outcome);
            saveMs[kind] = median(outcome.saveMs);
            notes.push(
              `${grouped(sockets)} ${KIND_LABEL[kind]} sockets connected in ${outcome.connectSeconds.toFixed(1)} s; save request median ${saveMs[kind].toFixed(1)} ms`,
            );
          }
          for (const kind of ['raw', 'trpc'] as const) {
            for (const p of ['p50', 'p95', 'p99'] as const) {
              const goal =
                sockets === GOAL_SOCKETS && p !== 'p95'
                  ? { op: '<=' as const, bound: p === 'p50' ? P50_GOAL_MS : P99_GOAL_MS }
                  : undefined;
              figures.push({
                name: `${KIND_LABEL[kind]}, ${grouped(sockets)} sockets — ${p}`,
                value: rounds[kind][p],
                unit: 'ms',
                ...(goal ? { goal } : {}),
                baseline: { value: rounds.bare[p], label: 'UPDATE + ws send' },
                ratioGoal: { op: '<=', bound: RATIO_GOAL },
              });
            }
          }
        }
        notes.unshift(
          `one space, one writer (REST PUT of a ${Math.round(envelope.length / 1024)} KB envelope) and N sockets of one reader, all in one client process; ${saves} measured saves after ${warmup} warm-up saves, one after the other, each once every socket had the previous one; latency = start of the PUT → frame parsed on the socket (sockets × saves samples). Server in-process on ${database.serverVersion}, pool ${POOL_SIZE}`,
        );
        return { figures, notes };
      } finally {
        await stopBare();
        await stopOurs();
      }
    } finally {
      await dropDatabase();
    }
  },
};
