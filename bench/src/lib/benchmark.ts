/** The shape every benchmark has, and what a run hands it. */
import type { BenchConfig } from '../config.ts';
import type { Figure } from './report.ts';

/** What a benchmark gets from the runner. */
export interface BenchContext {
  /** Tiny sizes, for CI: every code path end to end in seconds, figures not comparable with goals. */
  smoke: boolean;
  config: BenchConfig;
  /** Prints a progress line (stderr, so the table on stdout stays clean). */
  log(line: string): void;
  /**
   * Registers clean-up work (drop a database, stop a child) that must happen even when the run is
   * interrupted; returns a function that runs it now (and unregisters it).
   */
  defer(cleanup: () => Promise<void>): () => Promise<void>;
}

/** What a benchmark returns: its figures and notes. */
export interface BenchmarkOutput {
  figures: Figure[];
  notes: string[];
}

/** One benchmark of `pnpm bench <name>`. */
export interface Benchmark {
  name: string;
  /** One line for `--help`. */
  summary: string;
  /** Throws when the benchmark cannot run or measures something impossible (a broken benchmark). */
  run(context: BenchContext): Promise<BenchmarkOutput>;
}

/** "1,000" */
export function grouped(value: number): string {
  return value.toLocaleString('en-US');
}
