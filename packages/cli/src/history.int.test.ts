/**
 * `cipherspace history` and `cipherspace restore-version` against a real
 * server and database (PGlite, and PostgreSQL in the integration-postgres project) with real
 * crypto. The tools' content is changed the way the web app changes it: each save carries the
 * encrypted operations (op1 envelopes under the space's operations key) that produced its
 * snapshot, so the server keeps a history of ciphertext the CLI rebuilds on this machine.
 *
 * The CLI talks to the server through a recording proxy, which also lets a test make another
 * member save at the moment the CLI's save is on its way (409 → the restore is redone on the
 * latest content).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { pruneToolHistory } from '@cipherspace/api';
import {
  decryptJson,
  decryptOperation,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
  type OperationsKey,
} from '@cipherspace/crypto';
import { dayOf } from '@cipherspace/sync';
import {
  activityOf,
  operationContext,
  parseOperation,
  STAMP_FIELDS,
  tools,
  type NamedOperation,
  type ToolDefinition,
  type ToolName,
} from '@cipherspace/tools';
import type { TrackerContent } from '@cipherspace/tools/tracker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from '@cipherspace/server/testing';
import { EXIT } from './errors.ts';
import type { HistoryJson } from './history.ts';
import { RESTORE_SAVE_ATTEMPTS } from './restore-version.ts';
import { phaseId } from './test-content.ts';
import {
  runCli,
  startRecordingProxy,
  type RecordedRequest,
  type RecordingProxy,
} from './testing.ts';

const rand = () => Math.random().toString(36).slice(2, 10);
const p = encodeURIComponent;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEY = `History-Key-${rand()}!4`;

// ---- the world -----------------------------------------------------------------------------

let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
let server: TestServer;
let proxy: RecordingProxy;
/** Runs before the proxy forwards a request of the CLI; null: nothing happens. */
let interfere: ((request: RecordedRequest) => Promise<void>) | null = null;
let work: string;
let space: ClientSpace;
let operationsKey: OperationsKey;
/** Bearer tokens of the members who save as the web app would (not through the CLI). */
const tokens: Record<string, string> = {};

/** One version saved by {@link saveOperations}: its content and its entries' `details`. */
interface SavedVersion {
  version: number;
  content: unknown;
  details: string[];
}
/** Every version saved by the helpers below, by tool and version. */
const saved: Record<string, Map<number, SavedVersion>> = {};

const definition = (tool: ToolName): ToolDefinition => tools[tool];
/** An operation (`{type, ...args}`), or a function of the content so far giving one. */
type Op = NamedOperation & Record<string, unknown>;
type Step = Op | ((content: never) => Op);

function cli(argv: readonly string[], env: { spaceKey?: string } = { spaceKey: KEY }) {
  return runCli(['--session-file', join(work, 'session.json'), ...argv], {
    cwd: work,
    env: { server: proxy.url, configHome: join(work, 'config'), ...env },
  });
}

/** The stored content of `tool` (decrypted, parsed) and its version; null when it has none. */
async function stored(
  tool: ToolName,
): Promise<{ content: unknown; version: number; current: number } | null> {
  const answer = await api(server, 'GET', `/api/content/${p(space.name)}/${tool}`, {
    token: tokens.alice,
  });
  if (answer.status === 404) return null;
  expect(answer.status).toBe(200);
  const record = answer.body as {
    encrypted_data: string;
    content_metadata: { version: number };
    current_version: number;
  };
  return {
    content: definition(tool).parse(await decryptJson(record.encrypted_data, KEY)),
    version: record.content_metadata.version,
    current: record.current_version,
  };
}

function remember(tool: ToolName, version: SavedVersion): SavedVersion {
  (saved[tool] ??= new Map()).set(version.version, version);
  return version;
}

/** Saves `content` as a whole (no operations) on the stored version, as `by`. */
async function saveReplacement(tool: ToolName, by: string, content: unknown) {
  const base = (await stored(tool))?.version ?? 0;
  const stamped = definition(tool).stamp(content, {
    version: base + 1,
    lastModified: now().toISOString(),
  });
  const put = await api(server, 'PUT', `/api/content/${p(space.name)}/${tool}`, {
    token: tokens[by],
    body: { encrypted_data: await encryptJson(stamped, KEY), metadata: { version: base } },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return remember(tool, { version: base + 1, content: stamped, details: [] });
}

/** The tool's default content saved as version 1, as the app does when a tool is first opened. */
async function saveDefault(tool: ToolName, by: string) {
  const at = now().toISOString();
  return saveReplacement(
    tool,
    by,
    definition(tool).defaultContent(operationContext({ id: randomUUID(), at })),
  );
}

/**
 * Applies `steps` to the stored content and saves the result as ONE new version with every
 * operation encrypted into `operations`, as the web app saves a change; records the `details`
 * of each operation's activity entry.
 */
async function saveOperations(
  tool: ToolName,
  by: string,
  steps: readonly Step[],
  options: { alone?: boolean } = {},
) {
  const domain = definition(tool);
  const latest = await stored(tool);
  if (latest === null) throw new Error(`${tool} has no content`);
  if (options.alone) {
    const last = [...(saved[tool]?.values() ?? [])].at(-1);
    if (last?.version !== latest.current)
      throw new Error(`${tool}: the current version is unknown`);
    Object.assign(latest, { content: last.content, version: last.version });
  }
  let content = latest.content;
  const details: string[] = [];
  const envelopes: string[] = [];
  let at = now().toISOString();
  for (const step of steps) {
    const op = typeof step === 'function' ? step(content as never) : step;
    at = now().toISOString();
    const operation = domain.createOperation(op, { id: randomUUID(), at, by });
    const after = domain.apply(content, parseOperation(JSON.parse(JSON.stringify(operation))));
    const entry = activityOf(tool, operation, content, after);
    if (entry) details.push(entry.details);
    content = after;
    envelopes.push(await encryptOperation(operation, operationsKey));
  }
  expect(domain.validate(content)).toEqual([]);
  const version = latest.version + 1;
  const stamped = domain.stamp(content, { version, lastModified: at });
  const put = await api(server, 'PUT', `/api/content/${p(space.name)}/${tool}`, {
    token: tokens[by],
    body: {
      // The web app's way: the operations alone, the envelope stays at an older version.
      ...(options.alone ? {} : { encrypted_data: await encryptJson(stamped, KEY) }),
      metadata: { version: latest.version },
      operations: envelopes,
    },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return remember(tool, { version, content: stamped, details });
}

/** `content` without the fields every save stamps (version, lastModified). */
function unstamped(content: unknown): Record<string, unknown> {
  const copy = { ...(content as Record<string, unknown>) };
  for (const field of STAMP_FIELDS) Reflect.deleteProperty(copy, field);
  return copy;
}

function savedVersion(tool: ToolName, version: number): SavedVersion {
  const found = saved[tool]?.get(version);
  if (!found) throw new Error(`no saved version ${version} of ${tool}`);
  return found;
}

/** The REST history list of `tool` (newest first), for what the test expects. */
async function restHistory(tool: ToolName, query = '') {
  const answer = await api(server, 'GET', `/api/content/${p(space.name)}/${tool}/history${query}`, {
    token: tokens.alice,
  });
  expect(answer.status).toBe(200);
  return answer.body as {
    versions: { version: number; kind: string; modified_by: string; modified_at: string }[];
    current_version: number;
    oldest_version: number;
  };
}

/** The CLI's PUTs to `tool` since request number `since` of the proxy. */
function putsTo(tool: ToolName, since: number): RecordedRequest[] {
  return proxy.requests
    .slice(since)
    .filter((r) => r.method === 'PUT' && r.url === `/api/content/${p(space.name)}/${tool}`);
}

const localTime = (iso: string) => {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

/** The Backlog issue titled `title` on `board`. */
function issueId(board: TrackerContent, title: string): string {
  const issue = board.phases.flatMap((phase) => phase.issues).find((i) => i.title === title);
  if (!issue) throw new Error(`test board has no issue "${title}"`);
  return issue.id;
}

beforeAll(async () => {
  server = await startTestServer({ now });
  proxy = await startRecordingProxy(server.url, {
    beforeForward: (request) => interfere?.(request) ?? Promise.resolve(),
  });
  work = await mkdtemp(join(tmpdir(), 'cipherspace-history-'));
  space = await createSpaceOverRest(server, { name: `History ${rand()}`, key: KEY });
  operationsKey = await deriveOperationsKey(KEY, space.name);

  // Three days ago: the board is created and changed twice.
  clockOffsetMs = -3 * DAY_MS;
  tokens.alice = (await loginOverRest(server, space, 'alice')).token;
  await saveDefault('kanban', 'alice');
  await saveOperations('kanban', 'alice', [
    (c: TrackerContent) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'Old card', type: 'Task', priority: 'Low' },
      createdBy: 'alice',
    }),
  ]);
  await saveOperations('kanban', 'alice', [
    (c: TrackerContent) => ({
      type: 'updatePhase',
      phaseId: phaseId(c, 'Backlog'),
      changes: { description: 'Ideas first' },
    }),
  ]);

  // Today (the sessions of three days ago have expired).
  clockOffsetMs = 0;
  tokens.alice = (await loginOverRest(server, space, 'alice', { register: false })).token;
  tokens.bob = (await loginOverRest(server, space, 'bob')).token;
  await saveOperations('kanban', 'alice', [
    (c: TrackerContent) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'Fix login', type: 'Bug', priority: 'High' },
      createdBy: 'alice',
    }),
  ]);
  await saveOperations('kanban', 'bob', [
    (c: TrackerContent) => ({
      type: 'moveIssue',
      issueId: issueId(c, 'Fix login'),
      toPhaseId: phaseId(c, 'In Progress'),
    }),
  ]);
  await saveOperations('kanban', 'bob', [
    (c: TrackerContent) => ({
      type: 'addComment',
      issueId: issueId(c, 'Fix login'),
      content: 'On it',
      createdBy: 'bob',
    }),
  ]);
  // One save with two operations: two lines under one version (alice, who created an issue, is
  // in the team already).
  await saveOperations('kanban', 'alice', [
    { type: 'addTeamMember', name: 'bob' },
    { type: 'addTeamMember', name: 'carol' },
  ]);

  const login = await cli(['login', '--space', space.name, '--user', 'alice']);
  expect(login.code, login.stderr).toBe(EXIT.ok);
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe('cipherspace history', () => {
  it('lists every kept version newest first, grouped by day, one line per change', async () => {
    const result = await cli(['history', '--tool', 'kanban']);
    expect(result.code, result.stderr).toBe(EXIT.ok);

    // What the server lists (times) and what each saved operation's activity entry says.
    const listed = await restHistory('kanban');
    expect(listed.versions.map((v) => v.version)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const expected = [`kanban: versions 7 to 1 of 7, newest first (times are local)`];
    let day = '';
    for (const entry of listed.versions) {
      if (dayOf(entry.modified_at) !== day) {
        day = dayOf(entry.modified_at);
        expected.push('', day);
      }
      const head = `  version ${entry.version}  ${localTime(entry.modified_at)}  ${entry.modified_by}`;
      if (entry.kind === 'replacement') expected.push(`${head}  (saved the whole content)`);
      else
        expected.push(
          head,
          ...savedVersion('kanban', entry.version).details.map((d) => `    - ${d}`),
        );
    }
    expected.push('', 'This is the oldest kept version.');
    expect(result.stdout).toBe(`${expected.join('\n')}\n`);

    // Two days: today's four versions, then the three of three days ago.
    const days = new Set(listed.versions.map((v) => dayOf(v.modified_at)));
    expect(days.size).toBeGreaterThanOrEqual(2);
    expect(result.stdout).toContain('  version 1  ');
    expect(savedVersion('kanban', 7).details).toHaveLength(2);
    expect(savedVersion('kanban', 4).details[0]).toContain('Fix login');
    expect(result.stdout).toContain('(saved the whole content)');
  });

  it('--json prints the rebuilt page: versions with their activity entries, not the content', async () => {
    const result = await cli(['history', '--tool', 'kanban', '--json']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    const page = JSON.parse(result.stdout) as HistoryJson;
    expect(page).toMatchObject({
      tool: 'kanban',
      current_version: 7,
      oldest_version: 1,
      older_before: null,
    });
    const listed = await restHistory('kanban');
    expect(page.versions.map(({ activity: _activity, ...rest }) => rest)).toEqual(
      listed.versions.map((v) => ({ ...v, modified_at: new Date(v.modified_at).toISOString() })),
    );
    for (const version of page.versions) {
      expect(Object.keys(version).sort()).toEqual([
        'activity',
        'kind',
        'modified_at',
        'modified_by',
        'size_bytes',
        'version',
      ]);
      expect(version.activity.map((entry) => entry.details)).toEqual(
        savedVersion('kanban', version.version).details,
      );
    }
    const moved = page.versions.find((v) => v.version === 5)?.activity[0];
    expect(moved).toMatchObject({
      tool: 'kanban',
      action: 'moveIssue',
      entityType: 'issue',
      userDisplayName: 'bob',
      params: { title: 'Fix login', from: 'Backlog', to: 'In Progress' },
    });
  });

  it('pages with --limit and --before', async () => {
    const first = await cli(['history', '--tool', 'kanban', '--limit', '3']);
    expect(first.code, first.stderr).toBe(EXIT.ok);
    expect(first.stdout.split('\n')[0]).toBe(
      'kanban: versions 7 to 5 of 7, newest first (times are local)',
    );
    expect(first.stdout).not.toContain('version 4 ');
    expect(first.stdout).toContain(
      'Older versions: cipherspace history --tool kanban --before 5\n',
    );

    const second = await cli(['history', '--tool', 'kanban', '--before', '5', '--limit', '3']);
    expect(second.code, second.stderr).toBe(EXIT.ok);
    expect(second.stdout.split('\n')[0]).toBe(
      'kanban: versions 4 to 2 of 7, newest first (times are local)',
    );
    for (const detail of [4, 3, 2].flatMap((v) => savedVersion('kanban', v).details))
      expect(second.stdout).toContain(`    - ${detail}\n`);
    expect(second.stdout).toContain('--before 2\n');

    const last = await cli(['history', '--tool', 'kanban', '--before', '2', '--json']);
    expect(last.code, last.stderr).toBe(EXIT.ok);
    const page = JSON.parse(last.stdout) as HistoryJson;
    expect(page.versions.map((v) => v.version)).toEqual([1]);
    expect(page.older_before).toBeNull();

    const middle = JSON.parse(
      (await cli(['history', '--tool', 'kanban', '--before', '6', '--limit', '2', '--json']))
        .stdout,
    ) as HistoryJson;
    expect(middle.versions.map((v) => v.version)).toEqual([5, 4]);
    expect(middle.older_before).toBe(4);
  });

  it('says when a tool has no content, and refuses an unknown tool or a bad page', async () => {
    const none = await cli(['history', '--tool', 'poker']);
    expect(none).toMatchObject({
      code: EXIT.ok,
      stdout: 'poker has no content yet, so it has no history.\n',
    });
    const noneJson = await cli(['history', '--tool', 'poker', '--json']);
    expect(JSON.parse(noneJson.stdout)).toEqual({
      tool: 'poker',
      current_version: null,
      oldest_version: null,
      older_before: null,
      versions: [],
    });

    const unknown = await cli(['history', '--tool', 'kanbann']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain(
      "option '--tool <tool>' argument 'kanbann' is invalid. Allowed choices are kanban, ticket-system, bulletin, diagrams, poker, randomizer.",
    );
    const missing = await cli(['history']);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toContain("required option '--tool <tool>' not specified");
    for (const [option, value, message] of [
      ['--limit', '0', '--limit must be a whole number from 1 to 100.'],
      ['--limit', '101', '--limit must be a whole number from 1 to 100.'],
      ['--before', '0', '--before must be a whole number ≥ 1.'],
      ['--before', 'x', '--before must be a whole number ≥ 1.'],
    ] as const) {
      const bad = await cli(['history', '--tool', 'kanban', option, value]);
      expect(bad.code, `${option} ${value}`).toBe(EXIT.usage);
      expect(bad.stderr).toContain(message);
    }
    // The program's options still work after the command name; --version is the program's.
    const after = await runCli(
      ['history', '--tool', 'poker', '--session-file', join(work, 'session.json'), '-q'],
      { cwd: work, env: { server: proxy.url, configHome: join(work, 'config'), spaceKey: KEY } },
    );
    expect(after).toMatchObject({ code: EXIT.ok, stderr: '' });
    const version = await cli(['--version']);
    expect(version.code).toBe(EXIT.ok);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('cipherspace restore-version', () => {
  it('saves version N as a new version on top of the current one, as one patch operation', async () => {
    const since = proxy.requests.length;
    const result = await cli(['restore-version', '--tool', 'kanban', '--version', '3']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toBe('Restored version 3 of kanban as version 8.\n');

    // Version 8 has version 3's content, stamped as version 8.
    const now8 = await stored('kanban');
    expect(now8?.version).toBe(8);
    expect(unstamped(now8?.content)).toEqual(unstamped(savedVersion('kanban', 3).content));
    expect((now8?.content as TrackerContent).version).toBe(8);

    // One PUT on version 7, with the snapshot and one encrypted `patch` operation by alice.
    const puts = putsTo('kanban', since);
    expect(puts).toHaveLength(1);
    const body = JSON.parse(puts[0]?.body ?? '{}') as {
      encrypted_data: string;
      metadata: { version: number };
      operations: string[];
    };
    expect(body.metadata).toEqual({ version: 7 });
    expect(body.operations).toHaveLength(1);
    const operation = parseOperation(
      await decryptOperation(body.operations[0] ?? '', operationsKey),
    );
    expect(operation).toMatchObject({ v: 1, tool: 'kanban', name: 'patch', by: 'alice' });

    // Recorded as an operations change: other clients (and the app's undo) apply the operation
    // to version 7 and get version 8.
    const listed = await restHistory('kanban');
    expect(listed.versions[0]).toMatchObject({
      version: 8,
      kind: 'operations',
      modified_by: 'alice',
    });
    const v7 = savedVersion('kanban', 7).content;
    expect(unstamped(definition('kanban').apply(v7, operation))).toEqual(unstamped(now8?.content));
    remember('kanban', { version: 8, content: now8?.content, details: ['Reverted changes'] });

    // The history shows the restore.
    const history = await cli(['history', '--tool', 'kanban', '--limit', '1']);
    expect(history.stdout).toMatch(
      /\n {2}version 8 {2}\d\d:\d\d:\d\d {2}alice\n {4}- Reverted changes\n/,
    );
  });

  it('restoring the current version, or content the current version already has, saves nothing', async () => {
    const since = proxy.requests.length;
    const current = await cli(['restore-version', '--tool', 'kanban', '--version', '8']);
    expect(current).toMatchObject({
      code: EXIT.ok,
      stdout: 'Version 8 is the current version of kanban: nothing to restore.\n',
    });
    const same = await cli(['restore-version', '--tool', 'kanban', '--version', '3']);
    expect(same).toMatchObject({
      code: EXIT.ok,
      stdout:
        'The current version 8 of kanban has the content of version 3 already: nothing to restore.\n',
    });
    expect(putsTo('kanban', since)).toHaveLength(0);
    expect((await stored('kanban'))?.version).toBe(8);
  });

  it('when someone saves meanwhile (409), restores again on the latest content', async () => {
    const since = proxy.requests.length;
    let concurrent = 0;
    interfere = async (request) => {
      if (request.method !== 'PUT' || concurrent > 0) return;
      concurrent += 1;
      await saveOperations('kanban', 'bob', [
        (c: TrackerContent) => ({
          type: 'addIssue',
          phaseId: phaseId(c, 'Done'),
          issue: { title: 'Concurrent card' },
          createdBy: 'bob',
        }),
      ]);
    };
    try {
      const result = await cli(['restore-version', '--tool', 'kanban', '--version', '6']);
      expect(result.code, result.stderr).toBe(EXIT.ok);
      expect(result.stderr).toContain(
        'Someone saved kanban meanwhile; restoring version 6 on the latest.',
      );
      expect(result.stdout).toBe('Restored version 6 of kanban as version 10.\n');
    } finally {
      interfere = null;
    }
    const puts = putsTo('kanban', since).map(
      (r) => (JSON.parse(r.body) as { metadata: { version: number } }).metadata.version,
    );
    expect(puts).toEqual([8, 9]);
    const latest = await stored('kanban');
    expect(latest?.version).toBe(10);
    // Version 6's content: bob's concurrent card is not in it (it stays in the history).
    expect(unstamped(latest?.content)).toEqual(unstamped(savedVersion('kanban', 6).content));
    expect(JSON.stringify(latest?.content)).not.toContain('Concurrent card');
    const listed = await restHistory('kanban', '?limit=2');
    expect(listed.versions.map((v) => [v.version, v.kind, v.modified_by])).toEqual([
      [10, 'operations', 'alice'],
      [9, 'operations', 'bob'],
    ]);
  });

  it(`gives up after ${RESTORE_SAVE_ATTEMPTS} conflicts without overwriting anything`, async () => {
    const since = proxy.requests.length;
    interfere = async (request) => {
      if (request.method !== 'PUT') return;
      await saveOperations('kanban', 'bob', [{ type: 'addTeamMember', name: `member-${rand()}` }]);
    };
    try {
      const result = await cli(['restore-version', '--tool', 'kanban', '--version', '2']);
      expect(result.code).toBe(EXIT.refused);
      expect(result.stderr).toContain(
        `error: kanban kept changing: version 2 was not restored after ${RESTORE_SAVE_ATTEMPTS} attempts.`,
      );
    } finally {
      interfere = null;
    }
    expect(putsTo('kanban', since)).toHaveLength(RESTORE_SAVE_ATTEMPTS);
    const latest = await restHistory('kanban', '?limit=1');
    expect(latest.versions[0]?.modified_by).toBe('bob');
    expect(latest.current_version).toBe(10 + RESTORE_SAVE_ATTEMPTS);
  });

  it('saves a restore too large for an operation envelope as a whole content, with a warning', async () => {
    // Two long descriptions, each saved as its own operation; the patch between them holds both.
    const tool = 'ticket-system';
    await saveDefault(tool, 'alice');
    await saveOperations(tool, 'alice', [
      (c: TrackerContent) => ({
        type: 'addIssue',
        phaseId: c.phases[0]?.id ?? '',
        issue: { title: 'Long one', description: 'a'.repeat(7000) },
        createdBy: 'alice',
      }),
    ]);
    const updated = await saveOperations(tool, 'alice', [
      (c: TrackerContent) => ({
        type: 'updateIssue',
        issueId: issueId(c, 'Long one'),
        changes: { description: 'b'.repeat(7000) },
      }),
    ]);
    expect(updated.version).toBe(3);

    const result = await cli(['restore-version', '--tool', tool, '--version', '2']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stderr).toMatch(
      /^warning: the server did not accept the restore as an operation \(.+\); it is saved as a whole new content instead/m,
    );
    expect(result.stdout).toBe(
      'Restored version 2 of ticket-system as version 4 (saved as a whole new content).\n',
    );
    const latest = await stored(tool);
    expect(unstamped(latest?.content)).toEqual(unstamped(savedVersion(tool, 2).content));
    expect((await restHistory(tool, '?limit=1')).versions[0]).toMatchObject({
      version: 4,
      kind: 'replacement',
    });
  });

  it('restores over a current version that is not the tool’s content, saved whole, naming its field', async () => {
    const tool = 'diagrams';
    const good = await saveDefault(tool, 'alice');
    // A third party's save: a diagram's XML must be text.
    const broken = JSON.parse(JSON.stringify(good.content)) as {
      diagrams: Record<string, unknown>[];
    };
    const diagram = broken.diagrams[0];
    if (!diagram) throw new Error('default diagrams changed');
    diagram.diagramXml = false;
    const bad = await saveReplacement(tool, 'alice', broken);
    expect(bad.version).toBe(2);

    const result = await cli(['restore-version', '--tool', tool, '--version', '1']);
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stderr).toContain(
      "The current version 2 of diagrams does not open (Diagram 'Default Diagram': diagramXml " +
        'must be text); version 1 is saved as a whole new content on top of it.',
    );
    expect(result.stderr).not.toContain('did not accept the restore as an operation');
    expect(result.stdout).toBe(
      'Restored version 1 of diagrams as version 3 (saved as a whole new content).\n',
    );
    const latest = await stored(tool);
    expect(latest?.version).toBe(3);
    expect(unstamped(latest?.content)).toEqual(unstamped(good.content));
  });

  it('refuses a version that is not the tool’s content, naming its field as validate does', async () => {
    const tool = 'bulletin';
    const good = await saveDefault(tool, 'alice');
    // A third party's save: a category's colour must be text.
    const broken = {
      ...(good.content as Record<string, unknown>),
      categories: [{ id: 'c1', name: 'Ideas', description: '', color: 5, order: 0, posts: [] }],
    };
    expect((await saveReplacement(tool, 'alice', broken)).version).toBe(2);
    // Version 3 opens again (saved directly: the helpers read the current version strictly).
    const fixed = definition(tool).stamp(good.content, {
      version: 3,
      lastModified: now().toISOString(),
    });
    const put = await api(server, 'PUT', `/api/content/${p(space.name)}/${tool}`, {
      token: tokens.alice,
      body: { encrypted_data: await encryptJson(fixed, KEY), metadata: { version: 2 } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const since = proxy.requests.length;
    const result = await cli(['restore-version', '--tool', tool, '--version', '2']);
    expect(result.code).toBe(EXIT.failure);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(
      "error: Version 2 of bulletin cannot be restored: it does not open (Category 'Ideas': " +
        'color must be text).',
    );
    expect(result.stderr).toContain('Nothing was saved.');
    expect(putsTo(tool, since)).toHaveLength(0);
    expect((await stored(tool))?.version).toBe(3);
  });

  it('refuses an unknown tool, a tool without content, a version ahead and a version no longer kept', async () => {
    const unknown = await cli(['restore-version', '--tool', 'nope', '--version', '1']);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain("argument 'nope' is invalid. Allowed choices are kanban");
    const noVersion = await cli(['restore-version', '--tool', 'kanban']);
    expect(noVersion.code).toBe(EXIT.usage);
    expect(noVersion.stderr).toContain("required option '--version <N>' not specified");
    const zero = await cli(['restore-version', '--tool', 'kanban', '--version', '0']);
    expect(zero.code).toBe(EXIT.usage);

    const none = await cli(['restore-version', '--tool', 'poker', '--version', '1']);
    expect(none.code).toBe(EXIT.usage);
    expect(none.stderr).toContain(
      'error: poker has no content yet: there is no version to restore.',
    );

    const current = (await stored('kanban'))?.version ?? 0;
    const ahead = await cli([
      'restore-version',
      '--tool',
      'kanban',
      '--version',
      String(current + 1),
    ]);
    expect(ahead.code).toBe(EXIT.usage);
    expect(ahead.stderr).toContain(
      `error: Version ${current + 1} of kanban does not exist yet (the current version is ${current}).`,
    );

    // A whole-content save keeps a snapshot; pruning to the 2 newest versions then removes
    // everything before that snapshot.
    const replaced = await saveReplacement('kanban', 'alice', (await stored('kanban'))?.content);
    await saveOperations('kanban', 'alice', [{ type: 'addTeamMember', name: 'dave' }]);
    await saveOperations('kanban', 'alice', [{ type: 'addTeamMember', name: 'erin' }]);
    const run = await pruneToolHistory(server.db.db, {
      now: now(),
      retentionDays: 0,
      maxVersions: 2,
    });
    expect(run.deletedChanges).toBeGreaterThan(0);
    expect((await restHistory('kanban')).oldest_version).toBe(replaced.version);

    const since = proxy.requests.length;
    const pruned = await cli(['restore-version', '--tool', 'kanban', '--version', '3']);
    expect(pruned.code).toBe(EXIT.usage);
    expect(pruned.stderr).toContain(
      `error: Version 3 of kanban is no longer kept (the oldest kept version is ${replaced.version}).`,
    );
    expect(putsTo('kanban', since)).toHaveLength(0);

    const history = await cli(['history', '--tool', 'kanban']);
    expect(history.code, history.stderr).toBe(EXIT.ok);
    expect(history.stdout).toContain(`  version ${replaced.version}  `);
    expect(history.stdout).toMatch(/This is the oldest kept version\.\n$/);
    const older = await cli(['history', '--tool', 'kanban', '--before', String(replaced.version)]);
    expect(older).toMatchObject({
      code: EXIT.ok,
      stdout: `kanban has no kept versions before version ${replaced.version} (the oldest kept version is ${replaced.version}).\n`,
    });

    // The oldest kept version itself can be restored.
    const restored = await cli([
      'restore-version',
      '--tool',
      'kanban',
      '--version',
      String(replaced.version + 1),
    ]);
    expect(restored.code, restored.stderr).toBe(EXIT.ok);
    expect(unstamped((await stored('kanban'))?.content)).toEqual(
      unstamped(savedVersion('kanban', replaced.version + 1).content),
    );
  });

  it('never sends plaintext: the restore PUTs carry ciphertext only', () => {
    for (const request of proxy.requests.filter((r) => r.method === 'PUT')) {
      for (const secret of [KEY, 'Fix login', 'Old card', 'Ideas first'])
        expect(request.body).not.toContain(secret);
    }
  });
});

describe('a tool whose stored envelope is older than its current version', () => {
  it('export and restore-version work on the current version, rebuilt from the operations', async () => {
    await saveDefault('randomizer', 'alice');
    await saveOperations('randomizer', 'bob', [{ type: 'editOptions', text: 'Ann\nBen' }], {
      alone: true,
    });
    await saveOperations('randomizer', 'bob', [{ type: 'setMode', mode: 'allow' }], {
      alone: true,
    });
    expect(await stored('randomizer')).toMatchObject({ version: 1, current: 3 });

    const out = join(work, 'export-current');
    const exported = await cli(['export', '--out', out, '--format', 'json']);
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    const randomizer = JSON.parse(await readFile(join(out, 'randomizer.json'), 'utf8')) as {
      options: string[];
      repetitionMode: string;
    };
    expect(randomizer).toMatchObject({ options: ['Ann', 'Ben'], repetitionMode: 'allow' });

    // Restored on the current version 3 (not on the envelope's 1): a plain new version 4.
    const restored = await cli(['restore-version', '--tool', 'randomizer', '--version', '2']);
    expect(restored.code, restored.stderr).toBe(EXIT.ok);
    expect(restored.stdout).toBe('Restored version 2 of randomizer as version 4.\n');
    const now = await stored('randomizer');
    expect(now).toMatchObject({ version: 4, current: 4 });
    expect(now?.content).toMatchObject({ options: ['Ann', 'Ben'], repetitionMode: 'no-repeat' });
  });
});
