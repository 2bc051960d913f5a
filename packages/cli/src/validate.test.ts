/**
 * `cipherspace validate --tool <tool> [file]`: the real program, offline (no server, no session),
 * reading a file or stdin and naming every problem with its place and JSON path.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

import { tools } from '@cipherspace/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT } from './errors.ts';
import { run } from './program.ts';
import { runCli } from './testing.ts';
import { buildContent } from './test-content.ts';
import { jsonPath } from './validate.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cipherspace-cli-validate-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// No server and no session: the session file points at an empty folder.
const env = () => ({ configHome: dir, server: 'http://127.0.0.1:9' });

/** A Kanban board as the app makes it, as JSON. */
function board(): Record<string, unknown> & { phases: Record<string, unknown>[] } {
  return JSON.parse(JSON.stringify(buildContent(tools.kanban, []))) as ReturnType<typeof board>;
}

async function file(name: string, value: unknown): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
}

/** Runs the program with `input` on stdin. */
async function runWithStdin(argv: string[], input: string) {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(input);
  const code = await run(argv, {
    env: {
      server: undefined,
      spaceKey: undefined,
      sourceSpaceKey: undefined,
      password: undefined,
      configHome: dir,
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin,
    cwd: dir,
    now: () => new Date(),
  });
  return { code, stdout, stderr };
}

describe('cipherspace validate', () => {
  it('says a board the app made is valid (exit 0)', async () => {
    await file('good.json', board());
    const result = await runCli(['validate', '--tool', 'kanban', 'good.json'], {
      env: env(),
      cwd: dir,
    });
    expect(result).toEqual({
      code: EXIT.ok,
      stdout: 'good.json: valid Kanban Board content (kanban).\n',
      stderr: '',
    });
  });

  it('names the column and field of maxIssues: null, with its JSON path (exit 1)', async () => {
    const content = board();
    const column = content.phases[1];
    if (!column) throw new Error('default board changed');
    column.maxIssues = null;
    await file('null-max.json', content);
    const result = await runCli(['validate', '--tool', 'kanban', 'null-max.json'], {
      env: env(),
      cwd: dir,
    });
    expect(result.code).toBe(EXIT.failure);
    expect(result.stdout).toBe(
      'null-max.json: Column 2: maxIssues must be a number (at $.phases[1].maxIssues)\n',
    );
    expect(result.stderr).toBe(
      'error: null-max.json is not valid Kanban Board content (1 problem).\n',
    );
  });

  it('says "Phase" for Issue Management and prints every problem', async () => {
    const content = JSON.parse(JSON.stringify(buildContent(tools['ticket-system'], []))) as {
      phases: Record<string, unknown>[];
      title?: unknown;
    };
    const phase = content.phases[0];
    if (!phase) throw new Error('default board changed');
    phase.name = 5;
    delete content.title;
    const result = await runWithStdin(
      ['validate', '--tool', 'ticket-system'],
      JSON.stringify(content),
    );
    expect(result.code).toBe(EXIT.failure);
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      'stdin: title is required (at $.title)',
      'stdin: Phase 1: name must be text (at $.phases[0].name)',
    ]);
    expect(result.stderr).toContain('(2 problems)');
  });

  it('checks the spec §5 rules once the shape is right', async () => {
    const content = board();
    content.title = '  ';
    const result = await runWithStdin(
      ['validate', '--tool', 'kanban', '-'],
      JSON.stringify(content),
    );
    expect(result.code).toBe(EXIT.failure);
    expect(result.stdout).toBe('stdin: Title is required\n');
  });

  it('reads stdin: valid content there is valid too; -q prints nothing', async () => {
    const result = await runWithStdin(
      ['validate', '-q', '--tool', 'kanban'],
      JSON.stringify(board()),
    );
    expect(result).toEqual({ code: EXIT.ok, stdout: '', stderr: '' });
  });

  it('refuses what is not JSON (1), a missing file (1) and an unknown tool (2)', async () => {
    await file('broken.json', '{"phases": [');
    const notJson = await runCli(['validate', '--tool', 'kanban', 'broken.json'], {
      env: env(),
      cwd: dir,
    });
    expect(notJson.code).toBe(EXIT.failure);
    expect(notJson.stderr).toMatch(/^error: broken\.json is not JSON: /);

    const missing = await runCli(['validate', '--tool', 'kanban', 'nothing.json'], {
      env: env(),
      cwd: dir,
    });
    expect(missing.code).toBe(EXIT.failure);
    expect(missing.stderr).toMatch(/^error: Cannot read .*nothing\.json/);

    const unknown = await runCli(['validate', '--tool', 'whiteboard', 'broken.json'], {
      env: env(),
      cwd: dir,
    });
    expect(unknown.code).toBe(EXIT.usage);
  });
});

describe('jsonPath', () => {
  it('writes indexes in brackets and quotes keys that are not names', () => {
    expect(jsonPath(['phases', 1, 'maxIssues'])).toBe('$.phases[1].maxIssues');
    expect(jsonPath(['tagColors', 'in progress'])).toBe('$.tagColors["in progress"]');
    expect(jsonPath([])).toBe('$');
  });
});
