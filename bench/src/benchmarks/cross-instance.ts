/**
 * cross-instance: live events between server instances of one PostgreSQL database, once per event
 * bus — PostgreSQL LISTEN/NOTIFY, NATS and Redis pub/sub (EVENT_BUS_URL; the brokers at
 * BENCH_NATS_URL / BENCH_REDIS_URL). Three instances A, B, C run on each bus in turn, on the same
 * database:
 *
 * - latency: the fanout round with the writer on A and the raw WS readers on B (two instances'
 *   worth of travel; goal p99 ≤ 2× one instance) and spread over B and C (three instances; goal
 *   p99 ≤ 1.5× one instance), held against the same round with the readers on A in the same run;
 * - saves per second: 200 active spaces (smoke: 6), each with a writer saving as fast as it can
 *   on one instance (autocannon, one connection per space, fresh versions) and a reader socket
 *   on the next instance, so every save's event crosses the bus; every reader must receive every
 *   save of its space. A 3 s run before the measured 10 s warms each bus's instances up. NOTIFY's figure is the brokers' baseline: NOTIFY takes a database-wide
 *   lock at commit, a broker does not.
 *
 * A broker that does not answer is reported as not measured (a note), not as a failure.
 */
import { encryptJson } from '@cipherspace/crypto';
import postgres from 'postgres';
import WebSocket from 'ws';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { rawSocketUrl, runFanoutRound, summarise, type FanoutRun } from '../lib/fanout.ts';
import { runLoad, type LoadTarget } from '../lib/load.ts';
import { createThrowawayDatabase, ignoreNotice } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { POOL_SIZE, startOurServer, type RunningServer } from '../lib/servers.ts';
import {
  contentPath,
  documentOfSize,
  saveContent,
  setUpSpace,
  type BenchSpace,
} from '../lib/spaces.ts';

const TOOL = 'kanban';
const DOCUMENT_BYTES = 10 * 1024;
const SAVE_TIMEOUT_MS = 30_000;
/** p99 of the readers on B against one instance. */
const TWO_INSTANCES_RATIO_GOAL = 2;
/** p99 of the readers on B and C against one instance. */
const THREE_INSTANCES_RATIO_GOAL = 1.5;
/**
 * The documents each active space saves, two per connection: a PUT always finds one that no
 * request in flight uses (see workers/load.ts).
 */
const LOAD_TOOLS = ['bulletin', 'poker'] as const;
/** Time between two reads of the stored versions after a load run, in ms. */
const SETTLE_MS = 250;
/** How long the readers may take to receive the last saves of a load run, in ms. */
const DELIVERY_GRACE_MS = 10_000;

type Bus = 'notify' | 'nats' | 'redis';
const BUSES: readonly Bus[] = ['notify', 'nats', 'redis'];
const LABEL: Record<Bus, string> = { notify: 'NOTIFY', nats: 'NATS', redis: 'Redis' };

export const crossInstance: Benchmark = {
  name: 'cross-instance',
  summary:
    'writer on instance A, raw WS readers on B (and C) vs all on one instance, and saves/s on 3 instances — over NOTIFY, NATS and Redis',
  async run(context: BenchContext) {
    const sockets = context.smoke ? 10 : 1000;
    const saves = context.smoke ? 3 : 40;
    const warmup = context.smoke ? 1 : 5;
    const activeSpaces = context.smoke ? 6 : 200;
    const loadSeconds = context.smoke ? 1 : 10;
    // An unmeasured run first on each bus: fresh pools and connections, and on the first bus
    // fresh tables, would otherwise count against whichever bus comes first.
    const warmLoadSeconds = context.smoke ? 1 : 3;

    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    const figures: Figure[] = [];
    const notes: string[] = [];
    try {
      let fanoutSpace: BenchSpace | null = null;
      let envelope = '';
      let fanoutVersion = 0;
      let loadSpaces: BenchSpace[] = [];
      let loadTargets: LoadTarget[] = [];
      let notifyRate: number | null = null;

      for (const bus of BUSES) {
        const label = LABEL[bus];
        const eventBusUrl =
          bus === 'notify'
            ? undefined
            : bus === 'nats'
              ? context.config.natsUrl
              : context.config.redisUrl;
        let instances: RunningServer[];
        try {
          instances = await startInstances(3, database.url, eventBusUrl);
        } catch (error) {
          notes.push(`${label} not measured: ${errorText(error)}`);
          context.log(`cross-instance: ${label} not measured: ${errorText(error)}`);
          continue;
        }
        const stop = context.defer(async () => {
          for (const instance of instances) await instance.close();
        });
        try {
          const [a, b, c] = instances;
          if (!a || !b || !c) throw new Error('three instances expected');

          if (!fanoutSpace) {
            fanoutSpace = await setUpSpace(a.url, ['writer', 'reader'], 'Cross');
            envelope = await encryptJson(documentOfSize(DOCUMENT_BYTES), fanoutSpace.key);
            const [writer] = fanoutSpace.members;
            if (!writer) throw new Error('space set-up failed');
            fanoutVersion = await saveContent(
              a.url,
              writer.token,
              fanoutSpace.name,
              TOOL,
              envelope,
              0,
            );
            context.log(`cross-instance: setting up ${activeSpaces} active spaces`);
            loadSpaces = await setUpSpaces(a.url, activeSpaces);
            loadTargets = loadSpaces.flatMap((space) =>
              LOAD_TOOLS.map((tool) => ({
                path: contentPath(space.name, tool),
                version: 0,
                token: space.members[0]?.token ?? '',
              })),
            );
          }
          const space = fanoutSpace;
          const [writer, reader] = space.members;
          if (!writer || !reader) throw new Error('space set-up failed');

          const round = async (readersOn: readonly RunningServer[], where: string) => {
            context.log(
              `cross-instance: ${label}, ${grouped(sockets)} raw WS sockets, ${where}, ${saves} saves`,
            );
            const spec: FanoutRun = {
              kind: 'raw',
              sockets,
              socketUrl: readersOn.map((server) =>
                rawSocketUrl(server.wsUrl, space.name, reader.token, reader.userId),
              ),
              token: reader.token,
              spaceName: space.name,
              saveUrl: `${a.url}${contentPath(space.name, TOOL)}`,
              writerToken: writer.token,
              envelope,
              startVersion: fanoutVersion,
              saves,
              warmup,
              saveTimeoutMs: SAVE_TIMEOUT_MS,
            };
            const outcome = await runFanoutRound(spec);
            if (outcome.latenciesMs.length !== sockets * saves) {
              throw new Error(
                `${label}, ${where}: ${outcome.latenciesMs.length} receipts, expected ${sockets * saves}`,
              );
            }
            fanoutVersion = outcome.endVersion;
            return summarise(outcome);
          };
          const single = await round([a], 'writer and readers on A');
          const two = await round([b], 'writer on A, readers on B');
          const three = await round([b, c], 'writer on A, readers on B and C');
          const baseline = { value: single.p99, label: 'one instance' };
          figures.push({
            name: `${label}: A → B (2 instances), ${grouped(sockets)} raw WS sockets — p99`,
            value: two.p99,
            unit: 'ms',
            baseline,
            ratioGoal: { op: '<=', bound: TWO_INSTANCES_RATIO_GOAL },
          });
          for (const p of ['p50', 'p95', 'p99'] as const) {
            figures.push({
              name: `${label}: A → B, C (3 instances), ${grouped(sockets)} raw WS sockets — ${p}`,
              value: three[p],
              unit: 'ms',
              baseline: { value: single[p], label: 'one instance' },
              ...(p === 'p99'
                ? { ratioGoal: { op: '<=' as const, bound: THREE_INSTANCES_RATIO_GOAL } }
                : {}),
            });
          }

          context.log(
            `cross-instance: ${label}, ${activeSpaces} active spaces saving on 3 instances for ${warmLoadSeconds} s (warm-up) + ${loadSeconds} s`,
          );
          const warm = await savesPerSecond(
            database.url,
            instances,
            loadSpaces,
            loadTargets,
            warmLoadSeconds,
          );
          loadTargets = warm.targets;
          const rate = await savesPerSecond(
            database.url,
            instances,
            loadSpaces,
            loadTargets,
            loadSeconds,
          );
          loadTargets = rate.targets;
          if (bus === 'notify') notifyRate = rate.perSecond;
          figures.push({
            name: `${label}: saves/s across 3 instances, ${activeSpaces} active spaces`,
            value: rate.perSecond,
            unit: 'req/s',
            ...(bus !== 'notify' && notifyRate !== null
              ? { baseline: { value: notifyRate, label: 'NOTIFY' } }
              : {}),
          });
          notes.push(
            `${label}: ${grouped(rate.saves)} saves in ${rate.seconds.toFixed(1)} s, save latency p99 ${rate.latencyP99Ms} ms; every one reached its reader on the next instance`,
          );
        } finally {
          await stop();
        }
      }
      notes.push(
        `three instances in this process, each with its own pool (${POOL_SIZE}) and its LISTEN connection or broker connections, on one ${database.serverVersion} database, one bus after the other; the latency baseline is the same round with the readers on A (the writer's instance) in the same run; ${saves} measured saves after ${warmup} warm-up saves per round; saves/s measured for ${loadSeconds} s after ${warmLoadSeconds} s unmeasured; the load generators (autocannon, one per instance) and the fan-out clients run in processes of their own, but the three instances share this one (one event loop for all three)`,
      );
      return { figures, notes };
    } finally {
      await dropDatabase();
    }
  },
};

/** `count` instances of our server on `databaseUrl`, with `eventBusUrl` (or NOTIFY). */
async function startInstances(
  count: number,
  databaseUrl: string,
  eventBusUrl: string | undefined,
): Promise<RunningServer[]> {
  const started: RunningServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      started.push(await startOurServer({ databaseUrl, ...(eventBusUrl ? { eventBusUrl } : {}) }));
    }
  } catch (error) {
    for (const server of started) await server.close();
    throw error;
  }
  return started;
}

/** `count` spaces with a writer and a reader each, set up two at a time. */
async function setUpSpaces(url: string, count: number): Promise<BenchSpace[]> {
  const spaces: BenchSpace[] = [];
  for (let i = 0; i < count; i += 2) {
    const batch = Math.min(2, count - i);
    spaces.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => setUpSpace(url, ['writer', 'reader'], 'Active')),
      )),
    );
  }
  return spaces;
}

/**
 * Space i's writer saves its {@link LOAD_TOOLS} on instance i mod n (one autocannon process per
 * instance, one connection per space) while space i's reader listens on instance i + 1 mod n;
 * resolves the saves per second over all instances and the targets' new versions.
 * @throws when a save fails or a reader misses a save.
 */
async function savesPerSecond(
  databaseUrl: string,
  instances: readonly RunningServer[],
  spaces: readonly BenchSpace[],
  /** {@link LOAD_TOOLS}.length targets per space, in the order of `spaces`. */
  targets: readonly LoadTarget[],
  durationS: number,
): Promise<{
  perSecond: number;
  saves: number;
  seconds: number;
  latencyP99Ms: number;
  targets: LoadTarget[];
}> {
  const readers = await Promise.all(
    spaces.map((space, i) => {
      const reader = space.members[1];
      const instance = instances[(i + 1) % instances.length];
      if (!reader || !instance) throw new Error('space set-up failed');
      return ReaderSocket.open(
        rawSocketUrl(instance.wsUrl, space.name, reader.token, reader.userId),
      );
    }),
  );
  try {
    const envelope = await encryptJson(documentOfSize(1024), spaces[0]?.key ?? '');
    const spaceOf = (target: number) => Math.floor(target / LOAD_TOOLS.length);
    const instanceOf = (target: number) => spaceOf(target) % instances.length;
    const outcomes = await Promise.all(
      instances.map((instance, k) => {
        const mine = targets.filter((_, i) => instanceOf(i) === k);
        return runLoad({
          url: instance.url,
          method: 'PUT',
          targets: mine,
          token: null,
          envelope,
          connections: mine.length / LOAD_TOOLS.length,
          durationS,
        });
      }),
    );
    // What the database holds once nothing moves any more: a save in flight when a run ended
    // may commit after autocannon dropped its connection, so the load processes' own versions
    // may be one behind.
    const stored = await settledVersions(databaseUrl);
    const after = targets.map((target) => ({
      ...target,
      version: stored.get(target.path) ?? target.version,
    }));
    for (const [k, outcome] of outcomes.entries()) {
      if (outcome.non2xx > 0 || outcome.errors > 0) {
        throw new Error(
          `saves on instance ${k + 1}: ${outcome.non2xx} non-2xx (${JSON.stringify(outcome.statuses)}), ${outcome.errors} errors`,
        );
      }
    }
    await Promise.all(
      after.map((target, i) => {
        const reader = readers[spaceOf(i)];
        if (!reader) throw new Error(`no reader for target ${i}`);
        return reader.until(
          LOAD_TOOLS[i % LOAD_TOOLS.length] ?? '',
          target.version,
          DELIVERY_GRACE_MS,
        );
      }),
    );
    const saves = outcomes.reduce((sum, outcome) => sum + outcome.ok, 0);
    const seconds = Math.max(...outcomes.map((outcome) => outcome.seconds));
    return {
      perSecond: saves / seconds,
      saves,
      seconds,
      latencyP99Ms: Math.max(...outcomes.map((outcome) => outcome.latencyP99Ms)),
      targets: after,
    };
  } finally {
    for (const reader of readers) reader.close();
  }
}

/** A raw WS reader that remembers the highest content version it received of each tool. */
class ReaderSocket {
  private readonly highest = new Map<string, number>();
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        type?: string;
        data?: { tool?: string; version?: number };
      };
      const { tool, version } = message.data ?? {};
      if (message.type === 'content_update' && tool && typeof version === 'number') {
        this.highest.set(tool, Math.max(this.highest.get(tool) ?? 0, version));
        for (const wake of [...this.waiters]) wake();
      }
    });
  }

  static open(url: string): Promise<ReaderSocket> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new ReaderSocket(socket)));
      socket.once('error', reject);
    });
  }

  /** Resolves once version `version` of `tool` arrived; rejects after `timeoutMs`. */
  until(tool: string, version: number, timeoutMs: number): Promise<void> {
    const got = () => this.highest.get(tool) ?? 0;
    if (got() >= version) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wake = () => {
        if (got() < version) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`a reader got version ${got()} of ${tool}, not ${version}`));
      }, timeoutMs);
      this.waiters.add(wake);
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** {@link storedVersions} once two reads {@link SETTLE_MS} apart agree. */
async function settledVersions(databaseUrl: string): Promise<Map<string, number>> {
  let before = await storedVersions(databaseUrl);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const now = await storedVersions(databaseUrl);
    if ([...now].every(([path, version]) => before.get(path) === version)) return now;
    before = now;
  }
}

/** The stored version of every tool of every space, by its content path. */
async function storedVersions(databaseUrl: string): Promise<Map<string, number>> {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: ignoreNotice });
  try {
    const rows = await sql<{ name: string; tool: string; version: number }[]>`
      select s.name, c.tool, c.version from tool_contents c join spaces s on s.id = c.space_id`;
    return new Map(rows.map((row) => [contentPath(row.name, row.tool), row.version]));
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
