#!/usr/bin/env node
/**
 * `pnpm ci:profile [dir]`: where a CI run's time went. Reads what `.ci/run` left in `dir`
 * (default: $TEST_REPORT_DIR, else .ci/report): `phases.tsv` (phase, seconds), the vitest
 * reporter's `vitest-files.jsonl` (scripts/vitest-file-times.ts) and Playwright's
 * `playwright.json`, and prints the time of every phase and the 20 slowest test files of each
 * vitest project and of Playwright. Files that are missing are skipped with a note.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? process.env.TEST_REPORT_DIR ?? '.ci/report';
const SLOWEST = 20;
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

function read(name, parse) {
  const path = join(dir, name);
  if (!existsSync(path)) {
    console.log(`(no ${path})`);
    return null;
  }
  return parse(readFileSync(path, 'utf8'));
}

function table(title, rows) {
  console.log(`\n${title}`);
  for (const [label, ms, extra] of rows)
    console.log(`${seconds(ms)} s  ${label}${extra ? `  ${extra}` : ''}`);
}

const phases = read('phases.tsv', (text) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')),
);
if (phases) {
  const total = phases.reduce((sum, [, s]) => sum + Number(s), 0);
  table(
    `CI phases (${total} s in all; phases run side by side where marked ∥)`,
    phases.map(([name, s]) => [name, Number(s) * 1000]),
  );
}

const files = read('vitest-files.jsonl', (text) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line)),
);
if (files) {
  const projects = [...new Set(files.map((file) => file.project))].sort();
  for (const project of projects) {
    const own = files.filter((file) => file.project === project);
    const sum = own.reduce((total, file) => total + file.ms + file.setupMs, 0);
    table(
      `vitest ${project}: ${own.length} files, ${seconds(sum).trim()} s of worker time — ${SLOWEST} slowest (tests and hooks, plus the setup before them)`,
      own
        .sort((a, b) => b.ms + b.setupMs - (a.ms + a.setupMs))
        .slice(0, SLOWEST)
        .map((file) => [
          file.file,
          file.ms + file.setupMs,
          `(tests ${seconds(file.ms).trim()} s, setup ${seconds(file.setupMs).trim()} s)`,
        ]),
    );
  }
}

const playwright = read('playwright.json', (text) => JSON.parse(text));
if (playwright) {
  const byFile = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          byFile.set(here, (byFile.get(here) ?? 0) + result.duration);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwright.suites) walk(suite, suite.file);
  const { stats } = playwright;
  table(
    `Playwright: ${stats.expected} passed, ${stats.flaky} flaky, ${stats.unexpected} failed in ${seconds(stats.duration).trim()} s — ${SLOWEST} slowest files (sum of their tests)`,
    [...byFile].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST),
  );
}
