/**
 * body-attack (no stranger can slow the service down): how long `GET /api/health` takes while 8
 * clients without a session send 9.6 MB JSON bodies of ~850,000 keys to `POST /api/auth/login` over
 * and over (each the moment the previous one is answered). The server runs alone in a child process
 * (its CPU is its own); the bodies and the health probes leave this process. Goal: health
 * p99 ≤ 100 ms during the attack. Baseline: the same probes with no attack, in the same run.
 */
import { request } from 'node:http';

import { grouped, type Benchmark, type BenchContext } from '../lib/benchmark.ts';
import { createThrowawayDatabase } from '../lib/postgres.ts';
import type { Figure } from '../lib/report.ts';
import { latencySummary, median } from '../lib/stats.ts';
import { startWorker, type Worker } from '../lib/workers.ts';

const HEALTH_P99_GOAL_MS = 100;
/** Parallel attackers. */
const ATTACKERS = 8;
/** Pause between two health probes, in ms (a probe leaves when the previous one is answered). */
const PROBE_GAP_MS = 10;
/** A probe unanswered this long counts with this latency (the server is stalled), in ms. */
const PROBE_TIMEOUT_MS = 60_000;

/** `{"k0":0,"k1":0,…}` of at least `bytes` bytes; with its number of keys. */
function keyBomb(bytes: number): { body: Buffer; keys: number } {
  const parts: string[] = [];
  let length = 1;
  while (length < bytes) {
    const member = `"k${parts.length}":0`;
    parts.push(member);
    length += member.length + 1;
  }
  return { body: Buffer.from(`{${parts.join(',')}}`), keys: parts.length };
}

interface Answer {
  /** The status, or the network error's code. */
  outcome: string;
  ms: number;
}

/** One request to `url` with `body` (JSON); resolves with its status or network error. */
function send(
  url: string,
  method: string,
  path: string,
  body: Buffer | null,
  timeoutMs: number,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      resolve({ outcome, ms: performance.now() - started });
    };
    const req = request(`${url}${path}`, {
      method,
      agent: false,
      headers: body
        ? { 'content-type': 'application/json', 'content-length': String(body.length) }
        : {},
      timeout: timeoutMs,
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => settle(String(res.statusCode)));
      res.on('error', () => settle(String(res.statusCode)));
    });
    req.on('timeout', () => {
      settle('timeout');
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? 'error'));
    req.end(body ?? undefined);
  });
}

/** Probes `GET /api/health` one after another until `until()` says stop; the latencies in ms. */
async function probeHealth(url: string, until: () => boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (!until()) {
    answers.push(await send(url, 'GET', '/api/health', null, PROBE_TIMEOUT_MS));
    await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
  }
  return answers;
}

/** `{'413': 12, ECONNRESET: 1}` → "12 × 413, 1 × ECONNRESET". */
function tally(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const { outcome } of answers) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, n]) => `${grouped(n)} × ${outcome}`).join(', ') || 'none';
}

export const bodyAttack: Benchmark = {
  name: 'body-attack',
  summary: '/api/health p99 while 8 clients send 9.6 MB JSON bodies to /api/auth/login',
  async run(context: BenchContext) {
    const bodyBytes = context.smoke ? 96_000 : 9_600_000;
    const baselineMs = context.smoke ? 500 : 3_000;
    const attackMs = context.smoke ? 1_000 : 15_000;
    const { body, keys } = keyBomb(bodyBytes);

    const database = await createThrowawayDatabase(context.config.postgresUrl);
    const dropDatabase = context.defer(() => database.drop());
    const server: Worker = startWorker('server-process');
    const stopServer = context.defer(() => server.stop());
    try {
      const { url } = await server.request<{ type: 'listening'; url: string }>(
        { type: 'start', databaseUrl: database.url },
        'listening',
        120_000,
      );
      // Warm-up: the first requests compile the routes' code.
      await probeHealth(
        url,
        (
          (n) => () =>
            n-- <= 0
        )(20),
      );

      const baselineEnd = performance.now() + baselineMs;
      const quiet = await probeHealth(url, () => performance.now() >= baselineEnd);

      context.log(
        `body-attack: ${ATTACKERS} attackers × ${(body.length / 1e6).toFixed(1)} MB (${grouped(keys)} keys) for ${attackMs / 1000} s`,
      );
      const attackEnd = performance.now() + attackMs;
      const over = () => performance.now() >= attackEnd;
      const logins: Answer[] = [];
      const attackers = Array.from({ length: ATTACKERS }, async () => {
        while (!over()) {
          logins.push(await send(url, 'POST', '/api/auth/login', body, PROBE_TIMEOUT_MS));
        }
      });
      // Probes start once every attacker's first body is on its way.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const attacked = await probeHealth(url, over);
      await Promise.all(attackers);
      await server.request({ type: 'stop' }, 'stopped', 60_000);

      const ms = (answers: readonly Answer[]) => answers.map((answer) => answer.ms);
      const calm = latencySummary(ms(quiet));
      const under = latencySummary(ms(attacked));
      const slowest = Math.max(...ms(attacked));
      const figures: Figure[] = [
        {
          name: `/api/health p99 while ${ATTACKERS} clients send ${(body.length / 1e6).toFixed(1)} MB bodies to /api/auth/login`,
          value: under.p99,
          unit: 'ms',
          goal: { op: '<=', bound: HEALTH_P99_GOAL_MS },
          baseline: { value: calm.p99, label: 'no attack' },
        },
        { name: '/api/health p50 during the attack', value: under.p50, unit: 'ms' },
        { name: '/api/health, slowest answer during the attack', value: slowest, unit: 'ms' },
      ];
      const notes = [
        `server (our buildServer, ${database.serverVersion}) alone in a child process; ${ATTACKERS} attackers in this process each POST /api/auth/login with a ${grouped(body.length)}-byte JSON object of ${grouped(keys)} keys (Content-Length set, no session) the moment the previous one is answered, for ${attackMs / 1000} s; health probed one at a time (${PROBE_GAP_MS} ms apart) from 50 ms after the attack starts to its end: ${grouped(attacked.length)} probes (${tally(attacked)}), p50/p95/p99 ${under.p50.toFixed(1)}/${under.p95.toFixed(1)}/${under.p99.toFixed(1)} ms; without the attack (${baselineMs / 1000} s before it) ${grouped(quiet.length)} probes, p50/p99 ${calm.p50.toFixed(1)}/${calm.p99.toFixed(1)} ms`,
        `login answers: ${tally(logins)}; median ${median(ms(logins)).toFixed(0)} ms from the request to its answer (the whole body is written either way)`,
      ];
      return { figures, notes };
    } finally {
      await stopServer();
      await dropDatabase();
    }
  },
};
