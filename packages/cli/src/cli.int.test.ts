/**
 * `cipherspace` against a real server and database (PGlite, and PostgreSQL in the
 * integration-postgres project), with real crypto and real sockets. The CLI talks to the server
 * through a recording proxy, so the last test can show that no plaintext and no space key ever
 * reached the server — neither in a request nor in the database.
 *
 * Backup → restore into another space → export yields the same decrypted documents; a wrong key
 * fails with the documented message and exit code; expired sessions, missing spaces and an
 * unreachable server end with their documented exit codes.
 *
 * The tool content is built with `@cipherspace/tools` (default content plus serialised
 * operations), and a restore of a backup whose content fails the registry's strict parse or spec
 * §5 validation stops with the tool and the rule, before anything is written.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { SESSION_IDLE_MS } from '@cipherspace/api';
import { decryptJson, encryptJson } from '@cipherspace/crypto';
import { sessions, spaces, toolContents, users } from '@cipherspace/db';
import { tools } from '@cipherspace/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  api,
  createSpaceOverRest,
  loginOverRest,
  startTestServer,
  type ClientSpace,
  type TestServer,
} from '@cipherspace/server/testing';
import { backupSchema, type Backup } from './backup.ts';
import { EXIT, SESSION_EXPIRED_MESSAGE, WRONG_KEY_MESSAGE } from './errors.ts';
import { buildContent, phaseId } from './test-content.ts';
import { closedPort, runCli, startRecordingProxy, type RecordingProxy } from './testing.ts';

const execFileAsync = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/cipherspace.mjs', import.meta.url));

const rand = () => Math.random().toString(36).slice(2, 10);
const p = encodeURIComponent;

// ---- secrets and plaintext the server must never see ---------------------------------------

const KEY_A = `Source-Key-${rand()}!9`;
const KEY_C = `Other-Key-${rand()}#7`;
const WRONG_KEY = `Wrong-Key-${rand()}$1`;
const PASSWORD = `pass-${rand()}`;
/** Appears only inside tool content, i.e. only ever as plaintext on this machine. */
const MARKER = `plaintext-marker-${rand()}`;
const MARKER_UNICODE = `Grüße-${rand()}-🎯`;

// ---- tool documents built as the app builds them (spec §3, @cipherspace/tools) -----------------

/** Kanban: Backlog (limit 5, two issues, one with every field and a comment), In Progress (one). */
const KANBAN = {
  ...buildContent(tools.kanban, [
    (c) => ({
      type: 'updatePhase',
      phaseId: phaseId(c, 'Backlog'),
      changes: { maxIssues: 5, description: `Ideas ${MARKER}` },
    }),
    // Operation 2 adds the issue 'kanban-op-2'.
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: {
        title: `Fix login ${MARKER_UNICODE}`,
        type: 'Bug',
        priority: 'High',
        estimation: '3',
        tags: ['auth', 'ui'],
        description: `Steps:\n1. open the page\n2. ${MARKER}`,
      },
      createdBy: 'alice',
    }),
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Backlog'),
      issue: { title: 'Second card' },
      createdBy: 'alice',
    }),
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'In Progress'),
      issue: { title: 'Wire the export', assignedPerson: 'bob', estimation: '5' },
      createdBy: 'alice',
    }),
    // Operation 5, made at 09:05.
    {
      type: 'addComment',
      issueId: 'kanban-op-2',
      content: `Seen it too ${MARKER}`,
      createdBy: 'bob',
    },
    { type: 'addTeamMember', name: 'alice' },
    { type: 'addTeamMember', name: 'bob' },
  ]),
  title: `Sprint board ${MARKER}`,
};

const TICKETS = {
  ...buildContent(tools['ticket-system'], [
    (c) => ({
      type: 'addIssue',
      phaseId: phaseId(c, 'Review'),
      issue: { title: `Ticket ${MARKER}`, priority: 'Critical', type: 'Epic' },
      createdBy: 'alice',
    }),
  ]),
  title: `Issues ${MARKER}`,
};

const BULLETIN = buildContent(tools.bulletin, [
  {
    type: 'addPost',
    post: {
      title: 'Welcome',
      content: `Pinned note ${MARKER} ${MARKER_UNICODE}`,
      priority: 'Low',
      position: { x: 40, y: 30 },
    },
    author: 'alice',
  },
]);

const RANDOMIZER = buildContent(tools.randomizer, [
  { type: 'editOptions', text: `alice\nbob\ncarol ${MARKER}` },
  { type: 'setMode', mode: 'allow' },
]);

const SEEDED: Record<string, unknown> = {
  kanban: KANBAN,
  'ticket-system': TICKETS,
  bulletin: BULLETIN,
  randomizer: RANDOMIZER,
};

// ---- the world -----------------------------------------------------------------------------

let clockOffsetMs = 0;
let server: TestServer;
let proxy: RecordingProxy;
let work: string;
let source: ClientSpace;

/** Session files of the three spaces. */
const sessionFile = (name: 'a' | 'b' | 'c' | 'd') => join(work, `session-${name}.json`);

function cli(
  argv: readonly string[],
  env: { spaceKey?: string; sourceSpaceKey?: string; password?: string } = {},
) {
  return runCli(argv, {
    cwd: work,
    env: { server: proxy.url, configHome: join(work, 'config'), ...env },
  });
}

async function loginAs(space: ClientSpace, username: string, file: string): Promise<void> {
  const result = await cli(
    ['--session-file', file, 'login', '--space', space.name, '--user', username],
    { spaceKey: space.key },
  );
  expect(result, result.stderr).toMatchObject({ code: EXIT.ok });
}

async function readJsonFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort())
    files[name] = await readFile(join(dir, name), 'utf8');
  return files;
}

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(Date.now() + clockOffsetMs) });
  proxy = await startRecordingProxy(server.url);
  work = await mkdtemp(join(tmpdir(), 'cipherspace-cli-'));
  source = await createSpaceOverRest(proxy, { name: `Source ${rand()}`, key: KEY_A });
  const alice = await loginOverRest(proxy, source, 'alice');
  for (const [tool, document] of Object.entries(SEEDED)) {
    const put = await api(proxy, 'PUT', `/api/content/${p(source.name)}/${tool}`, {
      token: alice.token,
      body: { encrypted_data: await encryptJson(document, KEY_A), metadata: { version: 0 } },
    });
    expect(put.status).toBe(200);
  }
  // A second save, so the source's kanban is at version 2 and a restore must not copy versions.
  const again = await api(proxy, 'PUT', `/api/content/${p(source.name)}/kanban`, {
    token: alice.token,
    body: { encrypted_data: await encryptJson(KANBAN, KEY_A), metadata: { version: 1 } },
  });
  expect(again.status).toBe(200);
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  await rm(work, { recursive: true, force: true });
});

describe('cipherspace', () => {
  it('login derives the verifiers locally and stores a private session without the key', async () => {
    const result = await cli(
      ['--session-file', sessionFile('a'), 'login', '--space', source.name, '--user', 'alice'],
      { spaceKey: KEY_A },
    );
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain(`Logged in to "${source.name}" as alice`);

    const info = await stat(sessionFile('a'));
    expect(info.mode & 0o777).toBe(0o600);
    const text = await readFile(sessionFile('a'), 'utf8');
    expect(text).not.toContain(KEY_A);
    const session = JSON.parse(text) as { space: string; token: string; key_check: string };
    expect(session.space).toBe(source.name);
    // The token works against the documented API.
    const tools = await api(proxy, 'GET', `/api/content/${p(source.name)}/tools`, {
      token: session.token,
    });
    expect(tools.status).toBe(200);

    const login = proxy.requests.filter((r) => r.url === '/api/auth/login').at(-1);
    const body = JSON.parse(login?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['encrypted_space_name', 'space_name', 'username']);
    expect(body.encrypted_space_name).toBe(source.verifier);
  });

  it('export decrypts every tool locally into JSON, and the boards into Markdown', async () => {
    const out = join(work, 'export-a');
    const result = await cli(['--session-file', sessionFile('a'), 'export', '--out', out], {
      spaceKey: KEY_A,
    });
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stderr).toContain('[1/6] kanban … done (kanban.json, kanban.md)');
    expect(result.stderr).toContain('[4/6] diagrams … skipped (no content)');
    expect(result.stderr).toContain('[5/6] poker … skipped (no content)');
    expect(result.stdout).toContain('Exported 4 tool(s)');

    const files = await readJsonFiles(out);
    expect(Object.keys(files)).toEqual([
      'bulletin.json',
      'kanban.json',
      'kanban.md',
      'randomizer.json',
      'ticket-system.json',
      'ticket-system.md',
    ]);
    for (const [tool, document] of Object.entries(SEEDED)) {
      expect(JSON.parse(files[`${tool}.json`] ?? 'null')).toEqual(document);
    }
    expect((await stat(join(out, 'kanban.json'))).mode & 0o777).toBe(0o600);

    const markdown = files['kanban.md'] ?? '';
    expect(markdown.startsWith(`# Sprint board ${MARKER}\n`)).toBe(true);
    // Phases in their order, as headings; issues in their order, with their fields.
    expect(markdown.indexOf('## Backlog (2/5)')).toBeLessThan(markdown.indexOf('## In Progress'));
    expect(markdown.indexOf('## In Progress')).toBeLessThan(
      markdown.indexOf('## Done (end phase)'),
    );
    expect(markdown).toContain(
      `- **Fix login ${MARKER_UNICODE}**\n  - Type: Bug\n  - Priority: High`,
    );
    expect(markdown.indexOf('Fix login')).toBeLessThan(markdown.indexOf('Second card'));
    expect(markdown).toContain('  - Tags: auth, ui');
    expect(markdown).toContain(`    - bob, 2025-01-02T09:05:00.000Z: Seen it too ${MARKER}`);
    expect(files['ticket-system.md']).toContain(
      `- **Ticket ${MARKER}**\n  - Type: Epic\n  - Priority: Critical`,
    );
  });

  let backupFile: string;
  let backup: Backup;

  it('backup writes the ciphertext exactly as stored, with metadata, and nothing decrypted', async () => {
    backupFile = join(work, 'space-a.backup.json');
    const result = await cli(['--session-file', sessionFile('a'), 'backup', '--out', backupFile], {
      spaceKey: KEY_A,
    });
    expect(result.code, result.stderr).toBe(EXIT.ok);
    expect(result.stderr).toContain('[1/6] kanban … done (version 2)');
    expect(result.stderr).toContain('[6/6] randomizer … done (version 1)');

    const text = await readFile(backupFile, 'utf8');
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);
    for (const secret of [MARKER, MARKER_UNICODE, KEY_A]) expect(text).not.toContain(secret);
    backup = backupSchema.parse(JSON.parse(text));
    expect(backup).toMatchObject({
      format: 'cipherspace-backup',
      format_version: 1,
      space_name: source.name,
    });
    expect(backup.tools.map((entry) => entry.tool)).toEqual([
      'kanban',
      'ticket-system',
      'bulletin',
      'randomizer',
    ]);
    const session = JSON.parse(await readFile(sessionFile('a'), 'utf8')) as { token: string };
    for (const entry of backup.tools) {
      const stored = await api(proxy, 'GET', `/api/content/${p(source.name)}/${entry.tool}`, {
        token: session.token,
      });
      const record = stored.body as {
        encrypted_data: string;
        content_metadata: { version: number };
      };
      expect(entry.encrypted_data).toBe(record.encrypted_data);
      expect(entry.version).toBe(record.content_metadata.version);
      expect(entry.content_metadata).toEqual(record.content_metadata);
      expect(entry.modified_by).toBe('alice');
      expect(await decryptJson(entry.encrypted_data, KEY_A)).toEqual(SEEDED[entry.tool]);
    }

    // An existing backup is never replaced silently.
    const again = await cli(['--session-file', sessionFile('a'), 'backup', '--out', backupFile], {
      spaceKey: KEY_A,
    });
    expect(again.code).toBe(EXIT.refused);
    expect(again.stderr).toContain('already exists');
    expect(await readFile(backupFile, 'utf8')).toBe(text);
  });

  it('backup → restore into another space (same key) → export yields the same documents', async () => {
    const target = await createSpaceOverRest(proxy, { name: `Target ${rand()}`, key: KEY_A });
    await loginOverRest(proxy, target, 'bob');
    await loginAs(target, 'bob', sessionFile('b'));

    const restored = await cli(
      ['--session-file', sessionFile('b'), 'restore', '--file', backupFile, '--space', target.name],
      { spaceKey: KEY_A },
    );
    expect(restored.code, restored.stderr).toBe(EXIT.ok);
    expect(restored.stderr).toContain('[1/4] kanban … done (version 1)');
    expect(restored.stdout).toContain(
      `Restored 4 tool(s) from "${source.name}" into "${target.name}".`,
    );

    // Ciphertext written as is: byte-identical envelopes, fresh versions counted from 1.
    const session = JSON.parse(await readFile(sessionFile('b'), 'utf8')) as { token: string };
    for (const entry of backup.tools) {
      const stored = await api(proxy, 'GET', `/api/content/${p(target.name)}/${entry.tool}`, {
        token: session.token,
      });
      expect(stored.body).toMatchObject({
        encrypted_data: entry.encrypted_data,
        content_metadata: { version: 1, modified_by: 'bob' },
      });
    }

    const out = join(work, 'export-b');
    const exported = await cli(['--session-file', sessionFile('b'), 'export', '--out', out], {
      spaceKey: KEY_A,
    });
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    expect(await readJsonFiles(out)).toEqual(await readJsonFiles(join(work, 'export-a')));

    // The target has content now: a second restore is refused, and --force replaces.
    const refused = await cli(
      ['--session-file', sessionFile('b'), 'restore', '--file', backupFile],
      {
        spaceKey: KEY_A,
      },
    );
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.stderr).toContain(`error: Space "${target.name}" already has content`);
    const forced = await cli(
      ['--session-file', sessionFile('b'), 'restore', '--file', backupFile, '--force'],
      { spaceKey: KEY_A },
    );
    expect(forced.code, forced.stderr).toBe(EXIT.ok);
    expect(forced.stderr).toContain('[1/4] kanban … replaced (version 2)');

    // --space must name the space the session is for.
    const elsewhere = await cli(
      ['--session-file', sessionFile('b'), 'restore', '--file', backupFile, '--space', source.name],
      { spaceKey: KEY_A },
    );
    expect(elsewhere.code).toBe(EXIT.usage);
    expect(elsewhere.stderr).toContain(`You are logged in to "${target.name}"`);
  });

  it('restore into a space with another key re-encrypts locally, and refuses without the source key', async () => {
    const target = await createSpaceOverRest(proxy, { name: `Other ${rand()}`, key: KEY_C });
    await loginOverRest(proxy, target, 'carol');
    await loginAs(target, 'carol', sessionFile('c'));

    // The backup does not open with the target's key: refused before anything is written.
    const refused = await cli(
      ['--session-file', sessionFile('c'), 'restore', '--file', backupFile],
      {
        spaceKey: KEY_C,
      },
    );
    expect(refused.code).toBe(EXIT.wrongKey);
    expect(refused.stderr).toContain(`error: ${WRONG_KEY_MESSAGE}\n`);
    expect(refused.stderr).toContain('--source-key-file');
    const session = JSON.parse(await readFile(sessionFile('c'), 'utf8')) as { token: string };
    const empty = await api(proxy, 'GET', `/api/content/${p(target.name)}/tools`, {
      token: session.token,
    });
    expect(empty.body).toEqual({ tools: [] });

    const keyFile = join(work, 'source.key');
    await writeFile(keyFile, `${KEY_A}\n`, { mode: 0o600 });
    const restored = await cli(
      [
        '--session-file',
        sessionFile('c'),
        'restore',
        '--file',
        backupFile,
        '--source-key-file',
        keyFile,
      ],
      { spaceKey: KEY_C },
    );
    expect(restored.code, restored.stderr).toBe(EXIT.ok);
    expect(restored.stdout).toContain('re-encrypted with its space key');

    for (const entry of backup.tools) {
      const stored = await api(proxy, 'GET', `/api/content/${p(target.name)}/${entry.tool}`, {
        token: session.token,
      });
      const envelope = (stored.body as { encrypted_data: string }).encrypted_data;
      expect(envelope).not.toBe(entry.encrypted_data);
      expect(await decryptJson(envelope, KEY_C)).toEqual(SEEDED[entry.tool]);
      await expect(decryptJson(envelope, KEY_A)).rejects.toThrow(WRONG_KEY_MESSAGE);
    }

    const out = join(work, 'export-c');
    const exported = await cli(['--session-file', sessionFile('c'), 'export', '--out', out], {
      spaceKey: KEY_C,
    });
    expect(exported.code, exported.stderr).toBe(EXIT.ok);
    expect(await readJsonFiles(out)).toEqual(await readJsonFiles(join(work, 'export-a')));
  });

  it('restore refuses a backup whose content fails validation, naming tool and rule, and writes nothing', async () => {
    /** The backup with kanban's content replaced by `content` (encrypted with the same key). */
    const withKanban = async (name: string, content: unknown): Promise<string> => {
      const file = join(work, name);
      const tools = await Promise.all(
        backup.tools.map(async (entry) =>
          entry.tool === 'kanban'
            ? { ...entry, encrypted_data: await encryptJson(content, KEY_A) }
            : entry,
        ),
      );
      await writeFile(file, JSON.stringify({ ...backup, tools }), { mode: 0o600 });
      return file;
    };
    const untitled = await withKanban('untitled.backup.json', { ...KANBAN, title: '' });
    const mistyped = JSON.parse(JSON.stringify(KANBAN)) as {
      phases: { name: string; issues: { title: unknown }[] }[];
    };
    const second = mistyped.phases[0]?.issues[1];
    expect(mistyped.phases[0]?.name).toBe('Backlog');
    expect(second?.title).toBe('Second card');
    if (second) second.title = 42;
    const shapeError = await withKanban('mistyped.backup.json', mistyped);

    const target = await createSpaceOverRest(proxy, { name: `Checked ${rand()}`, key: KEY_A });
    await loginOverRest(proxy, target, 'erin');
    await loginAs(target, 'erin', sessionFile('d'));
    const session = JSON.parse(await readFile(sessionFile('d'), 'utf8')) as { token: string };
    const stored = async () =>
      (await api(proxy, 'GET', `/api/content/${p(target.name)}/tools`, { token: session.token }))
        .body as { tools: { tool: string; version: number }[] };
    const writesToTarget = () =>
      proxy.requests.filter(
        (r) => r.method === 'PUT' && decodeURIComponent(r.url).includes(target.name),
      ).length;

    // A spec §5 rule (the board title is required): exit 2, nothing written to the empty space.
    const refused = await cli(['--session-file', sessionFile('d'), 'restore', '--file', untitled], {
      spaceKey: KEY_A,
    });
    expect(refused).toMatchObject({ code: EXIT.usage, stdout: '' });
    const lines = refused.stderr.split('\n');
    expect(lines[0]).toBe('error: Backup not restored: kanban: Title is required');
    expect(lines[1]).toContain(`Nothing was written to "${target.name}".`);
    expect(await stored()).toEqual({ tools: [] });
    expect(writesToTarget()).toBe(0);

    // A shape error, even with --force onto a space with content: the versions stay as they are.
    const valid = await cli(['--session-file', sessionFile('d'), 'restore', '--file', backupFile], {
      spaceKey: KEY_A,
    });
    expect(valid.code, valid.stderr).toBe(EXIT.ok);
    const before = await stored();
    expect(before.tools.map((entry) => entry.version)).toEqual([1, 1, 1, 1]);
    const writes = writesToTarget();
    const forced = await cli(
      ['--session-file', sessionFile('d'), 'restore', '--file', shapeError, '--force'],
      { spaceKey: KEY_A },
    );
    expect(forced.code).toBe(EXIT.usage);
    // Worded as `validate` words it: the place and the field, not the schema's raw issue.
    expect(forced.stderr.split('\n')[0]).toBe(
      'error: Backup not restored: kanban: not Kanban Board content (Column 1, Card 2: title ' +
        'must be text)',
    );
    expect(await stored()).toEqual(before);
    expect(writesToTarget()).toBe(writes);
    const kanban = await api(proxy, 'GET', `/api/content/${p(target.name)}/kanban`, {
      token: session.token,
    });
    expect(
      await decryptJson((kanban.body as { encrypted_data: string }).encrypted_data, KEY_A),
    ).toEqual(KANBAN);
  });

  it('a wrong space key fails with the spec §8 message and exit code 3, before anything is written', async () => {
    const out = join(work, 'export-wrong');
    const exported = await cli(['--session-file', sessionFile('a'), 'export', '--out', out], {
      spaceKey: WRONG_KEY,
    });
    expect(exported).toMatchObject({ code: EXIT.wrongKey, stdout: '' });
    expect(exported.stderr.split('\n')[0]).toBe(`error: ${WRONG_KEY_MESSAGE}`);
    await expect(stat(out)).rejects.toThrow(/ENOENT/);

    const file = join(work, 'wrong.backup.json');
    const backedUp = await cli(['--session-file', sessionFile('a'), 'backup', '--out', file], {
      spaceKey: WRONG_KEY,
    });
    expect(backedUp.code).toBe(EXIT.wrongKey);
    expect(backedUp.stderr).toContain(`error: ${WRONG_KEY_MESSAGE}\n`);
    await expect(stat(file)).rejects.toThrow(/ENOENT/);

    // At login the server refuses the space-name verifier derived from a wrong key.
    const login = await cli(
      [
        '--session-file',
        join(work, 'unused.json'),
        'login',
        '--space',
        source.name,
        '--user',
        'alice',
      ],
      { spaceKey: WRONG_KEY },
    );
    expect(login.code).toBe(EXIT.wrongKey);
    expect(login.stderr).toContain('error: Invalid space name or space key');
    await expect(stat(join(work, 'unused.json'))).rejects.toThrow(/ENOENT/);
  });

  it('a missing space, an unknown user, a missing key and an unreachable server have their own exit codes', async () => {
    const missing = await cli(['login', '--space', `Nowhere ${rand()}`, '--user', 'alice'], {
      spaceKey: KEY_A,
    });
    expect(missing.code).toBe(EXIT.spaceNotFound);
    expect(missing.stderr).toContain('error: Space not found');

    const stranger = await cli(['login', '--space', source.name, '--user', 'mallory'], {
      spaceKey: KEY_A,
    });
    expect(stranger.code).toBe(EXIT.accessDenied);
    expect(stranger.stderr).toContain(`error: User "mallory" not found in space "${source.name}".`);

    // A user with a password: without one (and no terminal to ask in) refused; with it, logged in.
    await loginOverRest(proxy, source, 'dave', { password: PASSWORD });
    const daveFile = join(work, 'session-dave.json');
    const daveArgs = [
      '--session-file',
      daveFile,
      'login',
      '--space',
      source.name,
      '--user',
      'dave',
    ];
    const noPassword = await cli(daveArgs, { spaceKey: KEY_A });
    expect(noPassword.code).toBe(EXIT.accessDenied);
    expect(noPassword.stderr).toContain(
      'error: This user has a password. Pass --password or set CIPHERSPACE_PASSWORD.',
    );
    const wrongPassword = await cli([...daveArgs, '--password', 'not-it'], { spaceKey: KEY_A });
    expect(wrongPassword.code).toBe(EXIT.accessDenied);
    expect(wrongPassword.stderr).toContain('error: Login failed: Invalid password');
    const withPassword = await cli(daveArgs, { spaceKey: KEY_A, password: PASSWORD });
    expect(withPassword.code, withPassword.stderr).toBe(EXIT.ok);
    const daveLogin = JSON.parse(
      proxy.requests.filter((r) => r.url === '/api/auth/login').at(-1)?.body ?? '{}',
    ) as Record<string, unknown>;
    expect(daveLogin.encrypted_password).toMatch(/^[A-Za-z0-9+/]{43}=$/);

    const noKey = await cli(['--session-file', sessionFile('a'), 'export']);
    expect(noKey.code).toBe(EXIT.usage);
    expect(noKey.stderr).toContain('CIPHERSPACE_SPACE_KEY');

    const port = await closedPort();
    const offline = await cli(
      ['--server', `http://127.0.0.1:${port}`, 'login', '--space', source.name, '--user', 'alice'],
      { spaceKey: KEY_A },
    );
    expect(offline.code).toBe(EXIT.network);
    expect(offline.stderr).toContain(`error: Cannot reach the server at http://127.0.0.1:${port}`);

    const notLoggedIn = await cli(
      ['--session-file', join(work, 'none.json'), 'backup', '--out', 'x.json'],
      {
        spaceKey: KEY_A,
      },
    );
    expect(notLoggedIn.code).toBe(EXIT.session);
    expect(notLoggedIn.stderr).toContain('error: Not logged in. Run `cipherspace login` first.');
  });

  it('the bin runs from a fresh checkout through tsx: --help and a real export', async () => {
    const help = await execFileAsync(process.execPath, [BIN, '--help'], { cwd: work });
    expect(help.stdout).toContain('Usage: cipherspace [options] [command]');
    expect(help.stdout).toContain('restore [options]');

    const out = join(work, 'export-bin');
    const exported = await execFileAsync(
      process.execPath,
      [BIN, '--session-file', sessionFile('a'), 'export', '--out', out, '--format', 'json'],
      {
        cwd: work,
        env: { ...process.env, CIPHERSPACE_SPACE_KEY: KEY_A, CIPHERSPACE_SERVER: '' },
      },
    );
    expect(exported.stderr).toContain('[6/6] randomizer … done (randomizer.json)');
    const files = await readJsonFiles(out);
    expect(Object.keys(files)).toEqual([
      'bulletin.json',
      'kanban.json',
      'randomizer.json',
      'ticket-system.json',
    ]);
    expect(JSON.parse(files['kanban.json'] ?? 'null')).toEqual(KANBAN);

    // The exit code of a failure reaches the shell.
    const failed = await execFileAsync(
      process.execPath,
      [BIN, '--session-file', sessionFile('a'), 'export', '--out', out],
      { cwd: work, env: { ...process.env, CIPHERSPACE_SPACE_KEY: WRONG_KEY } },
    ).catch((error: unknown) => error as { code: number; stderr: string });
    expect(failed).toMatchObject({ code: EXIT.wrongKey });
    expect((failed as { stderr: string }).stderr).toContain(WRONG_KEY_MESSAGE);
  });

  it('an invalid or expired session says so and exits with 5', async () => {
    const bogus = join(work, 'session-bogus.json');
    const session = JSON.parse(await readFile(sessionFile('a'), 'utf8')) as Record<string, unknown>;
    await writeFile(bogus, JSON.stringify({ ...session, token: 'not-a-real-token' }), {
      mode: 0o600,
    });
    const forged = await cli(['--session-file', bogus, 'export', '--out', join(work, 'x')], {
      spaceKey: KEY_A,
    });
    expect(forged.code).toBe(EXIT.session);
    expect(forged.stderr).toContain(`error: ${SESSION_EXPIRED_MESSAGE}\n`);

    // Real expiry: the server's clock moves past the 30-minute idle lifetime (spec §9).
    clockOffsetMs = SESSION_IDLE_MS + 60_000;
    const expired = await cli(
      ['--session-file', sessionFile('b'), 'backup', '--out', join(work, 'late.json')],
      {
        spaceKey: KEY_A,
      },
    );
    expect(expired.code).toBe(EXIT.session);
    expect(expired.stderr).toContain(`error: ${SESSION_EXPIRED_MESSAGE}\n`);
    const status = await cli(['--session-file', sessionFile('c'), 'status']);
    expect(status.code).toBe(EXIT.session);
    expect(status.stderr).toContain(SESSION_EXPIRED_MESSAGE);
  });

  it('no plaintext and no space key reached the server: not in any request, not in the database', async () => {
    // The test can fail: the markers are in the local exports…
    const local = JSON.stringify(await readJsonFiles(join(work, 'export-a')));
    expect(local).toContain(MARKER);
    expect(local).toContain(MARKER_UNICODE);
    // …and the CLI did talk to the server: logins, reads and the restores' writes.
    const puts = proxy.requests.filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThanOrEqual(4 + 2 * backup.tools.length);
    expect(proxy.requests.some((r) => r.url === '/api/auth/login')).toBe(true);

    const secrets = [MARKER, MARKER_UNICODE, KEY_A, KEY_C, WRONG_KEY, PASSWORD];
    for (const request of proxy.requests) {
      const seen = `${request.method} ${decodeURIComponent(request.url)}\n${JSON.stringify(request.headers)}\n${request.body}`;
      for (const secret of secrets)
        expect(seen, `${request.method} ${request.url}`).not.toContain(secret);
    }

    const rows = [
      ...(await server.db.db.select().from(spaces)),
      ...(await server.db.db.select().from(users)),
      ...(await server.db.db.select().from(sessions)),
      ...(await server.db.db.select().from(toolContents)),
    ];
    const dump = JSON.stringify(rows);
    const { data } = JSON.parse(backup.tools[0]?.encrypted_data ?? '{}') as { data: string };
    expect(dump).toContain(data);
    expect(rows.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });
});
