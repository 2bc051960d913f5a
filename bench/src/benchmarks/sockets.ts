/**
 * sockets: 10,000 idle authenticated sockets of one instance, each sending the spec's heartbeat;
 * the server's resident memory (RSS) in total and per socket. The server runs alone in a child
 * process (its RSS is its own), the sockets in another. Measured for raw WebSockets and for tRPC
 * subscriptions (the web app's connection). Goal: ≤ 400 MB in total.
 */
import { execFileSync } from 'node:child_process';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { rawSocketUrl } from '../lib/fanout.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { setUpSpace } from '../lib/spaces.ts';
import { startWorker, type Worker } from '../lib/workers.ts';
import type { HoldSpec, HoldStatus } from '../workers/socket-holder.ts';

const TOTAL_GOAL_MB = 400;
/** spec §9: a heartbeat every 30 s. */
const HEARTBEAT_MS = 30_000;
/** File descriptors a process needs besides its sockets. */
const SPARE_DESCRIPTORS = 512;
const MB = 1024 * 1024;

/** The soft limit of open files of processes started from here (`ulimit -n`), or null. */
function openFileLimit(): number | null {
  try {
    const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text);
  } catch {
    return null;
  }
}

interface Memory {
  type: 'memory';
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
}

export const sockets: Benchmark = {
  name: 'sockets',
  summary: '10,000 idle authenticated sockets with heartbeats: server RSS total and per socket',
  async run(context: BenchContext) {
    const count = context.smoke ? 50 : 10_000;
    // Long enough for every socket's second heartbeat in a full run.
    const holdMs = context.smoke ? 1000 : HEARTBEAT_MS + 5000;
    const limit = openFileLimit();
    if (limit !== null && limit < count + SPARE_DESCRIPTORS) {
      throw new Error(
        `${grouped(count)} sockets need \`ulimit -n\` ≥ ${grouped(count + SPARE_DESCRIPTORS)} (it is ${limit}): raise it in the shell that runs pnpm bench`,
      );
    }

    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const figures: Figure[] = [];
      const notes: string[] = [];
      for (const kind of ['raw', 'trpc'] as const) {
        const label = kind === 'raw' ? 'raw WS' : 'tRPC';
        const server: Worker = startWorker('server-process', { execArgv: ['--expose-gc'] });
        const stopServer = context.defer(() => server.stop());
        const holder: Worker = startWorker('socket-holder');
        const stopHolder = context.defer(() => holder.stop());
        try {
          const { url, wsUrl } = await server.request<{
            type: 'listening';
            url: string;
            wsUrl: string;
          }>({ type: 'start', databaseUrl: database.url }, 'listening', 120_000);
          const space = await setUpSpace(url, ['member'], 'Idle');
          const [member] = space.members;
          if (!member) throw new Error('space set-up failed');
          const spec: HoldSpec = {
            kind,
            count,
            socketUrl:
              kind === 'raw'
                ? rawSocketUrl(wsUrl, space.name, member.token, member.userId)
                : `${wsUrl}/trpc`,
            token: member.token,
            spaceName: space.name,
            heartbeatMs: HEARTBEAT_MS,
          };
          const before = await server.request<Memory>({ type: 'memory' }, 'memory', 60_000);
          context.log(`sockets: opening ${grouped(count)} ${label} sockets`);
          const opened = await holder.request<{ type: 'opened'; seconds: number }>(
            { type: 'open', ...spec },
            'opened',
            30 * 60_000,
          );
          context.log(
            `sockets: ${grouped(count)} ${label} sockets open after ${opened.seconds.toFixed(0)} s; idle for ${holdMs / 1000} s`,
          );
          await new Promise((resolve) => setTimeout(resolve, holdMs));
          const state = await holder.request<HoldStatus & { type: 'status' }>(
            { type: 'status' },
            'status',
            60_000,
          );
          const after = await server.request<Memory>({ type: 'memory' }, 'memory', 60_000);
          if (state.open !== count || state.answered !== count) {
            throw new Error(
              `${label}: ${state.open} of ${count} sockets open, ${state.answered} had a heartbeat answered`,
            );
          }
          figures.push(
            {
              name: `${grouped(count)} idle ${label} sockets — server RSS`,
              value: after.rssBytes / MB,
              unit: 'MB',
              goal: { op: '<=', bound: TOTAL_GOAL_MB },
              baseline: { value: before.rssBytes / MB, label: 'no sockets' },
            },
            {
              name: `${label} — RSS per socket`,
              value: (after.rssBytes - before.rssBytes) / count / 1024,
              unit: 'KB',
            },
          );
          notes.push(
            `${label}: ${grouped(count)} sockets opened in ${opened.seconds.toFixed(0)} s (${Math.round(count / opened.seconds)}/s), ${grouped(state.pongs)} heartbeats answered; JS heap ${(before.heapUsedBytes / MB).toFixed(0)} → ${(after.heapUsedBytes / MB).toFixed(0)} MB, external ${(before.externalBytes / MB).toFixed(0)} → ${(after.externalBytes / MB).toFixed(0)} MB`,
          );
          await holder.request({ type: 'close' }, 'closed', 60_000);
          await server.request({ type: 'stop' }, 'stopped', 60_000);
        } finally {
          await stopHolder();
          await stopServer();
        }
      }
      notes.unshift(
        `server (on ${database.serverVersion}) alone in a child process, RSS after a full GC (--expose-gc) before any socket and after ${holdMs / 1000} s idle with all sockets open; every socket sends a heartbeat when it opens and every 30 s (spec §9); sockets in another process; \`ulimit -n\` here: ${String(limit ?? 'unknown')} (each of the two processes needs ${grouped(count)} + ~${SPARE_DESCRIPTORS} descriptors)`,
      );
      return { figures, notes };
    } finally {
      await dropDatabase();
    }
  },
};
