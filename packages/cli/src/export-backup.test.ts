/**
 * `export` and `backup` read every known tool with `@cipherspace/tools` and report — never fail
 * on — content that is not the tool's; a tool this CLI does not know is kept without a check.
 * Runs against an in-memory server (a fake ApiClient) with real encryption; the REST side is
 * covered by cli.int.test.ts.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { encryptJson } from '@cipherspace/crypto';
import { tools } from '@cipherspace/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ApiClient, ContentRecord } from './api-client.ts';
import { backupSpace } from './backup.ts';
import { exportSpace } from './export.ts';
import type { Reporter } from './progress.ts';
import { createKeyCheck, SESSION_FORMAT, type Session } from './session-store.ts';
import type { SpaceContext } from './space-context.ts';
import { buildContent, phaseId } from './test-content.ts';

const KEY = 'Unit-Key!1';
const SPACE = 'Team';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cipherspace-cli-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const unused = (): never => {
  throw new Error('not used by export or backup');
};

/** A space whose server holds `documents` (tool id → plaintext), encrypted with {@link KEY}. */
async function spaceWith(
  documents: Record<string, unknown>,
): Promise<{ ctx: SpaceContext; warnings: string[]; steps: string[] }> {
  const records = new Map<string, ContentRecord>();
  for (const [tool, document] of Object.entries(documents)) {
    records.set(tool, {
      id: `record-${tool}`,
      tool,
      space_name: SPACE,
      content_metadata: { version: 3, modified_by: 'alice' },
      encrypted_data: await encryptJson(document, KEY),
    });
  }
  const client: ApiClient = {
    server: 'http://127.0.0.1:3000',
    spaceInfo: unused,
    login: unused,
    session: unused,
    logout: unused,
    listTools: () =>
      Promise.resolve({ tools: [...records.keys()].map((tool) => ({ tool, version: 3 })) }),
    getContent: (_space, tool) => Promise.resolve(records.get(tool) ?? null),
    saveContent: unused,
    contentChanges: unused,
    history: unused,
    historyVersion: unused,
    historyChanges: unused,
  };
  const warnings: string[] = [];
  const steps: string[] = [];
  const reporter: Reporter = {
    step: (index, total, tool, outcome) => steps.push(`[${index}/${total}] ${tool} … ${outcome}`),
    info: () => undefined,
    warn: (line) => warnings.push(line),
  };
  const session: Session = {
    format: SESSION_FORMAT,
    version: 1,
    server: client.server,
    space: SPACE,
    token: 'token',
    user: { id: 'u1', username: 'alice' },
    expires_at: '2030-01-01T00:00:00.000Z',
    key_check: await createKeyCheck(KEY, SPACE),
  };
  return { ctx: { session, client, spaceKey: KEY, reporter }, warnings, steps };
}

const kanban = buildContent(tools.kanban, [
  (c) => ({
    type: 'addIssue',
    phaseId: phaseId(c, 'Backlog'),
    issue: { title: 'Ship it' },
    createdBy: 'alice',
  }),
]);

describe('export', () => {
  it('reports content that is not the tool’s and writes its JSON as stored; unknown tools pass', async () => {
    const foreign = { hello: 'world' };
    const { ctx, warnings, steps } = await spaceWith({
      kanban,
      'ticket-system': [1, 2],
      bulletin: foreign,
      whiteboard: { strokes: [1] },
    });
    const out = join(dir, 'export');
    const result = await exportSpace(ctx, { outDir: out, format: 'both' });

    expect((await readdir(out)).sort()).toEqual([
      'bulletin.json',
      'kanban.json',
      'kanban.md',
      'ticket-system.json',
      'whiteboard.json',
    ]);
    expect(JSON.parse(await readFile(join(out, 'bulletin.json'), 'utf8'))).toEqual(foreign);
    expect(JSON.parse(await readFile(join(out, 'kanban.json'), 'utf8'))).toEqual(kanban);
    expect(await readFile(join(out, 'kanban.md'), 'utf8')).toContain('- **Ship it**\n');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      'ticket-system: not Issue Management content (The content must be an object). Its JSON ' +
        'is written as stored. No Markdown written.',
    );
    expect(warnings[1]).toBe(
      'bulletin: not Pinboard content (posts is required). Its JSON is written as stored.',
    );
    expect(steps).toContain('[7/7] whiteboard … done (whiteboard.json)');
    expect(result.exported.map((entry) => entry.tool)).toEqual([
      'kanban',
      'ticket-system',
      'bulletin',
      'whiteboard',
    ]);
  });

  it('exports an older board shape to Markdown without a warning', async () => {
    const older = { ...kanban, settings: undefined, teamMembers: 'alice' };
    const { ctx, warnings } = await spaceWith({ kanban: older });
    const out = join(dir, 'export-older');
    await exportSpace(ctx, { outDir: out, format: 'markdown' });
    expect(warnings).toEqual([]);
    expect(await readFile(join(out, 'kanban.md'), 'utf8')).toContain('- **Ship it**\n');
  });
});

describe('backup', () => {
  it('backs up content restore would refuse, as stored, and says why', async () => {
    const untitled = { ...kanban, title: '' };
    const { ctx, warnings } = await spaceWith({ kanban: untitled, randomizer: null });
    const file = join(dir, 'space.backup.json');
    const result = await backupSpace(ctx, { file, force: false, now: new Date() });

    expect(result.backup.tools.map((entry) => entry.tool)).toEqual(['kanban', 'randomizer']);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toBe(
      'kanban: Title is required. Backed up as stored, but restore refuses a backup with content the app would not save.',
    );
    expect(warnings[1]).toMatch(
      /^randomizer: not Daily Randomizer content \(The content must be an object\)\. Backed up/,
    );
    const written = JSON.parse(await readFile(file, 'utf8')) as typeof result.backup;
    expect(written.tools[0]?.encrypted_data).toBe(
      (await ctx.client.getContent(SPACE, 'kanban'))?.encrypted_data,
    );
  });

  it('backs up valid content without a warning', async () => {
    const { ctx, warnings } = await spaceWith({ kanban });
    await backupSpace(ctx, { file: join(dir, 'valid.backup.json'), force: false, now: new Date() });
    expect(warnings).toEqual([]);
  });
});
