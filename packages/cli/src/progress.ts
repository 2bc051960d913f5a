/**
 * Progress of multi-tool work: one line per tool on stderr, `[3/6] bulletin … done`, so stdout
 * stays free for results. `--quiet` silences it (and every other informational line).
 */
import type { TextSink } from './io.ts';

export interface Reporter {
  /** One finished step: `[index/total] tool … outcome`. `index` is 1-based. */
  step(index: number, total: number, tool: string, outcome: string): void;
  /** An informational line (start, summary) on stderr. */
  info(line: string): void;
  /** A warning on stderr (shown even with --quiet). */
  warn(line: string): void;
}

/** A reporter writing to `stderr`; with `quiet`, only warnings are written. */
export function createReporter(stderr: TextSink, quiet: boolean): Reporter {
  return {
    step(index, total, tool, outcome) {
      if (!quiet) stderr.write(`[${index}/${total}] ${tool} … ${outcome}\n`);
    },
    info(line) {
      if (!quiet) stderr.write(`${line}\n`);
    },
    warn(line) {
      stderr.write(`warning: ${line}\n`);
    },
  };
}
