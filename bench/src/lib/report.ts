/**
 * What a benchmark reports and how a run is printed and recorded: figures with their goal, the
 * bare baseline of the same run and the ratio ours/baseline, as a Markdown table (readable in a
 * terminal too) headed by the machine it ran on.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** Units of a figure (sizes in binary units: 1 KB = 1024 bytes, 1 MB = 1024 KB). */
export type Unit = 'ms' | 'req/s' | 'MB' | 'KB' | 'count';

/** A goal a figure (or its ratio to the baseline) must meet: `value op bound`. */
export interface Goal {
  op: '<=' | '>=';
  bound: number;
  /** How the goal reads when the bound is not in the figure's unit (e.g. "≥ 60 % of bare"). */
  text?: string;
}

/** One measured figure of a benchmark. */
export interface Figure {
  /** What was measured, e.g. "raw WS, 1,000 sockets — p99". */
  name: string;
  value: number;
  unit: Unit;
  /** The goal on `value` itself, if any. */
  goal?: Goal;
  /** The same figure measured in the same run without our stack (or the reference it is held to). */
  baseline?: { value: number; label: string };
  /** The goal on `value / baseline.value`, if any. */
  ratioGoal?: Goal;
}

/** A benchmark's outcome: its figures and notes (what was run, caveats). */
export interface BenchmarkResult {
  name: string;
  figures: Figure[];
  notes: string[];
  /** Wall-clock duration of the benchmark, in s. */
  seconds: number;
}

/** Whether `value` meets `goal`. */
export function meets(value: number, goal: Goal): boolean {
  return goal.op === '<=' ? value <= goal.bound : value >= goal.bound;
}

/** ours / baseline, or null without a (non-zero) baseline. */
export function ratioOf(figure: Figure): number | null {
  if (!figure.baseline || figure.baseline.value === 0) return null;
  return figure.value / figure.baseline.value;
}

/** 'pass' when every goal of the figure is met, 'miss' when one is not, null without goals. */
export function verdict(figure: Figure): 'pass' | 'miss' | null {
  const checks: boolean[] = [];
  if (figure.goal) checks.push(meets(figure.value, figure.goal));
  const ratio = ratioOf(figure);
  if (figure.ratioGoal && ratio !== null) checks.push(meets(ratio, figure.ratioGoal));
  if (checks.length === 0) return null;
  return checks.every(Boolean) ? 'pass' : 'miss';
}

/** `value` in `unit` for a table cell: 3 significant digits for small values, grouped thousands. */
export function formatValue(value: number, unit: Unit): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  const number = value.toLocaleString('en-US', {
    minimumFractionDigits: unit === 'count' ? 0 : digits,
    maximumFractionDigits: unit === 'count' ? 0 : digits,
  });
  return unit === 'count' ? number : `${number} ${unit}`;
}

function formatGoal(goal: Goal, unit: Unit | 'ratio'): string {
  if (goal.text) return goal.text;
  const op = goal.op === '<=' ? '≤' : '≥';
  return unit === 'ratio' ? `ratio ${op} ${goal.bound}` : `${op} ${formatValue(goal.bound, unit)}`;
}

const MARKERS = { pass: '✓ pass', miss: '✗ MISS' } as const;

/** The figures of `results` as one Markdown table (columns padded, so it reads in a terminal). */
export function renderTable(results: readonly BenchmarkResult[]): string {
  const header = ['benchmark', 'figure', 'ours', 'goal', 'baseline', 'ratio ours/baseline', ''];
  const rows = results.flatMap((result) =>
    result.figures.map((figure) => {
      const ratio = ratioOf(figure);
      const goals = [
        figure.goal ? formatGoal(figure.goal, figure.unit) : null,
        figure.ratioGoal ? formatGoal(figure.ratioGoal, 'ratio') : null,
      ].filter((goal): goal is string => goal !== null);
      const mark = verdict(figure);
      return [
        result.name,
        figure.name,
        formatValue(figure.value, figure.unit),
        goals.length > 0 ? goals.join('; ') : '–',
        figure.baseline
          ? `${formatValue(figure.baseline.value, figure.unit)} (${figure.baseline.label})`
          : '–',
        ratio === null ? '–' : ratio.toFixed(2),
        mark ? MARKERS[mark] : '',
      ];
    }),
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(Math.max(3, width)))),
    ...rows.map(line),
  ].join('\n');
}

/** The machine and code a run measured. */
export interface MachineInfo {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  date: string;
  commit: string;
  /** Load average (1 min) when the run started: other work on the machine skews every figure. */
  loadAverage: number;
}

/** Describes this machine and the checked-out commit (read-only git; "unknown" outside a clone). */
export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    date: new Date().toISOString(),
    commit: gitCommit(),
    loadAverage: os.loadavg()[0] ?? 0,
  };
}

function gitCommit(): string {
  try {
    const run = (args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const commit = run(['rev-parse', '--short', 'HEAD']);
    const changed = run(['status', '--porcelain', '--untracked-files=no']).length > 0;
    return changed ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

/** One line describing `info`. */
export function describeMachine(info: MachineInfo): string {
  return [
    `${info.cores} cores (${info.cpuModel})`,
    `${info.memoryGiB.toFixed(1)} GiB memory`,
    `Node ${info.node}`,
    info.date,
    `commit ${info.commit}`,
    `load average at start ${info.loadAverage.toFixed(1)}`,
  ].join(' · ');
}

/** The Markdown section of one run: heading, machine, table, each benchmark's notes. */
export function renderRun(
  info: MachineInfo,
  results: readonly BenchmarkResult[],
  failures: readonly { name: string; error: string }[],
  loadAverageAtEnd: number,
): string {
  const notes = results.flatMap((result) =>
    result.notes.map((note) => `- **${result.name}**: ${note}`),
  );
  const durations = results
    .map((result) => `${result.name} ${Math.round(result.seconds)} s`)
    .join(', ');
  return [
    `## Run of ${info.date.slice(0, 16).replace('T', ' ')} UTC (${results.map((r) => r.name).join(', ') || 'nothing'})`,
    '',
    `Machine: ${describeMachine(info)} · load average at end ${loadAverageAtEnd.toFixed(1)}.`,
    '',
    renderTable(results),
    '',
    ...(notes.length > 0 ? [...notes, ''] : []),
    ...(failures.length > 0
      ? [...failures.map((failure) => `- **${failure.name} FAILED**: ${failure.error}`), '']
      : []),
    `Durations: ${durations || '–'}.`,
    '',
  ].join('\n');
}

/** The head of a new RESULTS.md (the file is created on the first recorded run). */
const RESULTS_HEAD = `# Benchmark results

Written by \`pnpm bench\` (see README "Benchmarks"): each full or single-benchmark run appends its
table below, newest last. Smoke runs (\`--smoke\`) are never recorded.
`;

/** Appends `section` to the results file at `path`, creating it with its head if needed. */
export function appendResults(path: string, section: string): void {
  if (!existsSync(path)) writeFileSync(path, RESULTS_HEAD);
  appendFileSync(path, `\n${section}`);
}
