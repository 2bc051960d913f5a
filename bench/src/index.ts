/**
 * `@cipherspace/bench` — the benchmarks of `pnpm bench` (entry point: ./main.ts). Exported for
 * tooling that wants to run them programmatically.
 */
export { BENCHMARKS } from './benchmarks/index.ts';
export type { Benchmark, BenchContext, BenchmarkOutput } from './lib/benchmark.ts';
export type { BenchmarkResult, Figure, Goal, Unit } from './lib/report.ts';
