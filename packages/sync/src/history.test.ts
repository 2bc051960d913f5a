import { describe, expect, it } from 'vitest';

import {
  groupByDay,
  historyRebuildOf,
  loadTimeline,
  openNewest,
  type HistoryRebuild,
  type HistoryRebuildWire,
  type HistorySource,
} from './history.ts';
import { serializeOperation, tools } from '@cipherspace/tools';
import { testContext } from '@cipherspace/tools/testing';
import type { KanbanContent, TrackerOperation } from '@cipherspace/tools/tracker';

const kanban = tools.kanban;
const stamp = (n: number) => ({
  id: `op-${String(n)}`,
  at: `2026-11-2${String(n)}T10:00:00.000Z`,
  by: 'ann',
});

/**
 * A server's history of a Kanban board, kept as the server keeps it but readable without a key
 * (JSON instead of envelopes): version 1 is the default board (a snapshot), 2 adds a card, 3
 * moves it, 4 is a third-party replacement (a snapshot, no operations), 5 renames the card.
 */
function keptHistory() {
  const board = kanban.stamp(kanban.defaultContent(testContext()), {
    version: 1,
    lastModified: stamp(1).at,
  });
  const [backlog, todo] = board.phases;
  if (!backlog || !todo) throw new Error('no phases');
  const operations: Record<number, TrackerOperation> = {
    2: { type: 'addIssue', phaseId: backlog.id, issue: { title: 'Login bug' }, createdBy: 'ann' },
    3: { type: 'moveIssue', issueId: 'op-2', toPhaseId: todo.id },
    5: { type: 'updateIssue', issueId: 'op-2', changes: { title: 'Login bug (Safari)' } },
  };
  const snapshots = new Map<number, KanbanContent>([[1, board]]);
  const changes: HistoryRebuild['changes'][number][] = [];
  let content = board;
  for (let version = 2; version <= 5; version++) {
    const operation = operations[version];
    if (operation) {
      const serialised = kanban.createOperation(operation, stamp(version));
      content = kanban.apply(content, serialised);
      changes.push({ version, kind: 'operations', operations: [serializeOperation(serialised)] });
    } else {
      content = { ...content, title: 'Imported board', version };
      snapshots.set(version, content);
      changes.push({ version, kind: 'replacement', operations: null });
    }
  }
  const calls: string[] = [];
  const source: HistorySource = {
    list: ({ before, limit }) => {
      calls.push(`list ${String(before)} ${String(limit)}`);
      const versions = [5, 4, 3, 2, 1]
        .filter((v) => before === undefined || v < before)
        .slice(0, limit)
        .map((version) => ({
          version,
          kind: version === 4 ? ('replacement' as const) : ('operations' as const),
          modifiedBy: 'ann',
          modifiedAt: stamp(version).at,
          sizeBytes: 100,
        }));
      return Promise.resolve({ versions, currentVersion: 5, oldestVersion: 1 });
    },
    version: (version, from) => {
      calls.push(`version ${String(version)} ${String(from)}`);
      const start = Math.min(version, from ?? version);
      const baseVersion = Math.max(...[...snapshots.keys()].filter((v) => v <= start));
      const base = snapshots.get(baseVersion);
      return Promise.resolve({
        base: { version: baseVersion, encryptedData: JSON.stringify(base) },
        changes: changes.filter((c) => c.version > baseVersion && c.version <= version),
      });
    },
  };
  const codec = {
    decrypt: (envelope: string) => Promise.resolve(JSON.parse(envelope) as unknown),
    decryptOperation: (envelope: string) => Promise.resolve(JSON.parse(envelope) as unknown),
  };
  return { source, codec, calls, final: content };
}

describe('loadTimeline', () => {
  /** `keptHistory` with the envelopes of `bad` versions (snapshot or operations) as garbage. */
  function withGarbage(bad: { snapshot?: number; operation?: number }) {
    const kept = keptHistory();
    const source: HistorySource = {
      list: (options) => kept.source.list(options),
      version: async (version, from) => {
        const answer = await kept.source.version(version, from);
        return {
          base:
            answer.base.version === bad.snapshot
              ? { ...answer.base, encryptedData: 'garbage' }
              : answer.base,
          changes: answer.changes.map((change) =>
            change.version === bad.operation ? { ...change, operations: ['garbage'] } : change,
          ),
        };
      },
    };
    return { ...kept, source };
  }

  it('lists a version whose operation does not open as unreadable and shows the others', async () => {
    const { source, codec } = withGarbage({ operation: 3 });
    const timeline = await loadTimeline('kanban', kanban, codec, source);
    expect(timeline.versions.map((v) => v.version)).toEqual([5, 4, 2, 1]);
    expect(timeline.unreadable.map((v) => [v.version, v.modifiedBy])).toEqual([[3, 'ann']]);
    expect(timeline.versions[0]?.activity[0]?.action).toBe('updateIssue');
  });

  it('lists a snapshot that does not open as unreadable and rebuilds the later versions on the one before', async () => {
    const { source, codec } = withGarbage({ snapshot: 4 });
    const timeline = await loadTimeline('kanban', kanban, codec, source);
    expect(timeline.unreadable.map((v) => v.version)).toEqual([4]);
    expect(timeline.versions.map((v) => v.version)).toEqual([5, 3, 2, 1]);
    // Version 5 renamed the card on the board members could open: version 3's.
    const todo = timeline.versions[0]?.content.phases[1];
    expect(todo?.issues.map((issue) => issue.title)).toEqual(['Login bug (Safari)']);
  });

  it('finds the newest version that opens below one that does not (openNewest)', async () => {
    const { source, codec } = withGarbage({ snapshot: 4 });
    const opened = await openNewest(kanban, codec, source, 4);
    expect(opened?.version).toBe(3);
    expect(opened?.content.phases[1]?.issues.map((issue) => issue.title)).toEqual(['Login bug']);
    const broken = withGarbage({ operation: 3 });
    expect((await openNewest(kanban, broken.codec, broken.source, 3))?.version).toBe(2);
  });

  it('rebuilds every version of a page with its activity, newest first, in one rebuild call', async () => {
    const { source, codec, calls, final } = keptHistory();
    const timeline = await loadTimeline('kanban', kanban, codec, source);
    expect(timeline.versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(timeline.currentVersion).toBe(5);
    expect(timeline.olderBefore).toBeNull();
    const details = timeline.versions.map((v) => v.activity.map((entry) => entry.details));
    expect(details).toEqual([
      ['Updated issue "Login bug (Safari)"'],
      [],
      ['Moved issue "Login bug" from "Backlog" to "To Do"'],
      ['Added issue "Login bug" to phase "Backlog"'],
      [],
    ]);
    expect(timeline.versions[0]?.activity[0]).toMatchObject({
      userDisplayName: 'ann',
      timestamp: stamp(5).at,
      action: 'updateIssue',
    });
    // Each version's content is the board as it was after it; the newest is the current one.
    expect(timeline.versions[0]?.content.phases).toEqual(final.phases);
    expect(timeline.versions[1]?.content.title).toBe('Imported board');
    const todo = timeline.versions[2]?.content.phases[1];
    expect(todo?.issues.map((issue) => issue.title)).toEqual(['Login bug']);
    expect(timeline.versions[4]?.content.phases.every((p) => p.issues.length === 0)).toBe(true);
    // One page, one rebuild from before its oldest version; the replacement's own snapshot.
    expect(calls).toEqual(['list undefined 50', 'version 5 1', 'version 4 undefined']);
  });

  it('pages with before: the versions below it, rebuilt from the snapshot before them', async () => {
    const { source, codec, calls } = keptHistory();
    const first = await loadTimeline('kanban', kanban, codec, source, { limit: 2 });
    expect(first.versions.map((v) => v.version)).toEqual([5, 4]);
    expect(first.olderBefore).toBe(4);
    const older = await loadTimeline('kanban', kanban, codec, source, { before: 4, limit: 2 });
    expect(older.versions.map((v) => v.version)).toEqual([3, 2]);
    expect(older.versions[0]?.activity[0]?.action).toBe('moveIssue');
    expect(older.olderBefore).toBe(2);
    expect(calls).toContain('version 3 1');
  });

  it('answers an empty page for a tool without kept versions', async () => {
    const source: HistorySource = {
      list: () => Promise.resolve({ versions: [], currentVersion: 3, oldestVersion: 3 }),
      version: () => Promise.reject(new Error('not asked')),
    };
    const codec = {
      decrypt: () => Promise.reject(new Error()),
      decryptOperation: () => Promise.reject(new Error()),
    };
    expect(await loadTimeline('kanban', kanban, codec, source)).toEqual({
      versions: [],
      unreadable: [],
      currentVersion: 3,
      olderBefore: null,
    });
  });
});

describe('historyRebuildOf', () => {
  it("maps the server's answer for a version to the rebuild, changes in its order", () => {
    // As REST sends it (JSON text); `modified_at` and `next_after` are not part of the rebuild.
    const answer = JSON.parse(`{
      "version": 4,
      "base": { "version": 2, "encrypted_data": "snapshot-2" },
      "changes": [
        { "version": 3, "kind": "operations", "operations": ["op-a", "op-b"],
          "modified_by": "ann", "modified_at": "2026-11-23T10:00:00Z" },
        { "version": 4, "kind": "replacement", "operations": null,
          "modified_by": "bob", "modified_at": "2026-11-24T10:00:00Z" }
      ],
      "next_after": 4
    }`) as HistoryRebuildWire;
    expect(historyRebuildOf(answer)).toEqual({
      base: { version: 2, encryptedData: 'snapshot-2' },
      changes: [
        { version: 3, kind: 'operations', operations: ['op-a', 'op-b'], modified_by: 'ann' },
        { version: 4, kind: 'replacement', operations: null, modified_by: 'bob' },
      ],
    });
  });

  it('leaves out the author of a change the server sent none for', () => {
    const rebuild = historyRebuildOf({
      base: { version: 1, encrypted_data: 'snapshot-1' },
      changes: [{ version: 2, kind: 'operations', operations: ['op'] }],
    });
    expect(rebuild.changes[0]).toStrictEqual({
      version: 2,
      kind: 'operations',
      operations: ['op'],
    });
  });

  it('gives loadTimeline the same page as the rebuild the server answer carries', async () => {
    const kept = keptHistory();
    // The kept history as the server sends it over REST, read back through historyRebuildOf.
    const source: HistorySource = {
      list: (options) => kept.source.list(options),
      version: async (version, from) => {
        const rebuild = await kept.source.version(version, from);
        const wire = JSON.stringify({
          version,
          base: { version: rebuild.base.version, encrypted_data: rebuild.base.encryptedData },
          changes: rebuild.changes.map((change) => ({
            ...change,
            modified_by: 'ann',
            modified_at: stamp(change.version).at,
          })),
        });
        return historyRebuildOf(JSON.parse(wire) as HistoryRebuildWire);
      },
    };
    const expected = await loadTimeline('kanban', kanban, kept.codec, kept.source);
    expect(await loadTimeline('kanban', kanban, kept.codec, source)).toEqual(expected);
    expect(expected.versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('groupByDay', () => {
  it('groups consecutive versions of one local day, keeping their order', () => {
    const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
    const groups = groupByDay([
      { modifiedAt: at(26, 15), id: 'a' },
      { modifiedAt: at(26, 9), id: 'b' },
      { modifiedAt: at(25, 23), id: 'c' },
    ]);
    expect(groups.map((group) => [group.day, group.versions.map((v) => v.id)])).toEqual([
      ['2026-11-26', ['a', 'b']],
      ['2026-11-25', ['c']],
    ]);
  });
});
