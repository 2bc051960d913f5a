/**
 * `pnpm bench [name…] [--smoke]`: runs the named benchmarks (all without names), prints each one's
 * table — figure, goal, bare baseline, ratio ours/baseline, pass/miss — and appends the run with
 * the machine's description to bench/RESULTS.md. `--smoke` runs every benchmark with tiny sizes
 * (CI: the code paths end to end in seconds) and records nothing.
 *
 * Exit status: 0 when every benchmark ran (missed goals included: these are benchmarks, not
 * timed tests), 1 when one broke, 2 for a usage error.
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { BENCHMARKS } from './benchmarks/index.ts';
import { loadBenchConfig } from './config.ts';
import type { BenchContext } from './lib/benchmark.ts';
import {
  appendResults,
  describeMachine,
  machineInfo,
  renderRun,
  renderTable,
  type BenchmarkResult,
} from './lib/report.ts';

const RESULTS_FILE = fileURLToPath(new URL('../RESULTS.md', import.meta.url));

const USAGE = `Usage: pnpm bench [name…] [--smoke] [--no-record]

Runs the benchmarks (all when no name is given), prints their figures and appends them to
bench/RESULTS.md.

Benchmarks:
${BENCHMARKS.map((b) => `  ${b.name.padEnd(15)} ${b.summary}`).join('\n')}

Options:
  --smoke       tiny sizes for CI (seconds; nothing recorded)
  --no-record   do not append to bench/RESULTS.md
  -h, --help    this text

Environment: BENCH_POSTGRES_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
CHROMIUM_PATH (default /usr/bin/chromium), BENCH_WEB_DIST (a finished web build for web and
live to serve instead of building the working tree).`;

function parse(): { names: string[]; smoke: boolean; record: boolean } | null {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        smoke: { type: 'boolean', default: false },
        'no-record': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const known = new Set(BENCHMARKS.map((b) => b.name));
    const unknown = positionals.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      console.error(`Unknown benchmark: ${unknown.join(', ')}\n\n${USAGE}`);
      return null;
    }
    return { names: positionals, smoke: values.smoke, record: !values['no-record'] };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return null;
  }
}

/** How long an interrupted run may spend cleaning up before it exits anyway, in ms. */
const CLEANUP_DEADLINE_MS = 20_000;

/** Clean-up work still to do if the run is interrupted (registered through `defer`). */
const cleanups = new Set<() => Promise<void>>();
/** Set by SIGINT/SIGTERM: the signal handler then finishes the clean-up and exits (130). */
let interrupted = false;

async function main(): Promise<number> {
  const args = parse();
  if (!args) return 2;
  const selected =
    args.names.length > 0 ? BENCHMARKS.filter((b) => args.names.includes(b.name)) : BENCHMARKS;
  const info = machineInfo();
  const config = loadBenchConfig();
  const log = (line: string) => console.error(`[bench] ${line}`);
  log(`${args.smoke ? 'smoke run' : 'run'}: ${selected.map((b) => b.name).join(', ')}`);
  log(describeMachine(info));

  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) {
      log(`${signal} again: exiting without finishing the clean-up`);
      process.exit(130);
    }
    interrupted = true;
    log(`${signal}: cleaning up (databases, servers, child processes); again to exit at once`);
    // A server closing under load may wait on its sockets: exit after a deadline regardless.
    const deadline = setTimeout(() => process.exit(130), CLEANUP_DEADLINE_MS);
    void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => {
      clearTimeout(deadline);
      process.exit(130);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  const context: BenchContext = {
    smoke: args.smoke,
    config,
    log,
    defer(cleanup) {
      let done = false;
      const once = async () => {
        if (done) return;
        done = true;
        cleanups.delete(once);
        await cleanup();
      };
      cleanups.add(once);
      return once;
    },
  };

  const results: BenchmarkResult[] = [];
  const failures: { name: string; error: string }[] = [];
  for (const benchmark of selected) {
    const started = performance.now();
    log(`${benchmark.name}: started`);
    try {
      const output = await benchmark.run(context);
      const result = {
        name: benchmark.name,
        ...output,
        seconds: (performance.now() - started) / 1000,
      };
      results.push(result);
      console.log(`\n${renderTable([result])}\n`);
      for (const note of result.notes) console.log(`- ${note}`);
      log(`${benchmark.name}: done in ${result.seconds.toFixed(0)} s`);
    } catch (error) {
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      failures.push({ name: benchmark.name, error: message.split('\n')[0] ?? message });
      console.error(
        `\n[bench] ${benchmark.name} FAILED after ${((performance.now() - started) / 1000).toFixed(0)} s:\n${message}\n`,
      );
    }
  }

  if (results.length > 1) console.log(`\nAll figures:\n\n${renderTable(results)}\n`);
  const section = renderRun(info, results, failures, os.loadavg()[0] ?? 0);
  if (args.smoke) log('smoke run: figures use tiny sizes and are not recorded');
  else if (args.record) {
    appendResults(RESULTS_FILE, section);
    log(`appended to ${RESULTS_FILE}`);
  }
  if (failures.length > 0) {
    console.error(`[bench] broken: ${failures.map((f) => f.name).join(', ')}`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => {
    // After a signal, the handler exits once every clean-up has finished.
    if (!interrupted) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
