/** Shared by the throughput and cross-instance benchmarks: one autocannon run in a client process. */
import type { LoadOutcome, LoadRun } from '../workers/load.ts';
import { startWorker } from './workers.ts';

export type { LoadOutcome, LoadRun, LoadTarget } from '../workers/load.ts';

/** Runs `spec` in a fresh load-generator process (workers/load.ts); resolves its outcome. */
export async function runLoad(spec: LoadRun): Promise<LoadOutcome> {
  const worker = startWorker('load');
  try {
    return await worker.request<LoadOutcome & { type: 'done' }>(
      { type: 'run', ...spec },
      'done',
      (spec.durationS + 120) * 1000,
    );
  } finally {
    await worker.stop();
  }
}
