/**
 * One bad save never locks a tool: when the stored version does not decrypt or parse,
 * the sync engine shows the newest kept version that opens, says which version did not and who
 * saved it, and Restore saves the shown content as a new version on top of the bad one.
 */
import { tools } from '@cipherspace/tools';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { describe, expect, it } from 'vitest';

import {
  SyncClient,
  UnreadableContentError,
  type ContentCodec,
  type ContentTransport,
  type KeptVersion,
  type StoredContent,
} from '@cipherspace/sync';

const kanban = tools.kanban;

/** Envelopes as plain JSON: what does not parse stands for one that does not decrypt. */
const codec: ContentCodec = {
  encrypt: (value) => Promise.resolve(JSON.stringify(value)),
  decrypt: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
  encryptOperation: (operation) => Promise.resolve(JSON.stringify(operation)),
  decryptOperation: (envelope) => Promise.resolve(JSON.parse(envelope) as unknown),
};

function board(title: string): KanbanContent {
  const content = kanban.defaultContent({
    now: () => '2026-12-01T10:00:00.000Z',
    newId: () => 'id',
  });
  return { ...content, title };
}

/** A server whose version 2 (saved by mallory) is garbage; version 1 is a good board. */
function serverWithGarbage(options: { history: boolean }) {
  const good = board('Sprint board');
  const stored: StoredContent & { operations?: readonly string[] } = {
    encryptedData: 'garbage{',
    version: 2,
    modifiedBy: 'mallory',
  };
  const kept = new Map<number, KeptVersion>([
    [1, { base: { version: 1, encryptedData: JSON.stringify(good) }, changes: [] }],
    [
      2,
      {
        base: { version: 2, encryptedData: 'garbage{' },
        changes: [],
      },
    ],
  ]);
  const transport: ContentTransport = {
    load: () => Promise.resolve({ ...stored }),
    save: (encryptedData, baseVersion, operations) => {
      if (baseVersion !== stored.version) return Promise.reject(new Error('409'));
      // Operations alone keep the stored envelope (this fake has no snapshot upload: never).
      stored.encryptedData = encryptedData ?? stored.encryptedData;
      stored.version = baseVersion + 1;
      stored.modifiedBy = 'ann';
      stored.operations = operations;
      return Promise.resolve(stored.version);
    },
    ...(options.history && {
      keptVersion: (version: number) => {
        const answer = kept.get(version);
        return answer ? Promise.resolve(answer) : Promise.reject(new Error('not kept'));
      },
    }),
  };
  return { transport, stored, good };
}

const lifecycleOf = (transport: ContentTransport) =>
  new SyncClient<KanbanContent, TrackerOperation>({
    domain: kanban,
    transport,
    codec,
    author: 'ann',
  });

describe('SyncClient with a stored version that does not open', () => {
  it('shows the newest version that opens, names the bad one and its author', async () => {
    const { transport } = serverWithGarbage({ history: true });
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    const state = lifecycle.getState();
    expect(state.status).toBe('loaded');
    expect(state.content?.title).toBe('Sprint board');
    // Changes go on top of the stored version, so they replace the bad one.
    expect(state.version).toBe(2);
    expect(state.unreadable).toEqual({ version: 2, by: 'mallory', shownVersion: 1 });
  });

  it('restores the shown version as a new version on top of the bad one', async () => {
    const { transport, stored } = serverWithGarbage({ history: true });
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    const result = await lifecycle.restoreShown();
    expect(result.status).toBe('saved');
    expect(stored.version).toBe(3);
    // A whole snapshot (a replacement), which every member can open again.
    expect(stored.operations).toBeUndefined();
    expect((JSON.parse(stored.encryptedData) as KanbanContent).title).toBe('Sprint board');
    expect(lifecycle.getState()).toMatchObject({ version: 3, unreadable: null });
  });

  it('stays an error when no earlier version opens either', async () => {
    const { transport } = serverWithGarbage({ history: false });
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    expect(lifecycle.getState().status).toBe('error');
  });

  it('names the first field of a version that decrypts but is not the tool’s content', async () => {
    const { transport, stored, good } = serverWithGarbage({ history: true });
    const broken = JSON.parse(JSON.stringify(good)) as { phases: Record<string, unknown>[] };
    if (!broken.phases[1]) throw new Error('default board changed');
    broken.phases[1].maxIssues = null;
    stored.encryptedData = JSON.stringify(broken);
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    const state = lifecycle.getState();
    expect(state.status).toBe('loaded');
    expect(state.unreadable).toMatchObject({
      version: 2,
      shownVersion: 1,
      problem: {
        path: ['phases', 1, 'maxIssues'],
        where: [{ entity: 'column', n: 2 }],
        field: 'maxIssues',
        reason: { kind: 'type', expected: 'number' },
      },
    });
  });

  it('restores a version from the History whole on top of the bad one, too', async () => {
    const { transport, stored, good } = serverWithGarbage({ history: true });
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    const result = await lifecycle.restore({ ...good, title: 'Older board' });
    expect(result.status).toBe('saved');
    expect(stored.version).toBe(3);
    // Not an operation on top of an envelope nobody can open: a snapshot every member opens.
    expect(stored.operations).toBeUndefined();
    expect((JSON.parse(stored.encryptedData) as KanbanContent).title).toBe('Older board');
    expect(lifecycle.getState()).toMatchObject({ version: 3, unreadable: null });
  });

  it('with nothing that opens in its place, restores an earlier version on top of it', async () => {
    const { transport, stored, good } = serverWithGarbage({ history: false });
    const broken = JSON.parse(JSON.stringify(good)) as { phases: Record<string, unknown>[] };
    if (!broken.phases[1]) throw new Error('default board changed');
    broken.phases[1].maxIssues = null;
    stored.encryptedData = JSON.stringify(broken);
    const lifecycle = lifecycleOf(transport);
    await lifecycle.load();
    const { status, loadError } = lifecycle.getState();
    expect(status).toBe('error');
    expect(loadError).toBeInstanceOf(UnreadableContentError);
    const error = loadError as UnreadableContentError;
    expect(error).toMatchObject({ version: 2, by: 'mallory', problem: { field: 'maxIssues' } });
    // Field names and positions only: no content value in the message.
    expect(error.message).toBe("version 2 is not this tool's content: phases.1.maxIssues");

    // History's Restore: the earlier content, saved whole on top of the bad version.
    const result = await lifecycle.restore(good);
    expect(result.status).toBe('saved');
    expect(stored.version).toBe(3);
    expect(stored.operations).toBeUndefined();
    expect((JSON.parse(stored.encryptedData) as KanbanContent).title).toBe('Sprint board');
    expect(lifecycle.getState()).toMatchObject({ status: 'loaded', version: 3, loadError: null });
  });
});
