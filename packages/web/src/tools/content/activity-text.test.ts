import {
  activityOf,
  getTool,
  TOOL_NAMES,
  type ActivityLogEntry,
  type NamedOperation,
  type Operation,
  type OperationStamp,
  type ToolDefinition,
  type ToolName,
} from '@cipherspace/tools';
import type { BulletinContent } from '@cipherspace/tools/bulletin';
import type { DiagramCollection } from '@cipherspace/tools/diagrams';
import type { RandomizerContent } from '@cipherspace/tools/randomizer';
import { deepFreeze, overTheWire, testContext } from '@cipherspace/tools/testing';
import type { TrackerContent } from '@cipherspace/tools/tracker';
import { describe, expect, it } from 'vitest';

import { activityText } from './activity-text.ts';

type Op = NamedOperation & Record<string, unknown>;

/**
 * One operation on a tool's default content: `before` are applied first (to have an issue, a
 * vote, a running draw…); `name` is the entity's name the sentence must contain, if it has one.
 */
interface Case {
  before?: (content: unknown) => Op[];
  op: (content: unknown) => Op;
  name?: (after: unknown) => string;
}

function phaseId(content: unknown, name: string): string {
  return (content as TrackerContent).phases.find((phase) => phase.name === name)?.id ?? '';
}

// The tracker's operations, on Kanban or Issue Management ('middle' is a phase both have).
function trackerCases(middle: string): Record<string, Case> {
  const withIssue = (content: unknown): Op[] => [
    {
      type: 'addIssue',
      phaseId: phaseId(content, 'To Do'),
      issue: { title: 'Login bug' },
      createdBy: 'ann',
    },
    { type: 'addComment', issueId: 'op-1', content: 'Seen on Safari', createdBy: 'ben' },
  ];
  const loginBug = () => 'Login bug';
  return {
    addPhase: { op: () => ({ type: 'addPhase', name: 'Blocked' }), name: () => 'Blocked' },
    updatePhase: {
      op: (c) => ({ type: 'updatePhase', phaseId: phaseId(c, middle), changes: { name: 'QA' } }),
      name: () => 'QA',
    },
    deletePhase: {
      before: withIssue,
      op: (c) => ({ type: 'deletePhase', phaseId: phaseId(c, 'To Do') }),
      name: () => 'To Do',
    },
    movePhase: {
      op: (c) => ({ type: 'movePhase', phaseId: phaseId(c, 'Done'), direction: 'left' }),
      name: () => 'Done',
    },
    movePhaseTo: {
      op: (c) => ({ type: 'movePhaseTo', phaseId: phaseId(c, 'Done'), toIndex: 0 }),
      name: () => 'Done',
    },
    addIssue: {
      op: (c) => ({
        type: 'addIssue',
        phaseId: phaseId(c, 'Backlog'),
        issue: { title: 'Docs' },
        createdBy: 'ann',
      }),
      name: () => 'Docs',
    },
    updateIssue: {
      before: withIssue,
      op: () => ({ type: 'updateIssue', issueId: 'op-1', changes: { priority: 'High' } }),
      name: loginBug,
    },
    deleteIssue: {
      before: withIssue,
      op: () => ({ type: 'deleteIssue', issueId: 'op-1' }),
      name: loginBug,
    },
    moveIssue: {
      before: withIssue,
      op: (c) => ({ type: 'moveIssue', issueId: 'op-1', toPhaseId: phaseId(c, 'In Progress') }),
      name: loginBug,
    },
    archiveIssues: {
      before: withIssue,
      op: (c) => ({ type: 'archiveIssues', phaseId: phaseId(c, 'To Do'), issueIds: ['op-1'] }),
      name: () => 'To Do',
    },
    addComment: {
      before: withIssue,
      op: () => ({ type: 'addComment', issueId: 'op-1', content: 'Fixed?', createdBy: 'ann' }),
      name: loginBug,
    },
    deleteComment: {
      before: withIssue,
      op: () => ({ type: 'deleteComment', issueId: 'op-1', commentId: 'op-2' }),
      name: loginBug,
    },
    updateComment: {
      before: withIssue,
      op: () => ({
        type: 'updateComment',
        issueId: 'op-1',
        commentId: 'op-2',
        content: 'Seen on Firefox',
        by: 'ben',
      }),
      name: loginBug,
    },
    addChecklistItem: {
      before: withIssue,
      op: () => ({ type: 'addChecklistItem', issueId: 'op-1', text: 'Reproduce' }),
      name: () => 'Reproduce',
    },
    updateChecklistItem: {
      before: (c) => [
        ...withIssue(c),
        { type: 'addChecklistItem', issueId: 'op-1', text: 'Reproduce' },
      ],
      op: () => ({
        type: 'updateChecklistItem',
        issueId: 'op-1',
        itemId: 'op-3',
        changes: { done: true },
      }),
      name: () => 'Reproduce',
    },
    deleteChecklistItem: {
      before: (c) => [
        ...withIssue(c),
        { type: 'addChecklistItem', issueId: 'op-1', text: 'Reproduce' },
      ],
      op: () => ({ type: 'deleteChecklistItem', issueId: 'op-1', itemId: 'op-3' }),
      name: () => 'Reproduce',
    },
    setTagColor: {
      op: () => ({ type: 'setTagColor', tag: 'UI', color: '#1a2b3c' }),
      name: () => 'ui',
    },
    addTeamMember: { op: () => ({ type: 'addTeamMember', name: 'Cy' }), name: () => 'Cy' },
    updateSettings: {
      op: () => ({ type: 'updateSettings', changes: { showTicketNumbers: false } }),
    },
  };
}

function welcomeNote(content: unknown): { id: string; title: string } {
  const post = (content as BulletinContent).posts[0];
  return { id: post?.id ?? '', title: post?.title ?? '' };
}

function firstDiagram(content: unknown): { id: string; name: string } {
  const diagram = (content as DiagramCollection).diagrams[0];
  return { id: diagram?.id ?? '', name: diagram?.name ?? '' };
}

const CASES: Readonly<Record<ToolName, Readonly<Record<string, Case>>>> = {
  kanban: trackerCases('Testing'),
  'ticket-system': trackerCases('Review'),
  bulletin: {
    addPost: {
      op: () => ({
        type: 'addPost',
        post: { title: 'Retro', position: { x: 9, y: 9 } },
        author: 'a',
      }),
      name: () => 'Retro',
    },
    updatePost: {
      op: (c) => ({ type: 'updatePost', postId: welcomeNote(c).id, changes: { priority: 'High' } }),
      name: (after) => welcomeNote(after).title,
    },
    deletePost: {
      op: (c) => ({ type: 'deletePost', postId: welcomeNote(c).id }),
      name: () => 'Welcome to the Pinboard!',
    },
    movePost: {
      op: (c) => ({ type: 'movePost', postId: welcomeNote(c).id, position: { x: 50, y: 50 } }),
      name: (after) => welcomeNote(after).title,
    },
  },
  diagrams: {
    createDiagram: {
      op: () => ({ type: 'createDiagram', diagramId: 'd-2', name: 'Flow', modifiedBy: 'ann' }),
      name: () => 'Flow',
    },
    renameDiagram: {
      op: (c) => ({
        type: 'renameDiagram',
        diagramId: firstDiagram(c).id,
        name: 'Architecture',
        modifiedBy: 'ann',
      }),
      name: () => 'Architecture',
    },
    deleteDiagram: {
      before: () => [{ type: 'createDiagram', diagramId: 'd-2', name: 'Flow', modifiedBy: 'ann' }],
      op: () => ({ type: 'deleteDiagram', diagramId: 'd-2', modifiedBy: 'ann' }),
      name: () => 'Flow',
    },
    updateDiagramXml: {
      op: (c) => ({
        type: 'updateDiagramXml',
        diagramId: firstDiagram(c).id,
        diagramXml: '<mxGraphModel><root/></mxGraphModel>',
        modifiedBy: 'ann',
      }),
      name: (after) => firstDiagram(after).name,
    },
  },
  poker: {
    submitVote: { op: () => ({ type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' }) },
    clearVote: {
      before: () => [{ type: 'submitVote', userId: 'ann', username: 'Ann', value: '5' }],
      op: () => ({ type: 'clearVote', userId: 'ann' }),
    },
    reveal: { op: () => ({ type: 'reveal' }) },
    hide: { before: () => [{ type: 'reveal' }], op: () => ({ type: 'hide' }) },
    reset: {
      before: () => [{ type: 'submitVote', userId: 'ben', username: 'Ben', value: '8' }],
      op: () => ({ type: 'reset' }),
    },
    changeScale: { op: () => ({ type: 'changeScale', scale: 'tshirt' }) },
    selectIssue: { op: () => ({ type: 'selectIssue', issueId: 'issue-1' }) },
    setTopic: { op: () => ({ type: 'setTopic', topic: 'Login page' }) },
    setAutoReveal: { op: () => ({ type: 'setAutoReveal', enabled: true }) },
    setSpectator: { op: () => ({ type: 'setSpectator', userId: 'ann', spectator: true }) },
    setCustomDeck: { op: () => ({ type: 'setCustomDeck', values: ['1', '2', '4'] }) },
    startTimer: { op: () => ({ type: 'startTimer' }) },
    pauseTimer: { before: () => [{ type: 'startTimer' }], op: () => ({ type: 'pauseTimer' }) },
    resetTimer: { before: () => [{ type: 'startTimer' }], op: () => ({ type: 'resetTimer' }) },
    recordResult: {
      op: () => ({ type: 'recordResult', issueId: 'issue-1', title: 'Login', estimate: '5' }),
    },
  },
  randomizer: {
    start: { op: () => ({ type: 'start', seed: 42 }) },
    // The draw's run id is its start operation's id, op-1.
    complete: {
      before: () => [{ type: 'start', seed: 42 }],
      op: () => ({ type: 'complete', runId: 'op-1' }),
      name: (after) => {
        const content = after as RandomizerContent;
        return content.options[content.selectedIndex ?? -1] ?? 'nothing drawn';
      },
    },
    editOptions: { op: () => ({ type: 'editOptions', text: 'Ann\nBen' }) },
    setMode: { op: () => ({ type: 'setMode', mode: 'allow' }) },
    resetUsed: {
      before: () => [
        { type: 'start', seed: 42 },
        { type: 'complete', runId: 'op-1' },
      ],
      op: () => ({ type: 'resetUsed' }),
    },
  },
};

function stamp(step: number): OperationStamp {
  return {
    id: `op-${step}`,
    at: new Date(Date.UTC(2024, 0, 1, 9, 0, step)).toISOString(),
    by: 'Ann',
  };
}

// A real entry: the tool's default content, the case's operations over the wire, activityOf.
function entryOf(name: ToolName, testCase: Case): { entry: ActivityLogEntry; after: unknown } {
  const tool = getTool(name) as ToolDefinition;
  let content: unknown = deepFreeze(tool.defaultContent(testContext('fixed')));
  let step = 0;
  for (const op of testCase.before?.(content) ?? []) {
    content = deepFreeze(tool.apply(content, overTheWire(tool, op, stamp(++step))));
  }
  const operation = overTheWire(tool, testCase.op(content), stamp(++step));
  const after = tool.apply(content, operation);
  const entry = activityOf(name, operation, { userId: 'u-ann' }, content, after);
  if (entry === null) throw new Error(`${name}.${operation.name} recorded nothing`);
  return { entry, after };
}

/**
 * A real entry of the generic `patch` (undo, restore: every tool has it), made by activityOf
 * before any tool reads its args: `changes` many changes that turned the default content into
 * other content.
 */
function patchEntryOf(name: ToolName, changes: number): ActivityLogEntry {
  const tool = getTool(name) as ToolDefinition;
  const before: unknown = deepFreeze(tool.defaultContent(testContext('fixed')));
  const after = { ...(before as object), lastModified: '2024-01-02T00:00:00.000Z' };
  const operation: Operation = {
    v: 1,
    tool: name,
    name: 'patch',
    args: { changes: Array.from({ length: changes }, () => ({ op: 'set', path: [] })) },
    ...stamp(1),
  };
  const entry = activityOf(name, operation, { userId: 'u-ann' }, before, after);
  if (entry === null) throw new Error(`${name}.patch recorded nothing`);
  return entry;
}

// A Kanban board refuses updateSettings (it has no ticket settings): no entry to word.
const EVERY_OPERATION = TOOL_NAMES.flatMap((name) =>
  (getTool(name)?.operations ?? []).map((operation): [ToolName, string] => [name, operation]),
).filter(([name, operation]) => !(name === 'kanban' && operation === 'updateSettings'));

describe('activityText (spec §3 Activity log entry, in English and German)', () => {
  it('has a case for every operation of every tool of the registry', () => {
    expect(EVERY_OPERATION.length).toBeGreaterThan(30);
    for (const [name, operation] of EVERY_OPERATION) {
      // The generic undo/restore, worded alike for every tool (patchEntryOf).
      if (operation === 'patch') continue;
      expect(Object.keys(CASES[name]), name).toContain(operation);
    }
  });

  it.each(EVERY_OPERATION)(
    '%s %s: one sentence in each language, naming the entity',
    (name, operation) => {
      const testCase: Case | undefined =
        operation === 'patch' ? { op: () => ({ type: 'patch' }) } : CASES[name][operation];
      if (!testCase) throw new Error(`no case for ${name}.${operation}`);
      const { entry, after } =
        operation === 'patch'
          ? { entry: patchEntryOf(name, 2), after: null }
          : entryOf(name, testCase);
      expect(entry).toMatchObject({ tool: name, action: operation });
      const en = activityText(entry, 'en');
      const de = activityText(entry, 'de');
      for (const text of [en, de]) {
        expect(text.startsWith('Ann ')).toBe(true);
        expect(text).not.toContain('undefined');
        expect(text).not.toMatch(/made a change|eine Änderung vorgenommen/);
        if (testCase.name) expect(text).toContain(testCase.name(after));
      }
      expect(en).not.toBe(de);
    },
  );

  it("words the issue's examples", () => {
    const moved = entryOf(
      'kanban',
      trackerCases('Testing').moveIssue ?? { op: () => ({ type: '' }) },
    );
    expect(activityText(moved.entry, 'en')).toBe("Ann moved 'Login bug' from To Do to In Progress");
    expect(activityText(moved.entry, 'de')).toBe(
      'Ann hat „Login bug“ von To Do nach In Progress verschoben',
    );
    // The same operation in Issue Management speaks of issues and phases.
    const ticket = { ...moved.entry, tool: 'ticket-system' as const };
    expect(activityText(ticket, 'en')).toBe(
      "Ann moved the issue 'Login bug' from To Do to In Progress",
    );
    const deleted: ActivityLogEntry = {
      ...moved.entry,
      userDisplayName: 'Ben',
      action: 'deletePhase',
      entityType: 'phase',
      params: { name: 'Testing', count: 4 },
      variant: 'other',
    };
    expect(activityText(deleted, 'en')).toBe("Ben deleted the column 'Testing' with 4 cards");
    expect(activityText(deleted, 'de')).toBe('Ben hat die Spalte „Testing“ mit 4 Karten gelöscht');
    expect(activityText({ ...deleted, tool: 'ticket-system' }, 'en')).toBe(
      "Ben deleted the phase 'Testing' with 4 issues",
    );
    const one = { ...deleted, params: { name: 'Testing', count: 1 }, variant: 'one' };
    expect(activityText(one, 'en')).toBe("Ben deleted the column 'Testing' with 1 card");
    expect(activityText({ ...one, tool: 'ticket-system' }, 'de')).toBe(
      'Ben hat die Phase „Testing“ mit 1 Issue gelöscht',
    );
  });

  it('tells a rename, a reorder within a column, a cleared selection and a scale apart', () => {
    const renamed = entryOf('kanban', {
      before: (c) => [
        { type: 'addIssue', phaseId: phaseId(c, 'To Do'), issue: { title: 'A' }, createdBy: 'a' },
      ],
      op: () => ({ type: 'updateIssue', issueId: 'op-1', changes: { title: 'B' } }),
    });
    expect(activityText(renamed.entry, 'en')).toBe("Ann renamed the card 'A' to 'B'");
    const reordered = entryOf('ticket-system', {
      before: (c) => [
        { type: 'addIssue', phaseId: phaseId(c, 'To Do'), issue: { title: 'A' }, createdBy: 'a' },
        { type: 'addIssue', phaseId: phaseId(c, 'To Do'), issue: { title: 'B' }, createdBy: 'a' },
      ],
      op: (c) => ({
        type: 'moveIssue',
        issueId: 'op-2',
        toPhaseId: phaseId(c, 'To Do'),
        toIndex: 0,
      }),
    });
    expect(activityText(reordered.entry, 'de')).toBe(
      'Ann hat das Issue „B“ innerhalb von To Do verschoben',
    );
    const cleared = entryOf('poker', {
      before: () => [{ type: 'selectIssue', issueId: 'i-1' }],
      op: () => ({ type: 'selectIssue', issueId: null }),
    });
    expect(activityText(cleared.entry, 'en')).toBe('Ann cleared the issue selection');
    const topic = entryOf('poker', { op: () => ({ type: 'setTopic', topic: ' Login page ' }) });
    expect(activityText(topic.entry, 'de')).toBe('Ann hat das Thema auf „Login page“ gesetzt');
    const noTopic = entryOf('poker', {
      before: () => [{ type: 'setTopic', topic: 'Login page' }],
      op: () => ({ type: 'setTopic', topic: '' }),
    });
    expect(activityText(noTopic.entry, 'en')).toBe('Ann cleared the topic');
    const scale = entryOf('poker', { op: () => ({ type: 'changeScale', scale: 'tshirt' }) });
    expect(activityText(scale.entry, 'de')).toBe('Ann hat die Skala auf T-Shirt-Größen umgestellt');
  });

  it("words an undo or restore ('patch'), a blank name, an unknown action or tool", () => {
    const { entry } = entryOf(
      'diagrams',
      CASES.diagrams.createDiagram ?? { op: () => ({ type: '' }) },
    );
    expect(activityText(patchEntryOf('kanban', 3), 'en')).toBe('Ann reverted 3 changes');
    expect(activityText(patchEntryOf('diagrams', 1), 'de')).toBe(
      'Ann hat 1 Änderung rückgängig gemacht',
    );
    expect(activityText({ ...entry, userDisplayName: ' ' }, 'de')).toBe(
      'Jemand hat das Diagramm „Flow“ erstellt',
    );
    expect(activityText({ ...entry, action: 'toString' }, 'en')).toBe('Ann made a change');
    expect(activityText({ ...entry, action: 'fold' }, 'de')).toBe(
      'Ann hat eine Änderung vorgenommen',
    );
    // An entry a newer client wrote for a tool this version does not have.
    const chess = JSON.parse(JSON.stringify({ ...entry, tool: 'chess' })) as ActivityLogEntry;
    expect(activityText(chess, 'en')).toBe('Ann made a change');
  });
});
