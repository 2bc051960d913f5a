/** Shared by the fanout and cross-instance benchmarks: one measured round in a client process. */
import postgres from 'postgres';

import type { FanoutOutcome, FanoutRun } from '../workers/fanout-clients.ts';
import { ignoreNotice } from './postgres.ts';
import { latencySummary } from './stats.ts';
import { startWorker } from './workers.ts';

export type { FanoutKind, FanoutOutcome, FanoutRun } from '../workers/fanout-clients.ts';

/** Runs one round (`spec`) in a fresh client process; resolves its outcome. */
export async function runFanoutRound(spec: FanoutRun): Promise<FanoutOutcome> {
  const worker = startWorker('fanout-clients');
  try {
    // Connecting may take a while on a loaded machine; every save has its own timeout.
    const budgetMs = 120_000 + spec.sockets * 200 + (spec.saves + spec.warmup) * spec.saveTimeoutMs;
    return await worker.request<FanoutOutcome & { type: 'done' }>(
      { type: 'run', ...spec },
      'done',
      budgetMs,
    );
  } finally {
    await worker.stop();
  }
}

/** p50/p95/p99 of a round's latencies, in ms. @throws when the round measured nothing. */
export function summarise(outcome: FanoutOutcome): { p50: number; p95: number; p99: number } {
  return latencySummary(outcome.latenciesMs);
}

/** The id of the space named `name` in the database at `databaseUrl` (for the bare routes). */
export async function spaceIdOf(databaseUrl: string, name: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: ignoreNotice });
  try {
    const [row] = await sql<{ id: string }[]>`select id from spaces where name = ${name}`;
    if (!row) throw new Error(`space ${name} not found`);
    return row.id;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The raw WebSocket URL of a space for a member (spec §7); with `asWebApp`, the query the web app
 * connects with (docs/websocket.md: a client id, `pending=1`, `refusal=close`), so the figure is
 * the app's own live channel.
 */
export function rawSocketUrl(
  wsBase: string,
  spaceName: string,
  token: string,
  userId: string,
  options: { asWebApp?: boolean } = {},
): string {
  const query = new URLSearchParams({ token, session_id: userId });
  if (options.asWebApp === true) {
    query.set('client_id', 'bench-reader');
    query.set('pending', '1');
    query.set('refusal', 'close');
  }
  return `${wsBase}/api/ws/${encodeURIComponent(spaceName)}?${query.toString()}`;
}
