/**
 * Child process of the throughput benchmark: the load generator (autocannon), kept out of the
 * server's process so the two never share an event loop.
 *
 * Request `{type: 'run', …LoadRun}` → reply `{type: 'done', …LoadOutcome}`. GET sends the same
 * request on every connection. PUT saves "fresh versions": each request takes a target (a tool
 * of its own) that no other request in flight uses, sends its current version and learns the
 * next one from the response, so no save meets a 409 (a target whose save failed is retired).
 */
import autocannon from 'autocannon';

import { serveParent, type WorkerMessage } from '../lib/workers.ts';

/** One content document a PUT may save: its path, and the version stored now. */
export interface LoadTarget {
  path: string;
  version: number;
  /** Bearer token for this target's saves (a member of its space); default the run's `token`. */
  token?: string;
}

export interface LoadRun {
  /** http://127.0.0.1:PORT */
  url: string;
  method: 'GET' | 'PUT';
  /** GET: the first target only; PUT: at least `connections` targets. */
  targets: LoadTarget[];
  /** Bearer token (none for the bare baseline). */
  token: string | null;
  /** The PUT body's `encrypted_data`. */
  envelope: string;
  /**
   * When given, PUT sends these encrypted operations alone instead of `envelope` (a save of
   * operations only, as the web app's changes are).
   */
  operations?: readonly string[];
  connections: number;
  durationS: number;
}

export interface LoadOutcome {
  /** 2xx responses per second over the run. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  ok: number;
  /** How long the run took, in s. */
  seconds: number;
  non2xx: number;
  errors: number;
  /** Responses per HTTP status. */
  statuses: Record<string, number>;
  /** The targets' versions after the run. */
  targets: LoadTarget[];
}

interface PutContext {
  target?: number;
}

async function run(spec: LoadRun): Promise<LoadOutcome> {
  const targets = spec.targets.map((target) => ({ ...target }));
  const first = targets[0];
  if (!first) throw new Error('no target');
  if (spec.method === 'PUT' && targets.length < spec.connections) {
    throw new Error(`PUT needs a target per connection (${targets.length} < ${spec.connections})`);
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (spec.token) headers.authorization = `Bearer ${spec.token}`;
  const free = targets.map((_, index) => index).reverse();

  const put: autocannon.Request = {
    method: 'PUT',
    setupRequest: (request, context) => {
      const index = free.pop();
      if (index === undefined) throw new Error('every PUT target is in flight or retired');
      const target = targets[index] ?? first;
      (context as PutContext).target = index;
      return {
        ...request,
        method: 'PUT',
        path: target.path,
        headers: target.token ? { ...headers, authorization: `Bearer ${target.token}` } : headers,
        body: JSON.stringify(
          spec.operations
            ? { metadata: { version: target.version }, operations: spec.operations }
            : { encrypted_data: spec.envelope, metadata: { version: target.version } },
        ),
      };
    },
    onResponse: (status, body, context) => {
      const index = (context as PutContext).target;
      if (index === undefined) return;
      const target = targets[index];
      if (!target || status !== 200) return; // retired: its version is unknown now
      const version = (JSON.parse(body) as { content_metadata?: { version?: number } })
        .content_metadata?.version;
      if (typeof version !== 'number') return;
      target.version = version;
      free.push(index);
    },
  };

  const result = await autocannon({
    url: spec.method === 'GET' ? `${spec.url}${first.path}` : spec.url,
    connections: spec.connections,
    duration: spec.durationS,
    timeout: 30,
    ...(spec.method === 'GET' ? { method: 'GET' as const, headers } : { requests: [put] }),
  });
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    ok: result['2xx'],
    seconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [
        status,
        stat.count ?? 0,
      ]),
    ),
    targets,
  };
}

serveParent(async (message: WorkerMessage) => {
  if (message.type !== 'run') return null;
  const outcome = await run(message as unknown as LoadRun & WorkerMessage);
  return { type: 'done', ...outcome };
});
