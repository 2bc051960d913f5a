/**
 * The shared sync engine against the real API and database (PGlite, and Postgres in CI)
 * with real AES-GCM: two members of one space, each with their own sync engine, as two browser
 * tabs would be. Covers spec §4 Tool content and the rule that saves never lose work.
 */
import { decryptJson } from '@cipherspace/crypto';
import {
  createApiHarness,
  type ApiHarness,
  type EventStream,
  type SpaceCredentials,
} from '@cipherspace/api/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { tools } from '@cipherspace/tools';
import type { ToolName } from '@cipherspace/tools/metadata';
import type { PokerContent, PokerOperation } from '@cipherspace/tools/poker';
import {
  TrackerError,
  type KanbanContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import {
  SyncClient,
  ContentValidationError,
  NothingToUndoError,
  SaveAnswerLostError,
  type ContentTransport,
} from '@cipherspace/sync';
import { contentTransport, remoteChangeOf, spaceKeyCodec } from './content-transport.ts';
import { spaceOfAliceAndBob } from '../../testing/two-members.ts';

let harness: ApiHarness;
let space: SpaceCredentials;
let tokens: { alice: string; bob: string };

beforeAll(async () => {
  harness = await createApiHarness();
});

afterAll(async () => {
  await harness.close();
});

/**
 * The kanban board of a new space with alice and bob as its members, so tests do not share a
 * document: it has no content yet. The helpers below work in that space from then on.
 */
async function freshBoard(): Promise<ToolName> {
  ({ space, tokens } = await spaceOfAliceAndBob(harness));
  return 'kanban';
}

/** The transport of `user`, counting the saves, snapshot loads and changes-since calls it sends. */
function transportOf(
  user: 'alice' | 'bob',
  tool: ToolName,
): ContentTransport & { saves: number; loads: number; changeCalls: number } {
  const caller = harness.caller(tokens[user]);
  const inner = contentTransport(
    {
      find: (input) => caller.content.find(input),
      save: (input) => caller.content.save(input),
      changes: (input) => caller.content.changes(input),
      propose: (input) => caller.content.propose({ ...input, client_id: `${user}-tab` }),
    },
    space.name,
    tool,
  );
  const counted = {
    saves: 0,
    loads: 0,
    changeCalls: 0,
    load: () => {
      counted.loads++;
      return inner.load();
    },
    save: (data: string, version: number, operations?: readonly string[], saveId?: string) => {
      counted.saves++;
      return inner.save(data, version, operations, saveId);
    },
    changes: (since: number) => {
      counted.changeCalls++;
      return inner.changes?.(since) ?? Promise.resolve(null);
    },
    propose: (baseVersion: number, operations: readonly string[]) =>
      inner.propose?.(baseVersion, operations) ?? Promise.resolve(),
  };
  return counted;
}

function lifecycleOf(
  user: 'alice' | 'bob',
  tool: ToolName,
  transport = transportOf(user, tool),
  pendingTtlMs?: number,
) {
  return new SyncClient<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport,
    codec: spaceKeyCodec(space.key, space.name),
    author: user,
    ...(pendingTtlMs === undefined ? {} : { pendingTtlMs }),
  });
}

/** Bob's tab of `tool` with a wrong space key: every load fails to decrypt. */
function wrongKeyLifecycleOf(tool: ToolName): SyncClient<KanbanContent, TrackerOperation> {
  return new SyncClient<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport: transportOf('bob', tool),
    codec: spaceKeyCodec('Wr0ng!Space-Key', space.name),
    author: 'bob',
  });
}

function loaded(lifecycle: SyncClient<KanbanContent, TrackerOperation>): KanbanContent {
  const { status, content } = lifecycle.getState();
  expect(status).toBe('loaded');
  if (!content) throw new Error('no content');
  return content;
}

const phase = (content: KanbanContent, name: string) => {
  const found = content.phases.find((entry) => entry.name === name);
  if (!found) throw new Error(`no phase ${name}`);
  return found;
};

async function storedContent(tool: ToolName): Promise<KanbanContent> {
  const record = await harness.caller(tokens.alice).content.get({ space_name: space.name, tool });
  return decryptJson<KanbanContent>(record.encrypted_data, space.key);
}

describe('content lifecycle', () => {
  it('creates, encrypts and saves the default board when the server has none', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    expect(alice.getState().status).toBe('loading');
    await alice.load();
    const board = loaded(alice);
    expect(board.phases.map((entry) => entry.name)).toEqual([
      'Backlog',
      'To Do',
      'In Progress',
      'Testing',
      'Done',
    ]);
    expect(alice.getState().version).toBe(1);

    const record = await harness.caller(tokens.bob).content.get({ space_name: space.name, tool });
    expect(record.encrypted_data).not.toContain('Backlog');
    expect(await storedContent(tool)).toEqual(board);

    const bob = lifecycleOf('bob', tool);
    await bob.load();
    expect(loaded(bob)).toEqual(board);
  });

  it('creates the default board in the language of the member who opens the tool first', async () => {
    const tool = await freshBoard();
    let language: 'en' | 'de' = 'de';
    const german = new SyncClient<KanbanContent, TrackerOperation>({
      domain: tools.kanban,
      transport: transportOf('alice', tool),
      codec: spaceKeyCodec(space.key, space.name),
      author: 'alice',
      language: () => language,
    });
    await german.load();
    const board = loaded(german);
    expect(board.title).toBe('Kanban-Board');
    expect(board.phases.map((entry) => entry.name)).toEqual([
      'Backlog',
      'Zu erledigen',
      'In Arbeit',
      'Test',
      'Erledigt',
    ]);
    // Stored as created: an English member opening it later sees the same board.
    language = 'en';
    const bob = lifecycleOf('bob', tool);
    await bob.load();
    expect(loaded(bob)).toEqual(board);
  });

  it('with createMissing false, opens the default board unsaved and creates nothing', async () => {
    const tool = await freshBoard();
    const transport = transportOf('alice', tool);
    const reader = new SyncClient<KanbanContent, TrackerOperation>({
      domain: tools.kanban,
      transport,
      codec: spaceKeyCodec(space.key, space.name),
      author: 'alice',
      createMissing: false,
    });
    await reader.load();
    expect(loaded(reader).phases.map((entry) => entry.name)).toContain('Backlog');
    expect(reader.getState().version).toBe(0);
    expect(transport.saves).toBe(0);
    reader.dispose();
    await expect(
      harness.caller(tokens.alice).content.get({ space_name: space.name, tool }),
    ).rejects.toThrow();

    // The first member who opens the tool still creates it, at version 1.
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    expect(alice.getState().version).toBe(1);
  });

  it('saves a named operation with the version it is based on and stamps the document', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const backlog = phase(loaded(alice), 'Backlog');
    const result = await alice.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title: 'Write the release notes' },
      createdBy: 'alice',
    });
    expect(result.status).toBe('saved');
    const state = alice.getState();
    expect(state.version).toBe(2);
    expect(state.saving).toBe(false);
    const stored = await storedContent(tool);
    expect(stored.version).toBe(2);
    expect(phase(stored, 'Backlog').issues.map((issue) => issue.title)).toEqual([
      'Write the release notes',
    ]);
  });

  it('shows a change, and lets the browser paint it, before encrypting the snapshot', async () => {
    const tool = await freshBoard();
    const events: string[] = [];
    const codec = spaceKeyCodec(space.key, space.name);
    const alice = new SyncClient<KanbanContent, TrackerOperation>({
      domain: tools.kanban,
      transport: transportOf('alice', tool),
      codec: {
        ...codec,
        encrypt: (value) => {
          events.push('snapshot encrypted');
          return codec.encrypt(value);
        },
      },
      author: 'alice',
    });
    await alice.load();
    const backlog = phase(loaded(alice), 'Backlog');
    alice.subscribe(() => {
      const shown = alice.getState().content;
      if (shown && phase(shown, 'Backlog').issues.length === 1 && !events.includes('shown'))
        events.push('shown');
    });
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      events.push('frame');
      return setTimeout(() => callback(performance.now()), 0);
    });
    try {
      events.length = 0;
      const result = await alice.perform({
        type: 'addIssue',
        phaseId: backlog.id,
        issue: { title: 'Painted first' },
        createdBy: 'alice',
      });
      expect(result.status).toBe('saved');
      expect(events).toEqual(['shown', 'frame', 'snapshot encrypted']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('re-applies the same operation after a 409, so both concurrent edits survive', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const bobTransport = transportOf('bob', tool);
    const bob = lifecycleOf('bob', tool, bobTransport);
    await bob.load();
    const todo = phase(loaded(alice), 'To Do');

    // Alice saves first; Bob still holds version 1 and collides.
    expect(
      (
        await alice.perform({
          type: 'addIssue',
          phaseId: todo.id,
          issue: { title: 'Alice card' },
          createdBy: 'alice',
        })
      ).status,
    ).toBe('saved');
    const bobResult = await bob.perform({
      type: 'addIssue',
      phaseId: todo.id,
      issue: { title: 'Bob card' },
      createdBy: 'bob',
    });
    expect(bobResult.status).toBe('saved');
    expect(bobTransport.saves).toBe(2); // the 409, then the re-applied save

    const stored = await storedContent(tool);
    expect(stored.version).toBe(3);
    expect(phase(stored, 'To Do').issues.map((issue) => issue.title)).toEqual([
      'Alice card',
      'Bob card',
    ]);
    expect(loaded(bob)).toEqual(stored);
  });

  it('keeps the ids of a re-applied operation, so replaying creates no duplicates', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    const bob = lifecycleOf('bob', tool);
    await alice.load();
    await bob.load();
    const backlog = phase(loaded(bob), 'Backlog');
    await alice.perform({ type: 'addPhase', name: 'Blocked' });
    const result = await bob.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title: 'Replayed' },
      createdBy: 'bob',
    });
    if (result.status !== 'saved') throw new Error(result.status);
    const issues = phase(result.content, 'Backlog').issues;
    expect(issues).toHaveLength(1);
    expect(phase(await storedContent(tool), 'Backlog').issues[0]?.id).toBe(issues[0]?.id);
  });

  it('ends in conflict with the latest board when the change no longer applies', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const backlog = phase(loaded(alice), 'Backlog');
    const added = await alice.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title: 'Doomed card' },
      createdBy: 'alice',
    });
    if (added.status !== 'saved') throw new Error(added.status);
    const card = phase(added.content, 'Backlog').issues[0];
    if (!card) throw new Error('no card');

    const bob = lifecycleOf('bob', tool);
    await bob.load();
    await alice.perform({ type: 'deleteIssue', issueId: card.id });

    const result = await bob.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'Edited meanwhile' },
    });
    expect(result.status).toBe('conflict');
    if (result.status !== 'conflict') return;
    expect(result.error).toBeInstanceOf(TrackerError);
    // Bob now sees the latest board: the card is gone.
    expect(phase(loaded(bob), 'Backlog').issues).toEqual([]);
    expect(bob.getState().version).toBe(3);
  });

  it('reports a conflict, not a rule, when the view the change started on is outdated', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const added = await alice.perform({
      type: 'addIssue',
      phaseId: phase(loaded(alice), 'Backlog').id,
      issue: { title: 'Deleted while Bob edits' },
      createdBy: 'alice',
    });
    if (added.status !== 'saved') throw new Error(added.status);
    const card = phase(added.content, 'Backlog').issues[0];
    if (!card) throw new Error('no card');

    const bob = lifecycleOf('bob', tool);
    await bob.load();
    const formOpenedOn = bob.getState().version;
    await alice.perform({ type: 'deleteIssue', issueId: card.id });
    // The live update arrives while Bob's form is still open: his board already lacks the card.
    await bob.remoteUpdate(formOpenedOn + 1);
    expect(phase(loaded(bob), 'Backlog').issues).toEqual([]);

    const edit = { type: 'updateIssue', issueId: card.id, changes: { title: 'Too late' } } as const;
    expect((await bob.perform(edit, { basedOn: formOpenedOn })).status).toBe('conflict');
    // Without knowing where the change started, the same refusal is the rule's.
    expect((await bob.perform(edit)).status).toBe('rejected');
    expect(bob.getState().version).toBe(formOpenedOn + 1);
  });

  it('sends nothing for an operation that changes nothing', async () => {
    const tool = await freshBoard();
    const transport = transportOf('alice', tool);
    const alice = lifecycleOf('alice', tool, transport);
    await alice.load();
    const add = { type: 'addTeamMember', name: 'carol' } as const;
    expect((await alice.perform(add)).status).toBe('saved');
    const saves = transport.saves;
    const version = alice.getState().version;

    // spec §3: adding a member twice is ignored — and costs no version.
    const again = await alice.perform(add);
    expect(again.status).toBe('saved');
    expect(transport.saves).toBe(saves);
    expect(alice.getState()).toMatchObject({ version, saving: false });
    expect(loaded(alice).teamMembers).toEqual(['carol']);
  });

  it('refuses a change a rule forbids without saving anything', async () => {
    const tool = await freshBoard();
    const transport = transportOf('alice', tool);
    const alice = lifecycleOf('alice', tool, transport);
    await alice.load();
    const savesAfterLoad = transport.saves;
    const board = loaded(alice);

    const rejected = await alice.perform({
      type: 'addIssue',
      phaseId: 'nope',
      issue: { title: 'x' },
      createdBy: 'alice',
    });
    expect(rejected.status).toBe('rejected');
    if (rejected.status === 'rejected')
      expect((rejected.error as TrackerError).code).toBe('PHASE_NOT_FOUND');

    // Deleting down to fewer than minPhases is refused by the operation itself.
    for (const entry of board.phases.slice(0, 3))
      expect((await alice.perform({ type: 'deletePhase', phaseId: entry.id })).status).toBe(
        'saved',
      );
    const last = loaded(alice).phases[0];
    if (!last) throw new Error('no phase');
    const belowMinimum = await alice.perform({ type: 'deletePhase', phaseId: last.id });
    expect(belowMinimum.status).toBe('rejected');
    if (belowMinimum.status === 'rejected')
      expect((belowMinimum.error as Error).message).toBe(
        'Cannot delete phase. Minimum 2 phases required.',
      );
    expect(transport.saves).toBe(savesAfterLoad + 3);
  });

  it('validates before saving and reports the spec messages', async () => {
    const tool = await freshBoard();
    const transport = transportOf('alice', tool);
    const alice = lifecycleOf('alice', tool, transport);
    await alice.load();
    // A third-party client saved a board without a title (the REST API stores any ciphertext);
    // no operation can produce it, so the next change of this tab cannot be saved on it.
    const untitled = { ...loaded(alice), title: ' ', version: 2 };
    await transport.save(await spaceKeyCodec(space.key, space.name).encrypt(untitled), 1);
    await alice.remoteUpdate(2);
    const saves = transport.saves;
    const result = await alice.perform({
      type: 'addIssue',
      phaseId: phase(loaded(alice), 'Backlog').id,
      issue: { title: 'one' },
      createdBy: 'alice',
    });
    expect(result.status).toBe('invalid');
    if (result.status !== 'invalid') return;
    expect(result.error).toBeInstanceOf(ContentValidationError);
    expect((result.error as ContentValidationError).problems).toEqual(['Title is required']);
    expect(transport.saves).toBe(saves);
    expect(phase(loaded(alice), 'Backlog').issues).toEqual([]);
  });

  it('reloads on a newer remote version, ignores its own echo, and recreates deleted content', async () => {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    const bob = lifecycleOf('bob', tool);
    await alice.load();
    await bob.load();
    await bob.perform({ type: 'addPhase', name: 'Blocked' });
    expect(loaded(alice).phases).toHaveLength(5);

    await alice.remoteUpdate(2);
    expect(loaded(alice).phases.map((entry) => entry.name)).toContain('Blocked');
    expect(alice.getState().version).toBe(2);

    const before = alice.getState();
    await alice.remoteUpdate(2);
    expect(alice.getState()).toBe(before);

    await harness.caller(tokens.bob).content.delete({ space_name: space.name, tool });
    await alice.remoteUpdate(0);
    expect(loaded(alice).phases).toHaveLength(5);
    // The default is saved again after the versions the history keeps (1 and 2).
    expect(alice.getState().version).toBe(3);
  });

  it('shows the wrong-key error and keeps a loaded board when a background reload fails', async () => {
    const tool = await freshBoard();
    await lifecycleOf('alice', tool).load();
    const wrongKey = wrongKeyLifecycleOf(tool);
    await wrongKey.load();
    expect(wrongKey.getState().status).toBe('error');
    expect((wrongKey.getState().loadError as Error).message).toBe(
      'Failed to decrypt content - invalid space key?',
    );
  });

  it('shows loading again while Retry loads after a failed load (no offline store)', async () => {
    const tool = await freshBoard();
    await lifecycleOf('alice', tool).load();
    const wrongKey = wrongKeyLifecycleOf(tool);
    await wrongKey.load();
    const statuses: string[] = [];
    wrongKey.subscribe(() => statuses.push(wrongKey.getState().status));
    await wrongKey.load();
    expect(statuses).toEqual(['loading', 'error']);
  });

  it('reverts an optimistic change whose save fails, and reports it', async () => {
    const tool = await freshBoard();
    const working = transportOf('alice', tool);
    let online = true;
    const alice = lifecycleOf('alice', tool, {
      ...working,
      save: (data, version, operations) =>
        online
          ? working.save(data, version, operations)
          : Promise.reject(new Error('No response from server')),
    });
    await alice.load();
    const board = loaded(alice);
    online = false;
    const result = await alice.perform({ type: 'addPhase', name: 'Offline' });
    expect(result.status).toBe('failed');
    expect(loaded(alice)).toEqual(board);
    expect(alice.getState().saving).toBe(false);
  });
});

describe('changes as encrypted operations', () => {
  /** The next message of `type` for `tool` on `stream`, skipping others. */
  async function nextOf<T extends 'content_pending' | 'content_update'>(
    stream: EventStream,
    type: T,
    tool: string,
  ) {
    for (;;) {
      const { message } = await stream.next();
      if (message.type === type && message.data.tool === tool)
        return message as Extract<typeof message, { type: T }>;
    }
  }

  /** Alice's and Bob's sync engines of a fresh tool, both loaded; Bob's transport counts requests. */
  async function loadedPair() {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const bobTransport = transportOf('bob', tool);
    const bob = lifecycleOf('bob', tool, bobTransport);
    await bob.load();
    return { tool, alice, bob, bobTransport };
  }

  const addIssue = (content: KanbanContent, title: string): TrackerOperation => ({
    type: 'addIssue',
    phaseId: phase(content, 'Backlog').id,
    issue: { title },
    createdBy: 'alice',
  });

  it('applies a remote change from the operations inline in content_update, with no request', async () => {
    const { tool, alice, bob, bobTransport } = await loadedPair();
    const stream = await harness.subscribe(tokens.bob, space.name);
    try {
      expect((await alice.perform(addIssue(loaded(alice), 'Inline'))).status).toBe('saved');
      const update = (await nextOf(stream, 'content_update', tool)).data;
      expect(update).toMatchObject({ version: 2, base_version: 1, kind: 'operations' });
      expect(update.operations).toHaveLength(1);

      const requests = { loads: bobTransport.loads, changes: bobTransport.changeCalls };
      await bob.remoteUpdate(update.version, remoteChangeOf(update));
      expect({ loads: bobTransport.loads, changes: bobTransport.changeCalls }).toEqual(requests);
      expect(bob.getState().version).toBe(2);
      // The same operation on the same content: exactly what Alice stored.
      expect(loaded(bob)).toEqual(loaded(alice));
      expect(loaded(bob)).toEqual(await storedContent(tool));
    } finally {
      stream.close();
    }
  });

  it('catches up 20 versions behind from changes-since, without loading the snapshot', async () => {
    const { tool, alice, bob, bobTransport } = await loadedPair();
    for (let index = 1; index <= 20; index++)
      expect((await alice.perform(addIssue(loaded(alice), `Offline ${index}`))).status).toBe(
        'saved',
      );
    const loads = bobTransport.loads;

    await bob.remoteUpdate(21);
    expect(bobTransport.loads).toBe(loads);
    expect(bobTransport.changeCalls).toBe(1);
    expect(bob.getState().version).toBe(21);
    expect(loaded(bob)).toEqual(await storedContent(tool));

    // A reconnect catches up the same way.
    await alice.perform(addIssue(loaded(alice), 'After reconnect'));
    await bob.refresh();
    expect(bobTransport.loads).toBe(loads);
    expect(loaded(bob)).toEqual(loaded(alice));
  });

  it('re-applies after a 409 on top of the operations it missed, without loading the snapshot', async () => {
    const { tool, alice, bob, bobTransport } = await loadedPair();
    await alice.perform(addIssue(loaded(alice), 'First'));
    const loads = bobTransport.loads;

    const result = await bob.perform({ type: 'addPhase', name: 'Review' });
    expect(result.status).toBe('saved');
    expect(bobTransport.loads).toBe(loads);
    expect(bobTransport.saves).toBeGreaterThanOrEqual(2);
    const stored = await storedContent(tool);
    expect(phase(stored, 'Backlog').issues.map((issue) => issue.title)).toEqual(['First']);
    expect(stored.phases.map((entry) => entry.name)).toContain('Review');
    expect(loaded(bob)).toEqual(stored);
  });

  it('loads the snapshot for a replacement (a save without operations, e.g. a REST PUT)', async () => {
    const { tool, alice, bob, bobTransport } = await loadedPair();
    const replaced = { ...loaded(alice), title: 'Replaced by a script' };
    await transportOf('alice', tool).save(
      await spaceKeyCodec(space.key, space.name).encrypt(replaced),
      1,
    );
    const loads = bobTransport.loads;

    await bob.remoteUpdate(2, { kind: 'replacement' });
    expect(bobTransport.loads).toBe(loads + 1);
    expect(bobTransport.changeCalls).toBe(0);
    expect(loaded(bob).title).toBe('Replaced by a script');

    // Without the kind (an old server), changes-since tells it is a replacement.
    await transportOf('alice', tool).save(
      await spaceKeyCodec(space.key, space.name).encrypt({ ...replaced, title: 'Again' }),
      2,
    );
    await bob.remoteUpdate(3);
    expect(bobTransport.changeCalls).toBe(1);
    expect(bobTransport.loads).toBe(loads + 2);
    expect(loaded(bob).title).toBe('Again');
  });

  it('loads the snapshot when an inline operation does not open with its key', async () => {
    const { alice, bob, bobTransport } = await loadedPair();
    await alice.perform(addIssue(loaded(alice), 'Real'));
    const forged = await spaceKeyCodec('An0ther!Space-Key', space.name).encryptOperation?.(
      tools.kanban.createOperation(addIssue(loaded(bob), 'Forged'), {
        id: 'forged-1',
        at: new Date().toISOString(),
        by: 'mallory',
      }),
    );
    if (!forged) throw new Error('no operation codec');
    const loads = bobTransport.loads;

    await bob.remoteUpdate(2, { baseVersion: 1, kind: 'operations', operations: [forged] });
    expect(bobTransport.loads).toBe(loads + 1);
    expect(phase(loaded(bob), 'Backlog').issues.map((issue) => issue.title)).toEqual(['Real']);
  });

  describe('changes in flight (content_pending)', () => {
    /** Alice's transport whose saves wait until `release()` (a slow snapshot upload). */
    function heldTransport(tool: ToolName) {
      const inner = transportOf('alice', tool);
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = false;
      return {
        transport: {
          ...inner,
          save: async (data: string, version: number, operations?: readonly string[]) => {
            if (held) await gate;
            return inner.save(data, version, operations);
          },
        },
        hold: () => {
          held = true;
        },
        release: () => release(),
      };
    }

    const titles = (content: KanbanContent) =>
      phase(content, 'Backlog').issues.map((issue) => issue.title);

    it('shows a change while its save is still uploading, then takes the saved version', async () => {
      const tool = await freshBoard();
      const slow = heldTransport(tool);
      const alice = lifecycleOf('alice', tool, slow.transport);
      await alice.load();
      const bob = lifecycleOf('bob', tool);
      await bob.load();
      const stream = await harness.subscribe(tokens.bob, space.name, 'bob-tab', { pending: true });
      try {
        slow.hold();
        const saving = alice.perform(addIssue(loaded(alice), 'In flight'));
        const pending = await nextOf(stream, 'content_pending', tool);
        expect(pending.data).toMatchObject({ base_version: 1, modified_by: 'alice' });
        await bob.remotePending(pending.data.base_version, pending.data.operations);
        // Shown before anything is stored, on top of the version Bob has.
        expect(titles(loaded(bob))).toEqual(['In flight']);
        expect(bob.getState().version).toBe(1);
        expect(await storedContent(tool)).not.toHaveProperty('version', 2);

        slow.release();
        expect((await saving).status).toBe('saved');
        const update = await nextOf(stream, 'content_update', tool);
        await bob.remoteUpdate(update.data.version, remoteChangeOf(update.data));
        // The saved operation replaces the pending one: the card is there once.
        expect(bob.getState().version).toBe(2);
        expect(titles(loaded(bob))).toEqual(['In flight']);
        expect(loaded(bob)).toEqual(await storedContent(tool));
      } finally {
        stream.close();
      }
    });

    it("a change made on a teammate's change in flight is shown at once and stored after it", async () => {
      // Poker: Bob pauses the round timer Alice is still starting (her save is slow to land).
      ({ space, tokens } = await spaceOfAliceAndBob(harness));
      const tool: ToolName = 'poker';
      const pokerOf = (user: 'alice' | 'bob', transport: ContentTransport) =>
        new SyncClient<PokerContent, PokerOperation>({
          domain: tools.poker,
          transport,
          codec: spaceKeyCodec(space.key, space.name),
          author: user,
        });
      const slow = heldTransport(tool);
      const alice = pokerOf('alice', slow.transport);
      await alice.load();
      const bob = pokerOf('bob', transportOf('bob', tool));
      await bob.load();
      const stream = await harness.subscribe(tokens.bob, space.name, 'bob-tab', { pending: true });
      try {
        slow.hold();
        const starting = alice.perform({ type: 'startTimer' });
        const pending = await nextOf(stream, 'content_pending', tool);
        await bob.remotePending(pending.data.base_version, pending.data.operations);
        expect(bob.getState().content?.timer?.startedAt).toEqual(expect.any(String));

        // Made on what Bob sees, not on his stored version (where it would change nothing).
        const pausing = bob.perform({ type: 'pauseTimer' });
        await expect.poll(() => bob.getState().content?.timer?.startedAt).toBeNull();
        slow.release();
        expect((await starting).status).toBe('saved');
        const update = await nextOf(stream, 'content_update', tool);
        await bob.remoteUpdate(update.data.version, remoteChangeOf(update.data));
        expect((await pausing).status).toBe('saved');

        const record = await harness
          .caller(tokens.alice)
          .content.get({ space_name: space.name, tool });
        const stored = await decryptJson<PokerContent>(record.encrypted_data, space.key);
        expect(stored.version).toBe(3);
        expect(stored.timer).toMatchObject({ startedAt: null });
        expect(bob.getState().content?.timer).toEqual(stored.timer);
      } finally {
        stream.close();
      }
    });

    it("a card shown only by a teammate's change in flight can be deleted", async () => {
      const tool = await freshBoard();
      const slow = heldTransport(tool);
      const alice = lifecycleOf('alice', tool, slow.transport);
      await alice.load();
      const bob = lifecycleOf('bob', tool);
      await bob.load();
      const stream = await harness.subscribe(tokens.bob, space.name, 'bob-tab', { pending: true });
      try {
        slow.hold();
        const adding = alice.perform(addIssue(loaded(alice), 'In flight'));
        const pending = await nextOf(stream, 'content_pending', tool);
        await bob.remotePending(pending.data.base_version, pending.data.operations);
        const [shown] = phase(loaded(bob), 'Backlog').issues;
        if (!shown) throw new Error('the card in flight is not shown');

        const deleting = bob.perform({ type: 'deleteIssue', issueId: shown.id });
        await expect.poll(() => titles(loaded(bob))).toEqual([]);
        slow.release();
        expect((await adding).status).toBe('saved');
        const update = await nextOf(stream, 'content_update', tool);
        await bob.remoteUpdate(update.data.version, remoteChangeOf(update.data));
        expect((await deleting).status).toBe('saved');
        expect(titles(await storedContent(tool))).toEqual([]);
        expect((await storedContent(tool)).version).toBe(3);
      } finally {
        stream.close();
      }
    });

    it('drops a pending change whose save never arrives', async () => {
      const tool = await freshBoard();
      const alice = lifecycleOf('alice', tool);
      await alice.load();
      const bob = lifecycleOf('bob', tool, transportOf('bob', tool), 100);
      await bob.load();
      const before = loaded(bob);
      const forgotten = tools.kanban.createOperation(addIssue(before, 'Never saved'), {
        id: 'never-saved',
        at: new Date().toISOString(),
        by: 'alice',
      });
      const envelope = await spaceKeyCodec(space.key, space.name).encryptOperation?.(forgotten);
      if (!envelope) throw new Error('no operation codec');
      await bob.remotePending(1, [envelope]);
      expect(titles(loaded(bob))).toEqual(['Never saved']);
      await expect.poll(() => titles(loaded(bob)), { timeout: 2000 }).toEqual([]);
      expect(loaded(bob)).toBe(before);
    });

    it('does not show a pending change it already has, nor one that does not open', async () => {
      const { tool, alice, bob } = await loadedPair();
      const stream = await harness.subscribe(tokens.bob, space.name, 'bob-tab', { pending: true });
      try {
        await alice.perform(addIssue(loaded(alice), 'Once'));
        const pending = await nextOf(stream, 'content_pending', tool);
        const update = await nextOf(stream, 'content_update', tool);
        // The save arrives first (e.g. the pending message was slow): applied once.
        await bob.remoteUpdate(update.data.version, remoteChangeOf(update.data));
        const shown = loaded(bob);
        await bob.remotePending(pending.data.base_version, pending.data.operations);
        expect(loaded(bob)).toBe(shown);
        const foreign = await spaceKeyCodec('An0ther!Space-Key', space.name).encryptOperation?.(
          tools.kanban.createOperation(addIssue(shown, 'Forged'), {
            id: 'forged-2',
            at: new Date().toISOString(),
            by: 'mallory',
          }),
        );
        await bob.remotePending(2, [foreign ?? '']);
        expect(loaded(bob)).toBe(shown);
        expect(titles(shown)).toEqual(['Once']);
      } finally {
        stream.close();
      }
    });
  });
});

describe('undo, redo and restore', () => {
  /** Alice's board with the cards `titles` added to Backlog, one save each; and Bob on it. */
  async function boardWith(titles: readonly string[]) {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    const backlog = phase(loaded(alice), 'Backlog');
    for (const title of titles) {
      const added = await alice.perform({
        type: 'addIssue',
        phaseId: backlog.id,
        issue: { title },
        createdBy: 'alice',
      });
      expect(added.status).toBe('saved');
    }
    const bob = lifecycleOf('bob', tool);
    await bob.load();
    return { tool, alice, bob };
  }

  const titlesIn = (content: KanbanContent, name: string) =>
    phase(content, name).issues.map((issue) => issue.title);
  const issueId = (content: KanbanContent, title: string) => {
    const found = content.phases.flatMap((entry) => entry.issues).find((i) => i.title === title);
    if (!found) throw new Error(`no issue ${title}`);
    return found.id;
  };

  it("undoes and redoes this tab's own changes as new saved versions", async () => {
    const { tool, alice } = await boardWith(['First', 'Second']);
    expect(alice.getState()).toMatchObject({ canUndo: true, canRedo: false, version: 3 });

    expect((await alice.undo()).status).toBe('saved');
    expect(titlesIn(await storedContent(tool), 'Backlog')).toEqual(['First']);
    expect(alice.getState()).toMatchObject({ canUndo: true, canRedo: true, version: 4 });

    expect((await alice.undo()).status).toBe('saved');
    expect(titlesIn(await storedContent(tool), 'Backlog')).toEqual([]);
    expect(alice.getState()).toMatchObject({ canUndo: false, canRedo: true });
    const nothing = await alice.undo();
    expect(nothing).toMatchObject({ status: 'rejected' });
    expect(nothing.status === 'rejected' && nothing.error).toBeInstanceOf(NothingToUndoError);

    expect((await alice.redo()).status).toBe('saved');
    expect((await alice.redo()).status).toBe('saved');
    const stored = await storedContent(tool);
    expect(titlesIn(stored, 'Backlog')).toEqual(['First', 'Second']);
    expect(stored.version).toBe(7);
    // The redone cards are the same cards (ids, creation), not look-alikes.
    expect(loaded(alice)).toEqual(stored);

    // A new change after an undo drops what could be redone.
    await alice.undo();
    await alice.perform({
      type: 'updateIssue',
      issueId: issueId(stored, 'First'),
      changes: { title: 'Renamed' },
    });
    expect(alice.getState()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it("undoes a move on top of another member's later change to another card, keeping both", async () => {
    const { tool, alice, bob } = await boardWith(['Move me', 'Edit me']);
    const board = loaded(alice);
    const todo = phase(board, 'To Do');
    expect(
      (
        await alice.perform({
          type: 'moveIssue',
          issueId: issueId(board, 'Move me'),
          toPhaseId: todo.id,
        })
      ).status,
    ).toBe('saved');
    await bob.load();
    expect(
      (
        await bob.perform({
          type: 'updateIssue',
          issueId: issueId(board, 'Edit me'),
          changes: { title: 'Edited by bob' },
        })
      ).status,
    ).toBe('saved');

    // Alice has not seen Bob's save: the undo meets a 409 and applies on the latest version.
    expect((await alice.undo()).status).toBe('saved');
    const stored = await storedContent(tool);
    expect(titlesIn(stored, 'Backlog')).toEqual(['Move me', 'Edited by bob']);
    expect(titlesIn(stored, 'To Do')).toEqual([]);
  });

  it('refuses to undo a change someone changed again since, and keeps their change', async () => {
    const { tool, alice, bob } = await boardWith(['Card']);
    const id = issueId(loaded(alice), 'Card');
    await alice.perform({ type: 'updateIssue', issueId: id, changes: { title: 'By alice' } });
    await bob.load();
    await bob.perform({ type: 'updateIssue', issueId: id, changes: { title: 'By bob' } });

    const undone = await alice.undo();
    expect(['conflict', 'rejected']).toContain(undone.status);
    expect(titlesIn(await storedContent(tool), 'Backlog')).toEqual(['By bob']);
    expect(titlesIn(loaded(alice), 'Backlog')).toEqual(['By bob']);
  });

  it('saves the undo of a change too large for an operation envelope as a replacement', async () => {
    const { tool, alice } = await boardWith([]);
    const testing = phase(loaded(alice), 'Testing');
    for (let i = 0; i < 40; i++) {
      await alice.perform({
        type: 'addIssue',
        phaseId: testing.id,
        issue: { title: `Case ${String(i)}`, description: 'Steps to reproduce. '.repeat(30) },
        createdBy: 'alice',
      });
    }
    await alice.perform({ type: 'deletePhase', phaseId: testing.id });

    expect((await alice.undo()).status).toBe('saved');
    const stored = await storedContent(tool);
    expect(phase(stored, 'Testing').issues).toHaveLength(40);
    const changes = await harness
      .caller(tokens.bob)
      .content.changes({ space_name: space.name, tool, since: stored.version - 2 });
    expect(changes.changes.map((change) => change.kind)).toEqual(['operations', 'replacement']);
  });

  it('restores an earlier version as one new change, which can itself be undone', async () => {
    const { tool, alice } = await boardWith(['Kept']);
    const earlier = loaded(alice);
    const backlog = phase(earlier, 'Backlog');
    await alice.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title: 'Later' },
      createdBy: 'alice',
    });
    await alice.perform({ type: 'deletePhase', phaseId: phase(loaded(alice), 'Testing').id });

    expect((await alice.restore(earlier)).status).toBe('saved');
    const restored = await storedContent(tool);
    expect(restored.version).toBe(5);
    expect({ ...restored, version: 0, lastModified: '' }).toEqual({
      ...earlier,
      version: 0,
      lastModified: '',
    });

    expect((await alice.undo()).status).toBe('saved');
    const undone = await storedContent(tool);
    expect(titlesIn(undone, 'Backlog')).toEqual(['Kept', 'Later']);
    expect(undone.phases.map((entry) => entry.name)).not.toContain('Testing');
  });

  it("replaces the content with what it builds from the content as it is then, keeping a teammate's change", async () => {
    const { tool, alice, bob } = await boardWith(['Kept']);
    const seenByAlice = loaded(alice);
    await bob.perform({
      type: 'addIssue',
      phaseId: phase(loaded(bob), 'To Do').id,
      issue: { title: 'From Bob' },
      createdBy: 'bob',
    });
    await alice.refresh();
    // Alice's import was prepared on the board before Bob's card; it is built on the board now.
    expect(titlesIn(seenByAlice, 'To Do')).toEqual([]);
    const built: string[] = [];
    const result = await alice.replace((current) => {
      built.push(...titlesIn(current, 'To Do'));
      const done = phase(current, 'Done');
      return {
        ...current,
        phases: current.phases.map((entry) =>
          entry.id === done.id ? { ...entry, name: 'Shipped' } : entry,
        ),
      };
    });
    expect(result.status).toBe('saved');
    expect(built).toEqual(['From Bob']);
    const stored = await storedContent(tool);
    expect(titlesIn(stored, 'To Do')).toEqual(['From Bob']);
    expect(stored.phases.map((entry) => entry.name)).toContain('Shipped');

    const failed = await alice.replace(() => {
      throw new Error('not a board');
    });
    expect(failed.status).toBe('rejected');
    expect((await storedContent(tool)).version).toBe(stored.version);
  });
});

describe('edits of the same card by two members', () => {
  async function cardBoard() {
    const tool = await freshBoard();
    const alice = lifecycleOf('alice', tool);
    await alice.load();
    await alice.perform({
      type: 'addIssue',
      phaseId: phase(loaded(alice), 'Backlog').id,
      issue: { title: 'Login bug', description: 'one\ntwo\nthree', priority: 'Low' },
      createdBy: 'alice',
    });
    const bob = lifecycleOf('bob', tool);
    await bob.load();
    const card = phase(loaded(alice), 'Backlog').issues[0];
    if (!card) throw new Error('no card');
    return { tool, alice, bob, card, opened: alice.getState().version };
  }

  it("keeps a teammate's change to another field, saved while the dialog was open", async () => {
    const { tool, alice, bob, card, opened } = await cardBoard();
    const byBob = await bob.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { priority: 'High' },
      from: { priority: 'Low' },
    });
    expect(byBob.status).toBe('saved');
    // Alice has not seen Bob's save: her edit meets a 409 and is applied to his version.
    const byAlice = await alice.perform(
      {
        type: 'updateIssue',
        issueId: card.id,
        changes: { description: 'one\ntwo\nthree\nfour' },
        from: { description: card.description },
      },
      { basedOn: opened },
    );
    expect(byAlice.status).toBe('saved');
    const stored = phase(await storedContent(tool), 'Backlog').issues[0];
    expect(stored).toMatchObject({ priority: 'High', description: 'one\ntwo\nthree\nfour' });
    await bob.refresh();
    expect(phase(loaded(bob), 'Backlog').issues[0]).toEqual(stored);
  });

  it('reports the same field changed by a teammate, with both values and who changed it', async () => {
    const { tool, alice, bob, card, opened } = await cardBoard();
    await bob.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'Login fails' },
      from: { title: card.title },
    });
    const result = await alice.perform(
      {
        type: 'updateIssue',
        issueId: card.id,
        changes: { title: 'Login broken', priority: 'Critical' },
        from: { title: card.title, priority: card.priority },
      },
      { basedOn: opened },
    );
    expect(result).toMatchObject({
      status: 'conflict',
      by: 'bob',
      error: {
        name: 'EditConflictError',
        conflicts: [
          { field: 'title', from: 'Login bug', mine: 'Login broken', theirs: 'Login fails' },
        ],
      },
    });
    // Nothing of Alice's edit was saved; Bob's title is on her screen and stored.
    expect(phase(await storedContent(tool), 'Backlog').issues[0]).toMatchObject({
      title: 'Login fails',
      priority: 'Low',
    });
    expect(phase(loaded(alice), 'Backlog').issues[0]?.title).toBe('Login fails');
    expect(alice.getState().saving).toBe(false);
  });

  it('undoes an added card after a teammate added another, keeping theirs', async () => {
    const { tool, alice, bob } = await cardBoard();
    const added = await alice.perform({
      type: 'addIssue',
      phaseId: phase(loaded(alice), 'To Do').id,
      issue: { title: 'Mine' },
      createdBy: 'alice',
    });
    expect(added.status).toBe('saved');
    await bob.refresh();
    await bob.perform({
      type: 'addIssue',
      phaseId: phase(loaded(bob), 'Done').id,
      issue: { title: 'Theirs' },
      createdBy: 'bob',
    });
    const undone = await alice.undo();
    expect(undone).toMatchObject({ status: 'saved' });
    expect(undone.status === 'saved' && undone.leftAlone).toBeFalsy();
    const stored = await storedContent(tool);
    expect(phase(stored, 'To Do').issues).toEqual([]);
    expect(phase(stored, 'Done').issues.map((issue) => issue.title)).toEqual(['Theirs']);
    expect(alice.getState()).toMatchObject({ canRedo: true });
    expect((await alice.redo()).status).toBe('saved');
    expect(phase(await storedContent(tool), 'To Do').issues.map((i) => i.title)).toEqual(['Mine']);
  });

  it('undoes what is still as the change left it and says what a teammate changed since', async () => {
    const { tool, alice, bob, card } = await cardBoard();
    await alice.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'By alice', priority: 'High' },
      from: { title: card.title, priority: card.priority },
    });
    await bob.refresh();
    await bob.perform({
      type: 'updateIssue',
      issueId: card.id,
      changes: { title: 'By bob' },
      from: { title: 'By alice' },
    });
    const undone = await alice.undo();
    expect(undone).toMatchObject({ status: 'saved', leftAlone: 1 });
    expect(phase(await storedContent(tool), 'Backlog').issues[0]).toMatchObject({
      title: 'By bob',
      priority: 'Low',
    });
  });
});

describe('exactly-once saves', () => {
  /**
   * Alice's sync engine of `tool` on a transport whose answers can be lost: the save reaches the
   * server and is stored, then the client sees a network error instead of the answer (a
   * TypeError, as `fetch` throws one). Records the save id of every save sent.
   */
  function withLosableAnswers(tool: ToolName) {
    const caller = harness.caller(tokens.alice);
    const sent: { saveId: string | undefined; base: number }[] = [];
    let answersToLose = 0;
    const transport = contentTransport(
      {
        find: (input) => caller.content.find(input),
        save: async (input) => {
          sent.push({ saveId: input.save_id, base: input.metadata.version });
          const answer = await caller.content.save(input);
          if (answersToLose > 0) {
            answersToLose -= 1;
            throw new TypeError('fetch failed');
          }
          return answer;
        },
        changes: (input) => caller.content.changes(input),
      },
      space.name,
      tool,
    );
    return {
      alice: lifecycleOf('alice', tool, { ...transportOf('alice', tool), ...transport }),
      sent,
      loseNextAnswer: () => {
        answersToLose += 1;
      },
    };
  }

  const changeCount = async (tool: ToolName) =>
    (await harness.caller(tokens.alice).content.changes({ space_name: space.name, tool, since: 0 }))
      .changes.length;

  it('sends a save whose answer was lost again with the same id: one version, no conflict', async () => {
    const tool = await freshBoard();
    const { alice, sent, loseNextAnswer } = withLosableAnswers(tool);
    await alice.load();
    sent.length = 0;

    loseNextAnswer();
    const result = await alice.perform({ type: 'addPhase', name: 'Shipped' });
    expect(result.status).toBe('saved');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.saveId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual(sent[0]);
    expect(alice.getState().version).toBe(2);
    const stored = await storedContent(tool);
    expect(stored.version).toBe(2);
    expect(stored.phases.filter((entry) => entry.name === 'Shipped')).toHaveLength(1);
    expect(await changeCount(tool)).toBe(2);

    // The next change is a new save operation: a new id.
    const next = await alice.perform({ type: 'addPhase', name: 'Archived' });
    expect(next.status).toBe('saved');
    expect(sent).toHaveLength(3);
    expect(sent[2]?.saveId).not.toBe(sent[0]?.saveId);
  });

  it('re-applies after a 409 as a new attempt with a new id', async () => {
    const tool = await freshBoard();
    const { alice, sent } = withLosableAnswers(tool);
    await alice.load();
    const bob = lifecycleOf('bob', tool);
    await bob.load();
    expect((await bob.perform({ type: 'addPhase', name: 'Bob' })).status).toBe('saved');
    sent.length = 0;

    expect((await alice.perform({ type: 'addPhase', name: 'Alice' })).status).toBe('saved');
    expect(sent.map((entry) => entry.base)).toEqual([1, 2]);
    expect(sent[1]?.saveId).not.toBe(sent[0]?.saveId);
    expect((await storedContent(tool)).version).toBe(3);
  });

  it('maps a save without an answer to SaveAnswerLostError, a 409 still to a conflict', async () => {
    const tool = await freshBoard();
    const transport = contentTransport(
      {
        find: () => Promise.resolve(null),
        save: () => Promise.reject(new TypeError('fetch failed')),
      },
      space.name,
      tool,
    );
    await expect(transport.save('{}', 0)).rejects.toBeInstanceOf(SaveAnswerLostError);
  });
});
