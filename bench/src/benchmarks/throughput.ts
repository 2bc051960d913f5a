/**
 * throughput: autocannon with 50 connections against `GET /api/content/{space}/{tool}` and `PUT`
 * with fresh versions, versus a bare Fastify route that runs the same postgres.js query (no
 * authentication, no validation, no tRPC), in the same run. Goal: GET ≥ 60 % of the bare route.
 */
import { deriveOperationsKey, encryptJson, encryptOperation } from '@cipherspace/crypto';
import { TOOL_NAMES, type ToolName } from '@cipherspace/tools/metadata';

import type { Benchmark, BenchContext } from '../lib/benchmark.ts';
import { spaceIdOf } from '../lib/fanout.ts';
import { createThrowawayDatabase, ignoreNotice } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { POOL_SIZE, startBareServer, startOurServer } from '../lib/servers.ts';
import {
  contentPath,
  documentOfSize,
  saveContent,
  setUpSpace,
  type BenchSpace,
} from '../lib/spaces.ts';
import { median } from '../lib/stats.ts';
import { runLoad, type LoadTarget } from '../lib/load.ts';
import postgres from 'postgres';

const DOCUMENT_BYTES = 10 * 1024;
const GET_RATIO_GOAL = 0.6;
/** A save of operations alone: server CPU at most this many times the bare route's PUT. */
const OPERATIONS_CPU_RATIO_GOAL = 2;
/** …and at most this many KB written to the database (WAL) per save. */
const OPERATIONS_WAL_GOAL_KB = 4;

type Side = 'ours' | 'bare';

/** One document the load reads and saves: a registry tool's content in one of the spaces. */
interface LoadDocument {
  spaceName: string;
  spaceId: string;
  tool: ToolName;
  /** A member of the space. */
  token: string;
}

const documentKey = (spaceId: string, tool: string) => `${spaceId}/${tool}`;

/** The stored version of every tool of the spaces `spaceIds`, by {@link documentKey}. */
async function storedVersions(
  databaseUrl: string,
  spaceIds: readonly string[],
): Promise<{ key: string; version: number }[]> {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: ignoreNotice });
  try {
    const rows = await sql<{ space_id: string; tool: string; version: number }[]>`
      select space_id, tool, version from tool_contents
      where space_id in ${sql(spaceIds)} order by space_id, tool`;
    return rows.map((row) => ({ key: documentKey(row.space_id, row.tool), version: row.version }));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export const throughput: Benchmark = {
  name: 'throughput',
  summary: 'autocannon GET/PUT /api/content/{space}/{tool} vs a bare Fastify + postgres.js route',
  async run(context: BenchContext) {
    const connections = context.smoke ? 4 : 50;
    const rounds = context.smoke ? 1 : 4;
    const roundS = context.smoke ? 1 : 4;
    const warmupS = context.smoke ? 0 : 2;
    // Twice as many documents as connections: a PUT always finds one that no request in flight
    // uses. A space holds one document per registry tool, so they are spread over spaces.
    const documentCount = connections * 2;
    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    try {
      const ours = await startOurServer({ databaseUrl: database.url });
      const stopOurs = context.defer(() => ours.close());
      const bare = await startBareServer(database.url);
      const stopBare = context.defer(() => bare.close());
      try {
        const spaces: BenchSpace[] = [];
        for (let i = 0; i < Math.ceil(documentCount / TOOL_NAMES.length); i++) {
          spaces.push(await setUpSpace(ours.url, ['alice'], 'Load'));
        }
        const [first] = spaces;
        if (!first) throw new Error('space set-up failed');
        const envelope = await encryptJson(documentOfSize(DOCUMENT_BYTES), first.key);
        const documents: LoadDocument[] = [];
        for (const space of spaces) {
          const spaceId = await spaceIdOf(database.url, space.name);
          const token = space.members[0]?.token;
          if (!token) throw new Error('space set-up failed');
          for (const tool of TOOL_NAMES) {
            if (documents.length < documentCount) {
              documents.push({ spaceName: space.name, spaceId, tool, token });
            }
          }
        }
        const spaceIds = [...new Set(documents.map((document) => document.spaceId))];
        const versions = new Map<string, number>();
        for (const document of documents) {
          versions.set(
            documentKey(document.spaceId, document.tool),
            await saveContent(
              ours.url,
              document.token,
              document.spaceName,
              document.tool,
              envelope,
              0,
            ),
          );
        }
        const targetsFor = (which: 'ours' | 'bare'): LoadTarget[] =>
          documents.map((document) => ({
            path:
              which === 'ours'
                ? contentPath(document.spaceName, document.tool)
                : `/bare/content/${document.spaceId}/${document.tool}`,
            version: versions.get(documentKey(document.spaceId, document.tool)) ?? 1,
            ...(which === 'ours' ? { token: document.token } : {}),
          }));

        // Requests the server still had queued when a load run stopped go on saving after it:
        // wait until the stored versions stop moving, then read them back.
        const refreshVersions = async () => {
          let last = '';
          for (let attempt = 0; attempt < 60; attempt++) {
            const rows = await storedVersions(database.url, spaceIds);
            const now = JSON.stringify(rows);
            if (now === last) {
              for (const row of rows) versions.set(row.key, row.version);
              return;
            }
            last = now;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
          throw new Error('the stored versions kept changing after a load run');
        };
        // An operation envelope as the web app sends for one card edit.
        const operation = await encryptOperation(
          {
            v: 1,
            tool: 'kanban',
            name: 'updateIssue',
            args: { issueId: 'issue-1', changes: { title: 'Edited' }, from: { title: 'Card' } },
            id: '00000000-0000-4000-8000-000000000001',
            at: new Date(0).toISOString(),
            by: 'alice',
          },
          await deriveOperationsKey(first.key, first.name),
        );
        const walBytes = async () => {
          const sql = postgres(database.url, {
            max: 1,
            fetch_types: false,
            onnotice: ignoreNotice,
          });
          try {
            const [row] = await sql<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`;
            const [high = '0', low = '0'] = (row?.lsn ?? '0/0').split('/');
            return Number.parseInt(high, 16) * 2 ** 32 + Number.parseInt(low, 16);
          } finally {
            await sql.end({ timeout: 5 });
          }
        };
        const runOnce = async (
          which: Side,
          method: 'GET' | 'PUT',
          durationS: number,
          operationsAlone = false,
        ) => {
          await refreshVersions();
          const walBefore = await walBytes();
          // Both servers live in this process and only one is under load at a time: this
          // process's CPU time is that server's.
          const cpuBefore = process.cpuUsage();
          const outcome = await runLoad({
            url: which === 'ours' ? ours.url : bare.url,
            method,
            targets: targetsFor(which),
            // GET reads the first document; each PUT target carries its space member's token.
            token: which === 'ours' ? (documents[0]?.token ?? null) : null,
            envelope,
            ...(operationsAlone && which === 'ours' ? { operations: [operation] } : {}),
            connections,
            durationS,
          });
          const cpu = process.cpuUsage(cpuBefore);
          // Saves still queued when the run stopped write on: settle before reading the WAL.
          await refreshVersions();
          const wal = (await walBytes()) - walBefore;
          if (outcome.ok === 0 || outcome.non2xx > 0) {
            throw new Error(
              `${method} ${which}: ${outcome.ok} answers 2xx, ${outcome.non2xx} not (statuses ${JSON.stringify(outcome.statuses)}): a broken run`,
            );
          }
          return { ...outcome, cpuMicros: cpu.user + cpu.system, wal };
        };
        // Short rounds, ours and bare taking turns (and turns about who goes first), so that the
        // load of other work on the machine falls on both sides alike.
        const compare = async (method: 'GET' | 'PUT', operationsAlone = false) => {
          if (warmupS > 0) {
            await runOnce('ours', method, warmupS, operationsAlone);
            await runOnce('bare', method, warmupS);
          }
          const sides = {
            ours: { ok: 0, seconds: 0, p99: [] as number[], errors: 0, cpuMicros: 0, wal: 0 },
            bare: { ok: 0, seconds: 0, p99: [] as number[], errors: 0, cpuMicros: 0, wal: 0 },
          };
          for (let round = 0; round < rounds; round++) {
            const order: Side[] = round % 2 === 0 ? ['ours', 'bare'] : ['bare', 'ours'];
            for (const which of order) {
              context.log(
                `throughput: ${method} ${which}, round ${round + 1}/${rounds}, ${connections} connections, ${roundS} s`,
              );
              const outcome = await runOnce(which, method, roundS, operationsAlone);
              const side = sides[which];
              side.wal += outcome.wal;
              side.ok += outcome.ok;
              side.seconds += outcome.seconds;
              side.p99.push(outcome.latencyP99Ms);
              side.errors += outcome.errors;
              side.cpuMicros += outcome.cpuMicros;
            }
          }
          const summary = (side: (typeof sides)['ours']) => ({
            requestsPerSecond: side.ok / side.seconds,
            p99Ms: median(side.p99),
            errors: side.errors,
            /** Server CPU time per answered request, in ms. */
            cpuMs: side.cpuMicros / 1000 / side.ok,
            /** Database WAL bytes written per answered request (settled after each run). */
            walBytes: side.wal / side.ok,
          });
          return { ours: summary(sides.ours), bare: summary(sides.bare) };
        };

        const get = await compare('GET');
        const put = await compare('PUT');
        const putOperations = await compare('PUT', true);

        const figures: Figure[] = [
          {
            name: `GET content — requests/s (${connections} connections)`,
            value: get.ours.requestsPerSecond,
            unit: 'req/s',
            baseline: { value: get.bare.requestsPerSecond, label: 'bare route' },
            ratioGoal: { op: '>=', bound: GET_RATIO_GOAL, text: '≥ 60 % of bare' },
          },
          {
            name: 'GET content — latency p99',
            value: get.ours.p99Ms,
            unit: 'ms',
            baseline: { value: get.bare.p99Ms, label: 'bare route' },
          },
          {
            name: 'GET content — server CPU per request',
            value: get.ours.cpuMs,
            unit: 'ms',
            baseline: { value: get.bare.cpuMs, label: 'bare route' },
          },
          {
            name: `PUT content, fresh versions — requests/s (${connections} connections)`,
            value: put.ours.requestsPerSecond,
            unit: 'req/s',
            baseline: { value: put.bare.requestsPerSecond, label: 'bare route' },
          },
          {
            name: 'PUT content — latency p99',
            value: put.ours.p99Ms,
            unit: 'ms',
            baseline: { value: put.bare.p99Ms, label: 'bare route' },
          },
          {
            name: 'PUT content — server CPU per request',
            value: put.ours.cpuMs,
            unit: 'ms',
            baseline: { value: put.bare.cpuMs, label: 'bare route' },
          },
          {
            name: 'PUT content — database WAL written per save',
            value: put.ours.walBytes / 1024,
            unit: 'KB',
          },
          {
            name: 'PUT of operations alone (a card edit) — server CPU per request',
            value: putOperations.ours.cpuMs,
            unit: 'ms',
            baseline: { value: put.bare.cpuMs, label: 'bare route' },
            ratioGoal: { op: '<=', bound: OPERATIONS_CPU_RATIO_GOAL },
          },
          {
            name: 'PUT of operations alone (a card edit) — database WAL written per save',
            value: putOperations.ours.walBytes / 1024,
            unit: 'KB',
            goal: { op: '<=', bound: OPERATIONS_WAL_GOAL_KB },
          },
        ];
        const errors = [get.ours, get.bare, put.ours, put.bare, putOperations.ours].reduce(
          (sum, o) => sum + o.errors,
          0,
        );
        return {
          figures,
          notes: [
            `autocannon in its own process; per figure ${rounds} rounds of ${roundS} s, ours and bare taking turns, after ${warmupS} s of warm-up each; latency p99 = median of the rounds'; a ${Math.round(envelope.length / 1024)} KB envelope; server in this process on ${database.serverVersion} with a pool of ${POOL_SIZE} (the bare route too). Ours authenticates every request (session look-up), validates and goes through tRPC's createCaller; the bare route runs only the content query. PUT: each request saves one of ${documents.length} documents in ${spaceIds.length} spaces with its current version (no 409s)${errors > 0 ? `; ${errors} connection errors/timeouts` : ''}`,
          ],
        };
      } finally {
        await stopBare();
        await stopOurs();
      }
    } finally {
      await dropDatabase();
    }
  },
};
