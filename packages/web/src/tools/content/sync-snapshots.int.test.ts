/**
 * A member's saves send the change, not the board (spec §4 Tool content): against the real API
 * and database with real AES-GCM, a sync engine whose transport can upload snapshots saves each
 * change as its encrypted operations alone; the whole content follows as a snapshot after
 * SNAPSHOT_AFTER_SAVES such saves, when the tab flushes (page hidden) or when the screen goes; a
 * member who opens the tool meanwhile gets the older snapshot and the operations since and shows
 * every change.
 */
import {
  decryptJson,
  deriveOperationsKey,
  encryptJson,
  encryptOperation,
} from '@cipherspace/crypto';
import { createApiHarness, type ApiHarness, type SpaceCredentials } from '@cipherspace/api/testing';
import { tools } from '@cipherspace/tools';
import type { ToolName } from '@cipherspace/tools/metadata';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { spaceOfAliceAndBob } from '../../testing/two-members.ts';
import { SyncClient, SNAPSHOT_AFTER_SAVES } from '@cipherspace/sync';
import { contentTransport, spaceKeyCodec } from './content-transport.ts';

const tool: ToolName = 'kanban';
let harness: ApiHarness;
let space: SpaceCredentials;
let tokens: { alice: string; bob: string };

beforeAll(async () => {
  harness = await createApiHarness();
});
afterAll(async () => {
  await harness.close();
});
beforeEach(async () => {
  ({ space, tokens } = await spaceOfAliceAndBob(harness));
});

/** What each save of `user` sent: whether it carried the content, and the snapshot uploads. */
function tabOf(user: 'alice' | 'bob') {
  const caller = harness.caller(tokens[user]);
  const sent = { withContent: 0, operationsAlone: 0, snapshots: [] as number[] };
  const transport = contentTransport(
    {
      find: (input) => caller.content.find(input),
      save: (input) => {
        if (input.encrypted_data === undefined) sent.operationsAlone++;
        else sent.withContent++;
        return caller.content.save(input);
      },
      changes: (input) => caller.content.changes(input),
      historyVersion: (input) => caller.history.version(input),
      snapshot: (input) => {
        sent.snapshots.push(input.version);
        return caller.content.snapshot(input);
      },
    },
    space.name,
    tool,
  );
  const lifecycle = new SyncClient<KanbanContent, TrackerOperation>({
    domain: tools.kanban,
    transport,
    codec: spaceKeyCodec(space.key, space.name),
    author: user,
  });
  return { lifecycle, sent };
}

function titles(lifecycle: SyncClient<KanbanContent, TrackerOperation>): string[] {
  const content = lifecycle.getState().content;
  return (content?.phases ?? []).flatMap((phase) => phase.issues.map((issue) => issue.title));
}

async function addCards(
  lifecycle: SyncClient<KanbanContent, TrackerOperation>,
  titlesToAdd: readonly string[],
): Promise<void> {
  for (const title of titlesToAdd) {
    const backlog = lifecycle.getState().content?.phases[0];
    if (!backlog) throw new Error('no phase');
    const result = await lifecycle.perform({
      type: 'addIssue',
      phaseId: backlog.id,
      issue: { title },
      createdBy: 'alice',
    });
    expect(result.status).toBe('saved');
  }
}

async function stored() {
  const record = await harness.caller(tokens.bob).content.get({ space_name: space.name, tool });
  const content = await decryptJson<KanbanContent>(record.encrypted_data, space.key);
  return {
    snapshotVersion: record.content_metadata.version,
    current: record.current_version,
    titles: content.phases.flatMap((phase) => phase.issues.map((issue) => issue.title)),
  };
}

describe('saves of operations alone, snapshots coalesced', () => {
  it('sends each change without the board; a member opening meanwhile sees every change', async () => {
    const alice = tabOf('alice');
    await alice.lifecycle.load();
    // The tool's first save (its default content) carries the content.
    expect(alice.sent).toMatchObject({ withContent: 1, operationsAlone: 0 });
    await addCards(alice.lifecycle, ['One', 'Two', 'Three']);
    expect(alice.sent).toMatchObject({ withContent: 1, operationsAlone: 3, snapshots: [] });
    expect(alice.lifecycle.getState().version).toBe(4);

    // The server's envelope is still version 1; the three changes are operations.
    expect(await stored()).toEqual({ snapshotVersion: 1, current: 4, titles: [] });

    // Bob opens the board: the envelope of version 1 plus the changes since.
    const bob = tabOf('bob');
    await bob.lifecycle.load();
    expect(bob.lifecycle.getState().version).toBe(4);
    expect(titles(bob.lifecycle)).toEqual(['One', 'Two', 'Three']);

    // Bob's change goes on top of version 4 as operations too.
    await addCards(bob.lifecycle, ['Four']);
    expect(bob.sent.operationsAlone).toBe(1);
    alice.lifecycle.dispose();
    bob.lifecycle.dispose();
  });

  it('uploads the snapshot when the page is hidden (flush), once', async () => {
    const alice = tabOf('alice');
    await alice.lifecycle.load();
    await addCards(alice.lifecycle, ['One', 'Two']);
    await alice.lifecycle.flushSnapshot();
    await alice.lifecycle.flushSnapshot();
    expect(alice.sent.snapshots).toEqual([3]);
    expect(await stored()).toEqual({ snapshotVersion: 3, current: 3, titles: ['One', 'Two'] });
    alice.lifecycle.dispose();
  });

  it(`uploads the snapshot after ${SNAPSHOT_AFTER_SAVES} saves of operations alone`, async () => {
    const alice = tabOf('alice');
    await alice.lifecycle.load();
    const many = Array.from({ length: SNAPSHOT_AFTER_SAVES }, (_, index) => `Card ${index + 1}`);
    await addCards(alice.lifecycle, many);
    // The upload runs beside the next changes: wait until it is stored.
    await expect.poll(async () => (await stored()).snapshotVersion).toBe(SNAPSHOT_AFTER_SAVES + 1);
    expect(alice.sent.snapshots).toEqual([SNAPSHOT_AFTER_SAVES + 1]);
    expect((await stored()).titles).toEqual(many);
    alice.lifecycle.dispose();
  });

  it('uploads the snapshot of the last saves when the screen goes', async () => {
    const alice = tabOf('alice');
    await alice.lifecycle.load();
    await addCards(alice.lifecycle, ['Last']);
    alice.lifecycle.dispose();
    await expect.poll(async () => (await stored()).snapshotVersion).toBe(2);
    expect((await stored()).titles).toEqual(['Last']);
  });

  it("keeps the members' operations a spec-only client's replacement of an older envelope lacks", async () => {
    const alice = tabOf('alice');
    const bob = tabOf('bob');
    await alice.lifecycle.load();
    await addCards(alice.lifecycle, ['Alice one', 'Alice two']);
    await bob.lifecycle.load();

    // A REST client GETs the envelope (version 1), adds a card and PUTs it whole on version 1.
    const rest = harness.caller(tokens.bob);
    const got = await rest.content.get({ space_name: space.name, tool });
    expect(got.content_metadata.version).toBe(1);
    const board = tools.kanban.parse(await decryptJson(got.encrypted_data, space.key));
    const edited = tools.kanban.applyWith(
      board,
      {
        type: 'addIssue',
        phaseId: board.phases[0]?.id ?? '',
        issue: { title: 'From the REST client' },
        createdBy: 'rest',
      },
      { now: () => new Date().toISOString(), newId: () => 'rest-card' },
    );
    const saved = await rest.content.save({
      space_name: space.name,
      tool,
      encrypted_data: await encryptJson(edited, space.key),
      metadata: { version: 1 },
    });
    expect(saved.content_metadata.version).toBe(4);

    // Both members are told (content_update without kind, base_version 1): one applies Alice's
    // two operations again on top of it; the other meets a 409 and takes that version.
    const told = { kind: 'replacement' as const, baseVersion: 1 };
    await Promise.all([alice.lifecycle.remoteUpdate(4, told), bob.lifecycle.remoteUpdate(4, told)]);
    await alice.lifecycle.remoteUpdate(5, { kind: 'operations', baseVersion: 4 });
    await bob.lifecycle.remoteUpdate(5, { kind: 'operations', baseVersion: 4 });

    const expected = ['From the REST client', 'Alice one', 'Alice two'];
    for (const lifecycle of [alice.lifecycle, bob.lifecycle]) {
      expect(lifecycle.getState().version).toBe(5);
      expect([...titles(lifecycle)].sort()).toEqual([...expected].sort());
    }
    // The server holds it too (its envelope may lag: catch up like a member).
    const carol = tabOf('bob');
    await carol.lifecycle.load();
    expect([...titles(carol.lifecycle)].sort()).toEqual([...expected].sort());
    expect(carol.lifecycle.getState().version).toBe(5);
    for (const tab of [alice, bob, carol]) tab.lifecycle.dispose();
  });

  it('opens a board whose envelope is more changes behind than one catch-up answers', async () => {
    const alice = tabOf('alice');
    await alice.lifecycle.load();
    alice.lifecycle.dispose();
    // A script saves 105 cards as operations alone and never uploads a snapshot.
    const script = harness.caller(tokens.alice);
    const key = await deriveOperationsKey(space.key, space.name);
    const board = tools.kanban.parse(
      await decryptJson(
        (await script.content.get({ space_name: space.name, tool })).encrypted_data,
        space.key,
      ),
    );
    const phaseId = board.phases[0]?.id ?? '';
    const added = Array.from({ length: 105 }, (_, index) => `Scripted ${index + 1}`);
    for (const [index, title] of added.entries()) {
      const operation = tools.kanban.createOperation(
        { type: 'addIssue', phaseId, issue: { title }, createdBy: 'script' },
        { id: `script-${index}`, at: new Date().toISOString(), by: 'alice' },
      );
      await script.content.save({
        space_name: space.name,
        tool,
        metadata: { version: index + 1 },
        operations: [await encryptOperation(operation, key)],
      });
    }
    expect(await stored()).toMatchObject({ snapshotVersion: 1, current: 106 });

    const bob = tabOf('bob');
    await bob.lifecycle.load();
    expect(bob.lifecycle.getState().version).toBe(106);
    expect(titles(bob.lifecycle)).toHaveLength(105);
    // Bob's tab stores the rebuilt version whole, so the next load is short.
    await expect.poll(async () => (await stored()).snapshotVersion).toBe(106);
    bob.lifecycle.dispose();
  });
});
