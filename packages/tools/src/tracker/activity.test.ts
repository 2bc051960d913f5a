import { describe, expect, it } from 'vitest';

import { activityEntry, type ActivityActor } from './activity.ts';
import { defaultContent } from './defaults.ts';
import {
  addComment,
  addIssue,
  applyOperation,
  trackerOperations,
  type TrackerOperation,
} from './operations.ts';
import { type TrackerContent, type TrackerContext } from './types.ts';
import { testContext } from '../testing.ts';

const actor: ActivityActor = {
  userId: 'u1',
  userDisplayName: 'Ann',
  now: () => '2024-03-01T10:00:00.000Z',
  newId: () => 'log-1',
};

function setup(): { content: TrackerContent; ctx: TrackerContext; phaseId: (n: string) => string } {
  const ctx = testContext('fixed');
  let content: TrackerContent = defaultContent('kanban', ctx);
  const phaseId = (name: string): string => content.phases.find((p) => p.name === name)?.id ?? '';
  content = addIssue(
    content,
    { phaseId: phaseId('To Do'), issue: { title: 'Login', priority: 'Low' }, createdBy: 'ann' },
    ctx,
  );
  content = addComment(content, { issueId: 'id-7', content: 'first', createdBy: 'bob' }, ctx);
  return { content, ctx, phaseId };
}

function entryFor(operation: TrackerOperation) {
  const { content, ctx } = setup();
  const after = applyOperation(content, operation, ctx);
  return activityEntry(operation, actor, content, after);
}

describe('activityEntry (spec §3 Activity log entry)', () => {
  it('fills id, timestamp, user and action from the actor and the operation', () => {
    expect(entryFor({ type: 'addTeamMember', name: ' cy ' })).toEqual({
      id: 'log-1',
      tool: 'kanban',
      timestamp: '2024-03-01T10:00:00.000Z',
      userId: 'u1',
      userDisplayName: 'Ann',
      action: 'addTeamMember',
      entityType: 'team',
      entityId: 'cy',
      details: 'Added team member "cy"',
      oldValue: null,
      newValue: 'cy',
      params: { name: 'cy' },
    });
  });

  it('addPhase: the new phase', () => {
    expect(entryFor({ type: 'addPhase', name: 'Blocked' })).toMatchObject({
      action: 'addPhase',
      entityType: 'phase',
      entityId: 'id-9',
      details: 'Added phase "Blocked"',
      oldValue: null,
      newValue: { id: 'id-9', name: 'Blocked', color: '#6c757d', issueCount: 0 },
      params: { name: 'Blocked' },
    });
  });

  it('updatePhase: only the changed fields', () => {
    const { phaseId } = setup();
    expect(
      entryFor({
        type: 'updatePhase',
        phaseId: phaseId('Testing'),
        changes: { name: 'QA', maxIssues: 3 },
      }),
    ).toMatchObject({
      entityType: 'phase',
      entityId: phaseId('Testing'),
      details: 'Updated phase "QA"',
      oldValue: { name: 'Testing', maxIssues: null },
      newValue: { name: 'QA', maxIssues: 3 },
      params: { name: 'QA', oldName: 'Testing' },
    });
  });

  it('deletePhase: the deleted phase', () => {
    const { phaseId } = setup();
    expect(entryFor({ type: 'deletePhase', phaseId: phaseId('To Do') })).toMatchObject({
      entityType: 'phase',
      details: 'Deleted phase "To Do" with 1 issues',
      oldValue: { name: 'To Do', issueCount: 1 },
      newValue: null,
      params: { name: 'To Do', count: 1 },
    });
  });

  it('movePhase and movePhaseTo: 1-based positions', () => {
    const { phaseId } = setup();
    expect(
      entryFor({ type: 'movePhase', phaseId: phaseId('Done'), direction: 'left' }),
    ).toMatchObject({
      action: 'movePhase',
      entityType: 'phase',
      details: 'Moved phase "Done" from position 5 to 4',
      oldValue: { position: 5 },
      newValue: { position: 4 },
      params: { name: 'Done', from: 5, to: 4 },
    });
    expect(entryFor({ type: 'movePhaseTo', phaseId: phaseId('Done'), toIndex: 0 })).toMatchObject({
      action: 'movePhaseTo',
      details: 'Moved phase "Done" from position 5 to 1',
    });
  });

  it('addIssue: the new issue', () => {
    const { phaseId } = setup();
    expect(
      entryFor({
        type: 'addIssue',
        phaseId: phaseId('Backlog'),
        issue: { title: 'Docs' },
        createdBy: 'ann',
      }),
    ).toMatchObject({
      entityType: 'issue',
      entityId: 'id-9',
      details: 'Added issue "Docs" to phase "Backlog"',
      oldValue: null,
      newValue: { id: 'id-9', title: 'Docs', type: 'Task' },
      params: { title: 'Docs', phase: 'Backlog' },
    });
  });

  it('updateIssue: only the changed fields', () => {
    expect(
      entryFor({
        type: 'updateIssue',
        issueId: 'id-7',
        changes: { priority: 'High', title: 'Login' },
      }),
    ).toEqual(
      expect.objectContaining({
        entityType: 'issue',
        entityId: 'id-7',
        details: 'Updated issue "Login"',
        oldValue: { priority: 'Low' },
        newValue: { priority: 'High' },
        params: { title: 'Login', oldTitle: 'Login' },
      }),
    );
  });

  it('deleteIssue: the deleted issue', () => {
    expect(entryFor({ type: 'deleteIssue', issueId: 'id-7' })).toMatchObject({
      entityType: 'issue',
      details: 'Deleted issue "Login" from phase "To Do"',
      oldValue: { id: 'id-7', title: 'Login' },
      newValue: null,
      params: { title: 'Login', phase: 'To Do' },
    });
  });

  it('moveIssue: from and to phase', () => {
    const { phaseId } = setup();
    expect(
      entryFor({ type: 'moveIssue', issueId: 'id-7', toPhaseId: phaseId('Done') }),
    ).toMatchObject({
      entityType: 'issue',
      entityId: 'id-7',
      details: 'Moved issue "Login" from "To Do" to "Done"',
      oldValue: { phaseId: phaseId('To Do'), phaseName: 'To Do', order: 0 },
      newValue: { phaseId: phaseId('Done'), phaseName: 'Done', order: 0 },
      params: { title: 'Login', from: 'To Do', to: 'Done' },
    });
  });

  it('archiveIssues: the phase and the titles archived, one or other', () => {
    const { content, ctx, phaseId } = setup();
    const todo = phaseId('To Do');
    expect(entryFor({ type: 'archiveIssues', phaseId: todo, issueIds: ['id-7'] })).toMatchObject({
      action: 'archiveIssues',
      entityType: 'phase',
      entityId: todo,
      details: 'Archived 1 issues of phase "To Do"',
      oldValue: null,
      newValue: { archived: ['Login'] },
      params: { phase: 'To Do', count: 1 },
      variant: 'one',
    });
    const two = addIssue(
      content,
      { phaseId: todo, issue: { title: 'Logout' }, createdBy: 'ann' },
      ctx,
    );
    const op: TrackerOperation = {
      type: 'archiveIssues',
      phaseId: todo,
      issueIds: ['id-7', 'id-9'],
    };
    const after = applyOperation(two, op, ctx);
    expect(activityEntry(op, actor, two, after)).toMatchObject({
      params: { count: 2 },
      variant: 'other',
    });
    // Nothing left to archive: no entry.
    expect(activityEntry(op, actor, after, applyOperation(after, op, ctx))).toBeNull();
  });

  it('addComment and deleteComment: the comment', () => {
    expect(
      entryFor({ type: 'addComment', issueId: 'id-7', content: 'second', createdBy: 'cy' }),
    ).toMatchObject({
      entityType: 'comment',
      entityId: 'id-9',
      details: 'Commented on issue "Login"',
      oldValue: null,
      newValue: { id: 'id-9', content: 'second', createdBy: 'cy' },
      params: { title: 'Login' },
    });
    expect(entryFor({ type: 'deleteComment', issueId: 'id-7', commentId: 'id-8' })).toMatchObject({
      entityType: 'comment',
      entityId: 'id-8',
      details: 'Deleted a comment on issue "Login"',
      oldValue: { id: 'id-8', content: 'first', createdBy: 'bob' },
      newValue: null,
      params: { title: 'Login' },
    });
  });

  it('updateComment: the old and the new text', () => {
    expect(
      entryFor({
        type: 'updateComment',
        issueId: 'id-7',
        commentId: 'id-8',
        content: ' v2 ',
        by: 'BOB',
      }),
    ).toMatchObject({
      action: 'updateComment',
      entityType: 'comment',
      entityId: 'id-8',
      details: 'Edited a comment on issue "Login"',
      oldValue: { content: 'first' },
      newValue: { content: 'v2', editedAt: '2024-01-01T00:00:00.000Z' },
      params: { title: 'Login' },
    });
  });

  it('checklist operations: the item, on its issue', () => {
    const { content, ctx } = setup();
    const add: TrackerOperation = { type: 'addChecklistItem', issueId: 'id-7', text: ' Tests ' };
    const withItem = applyOperation(content, add, ctx);
    expect(activityEntry(add, actor, content, withItem)).toMatchObject({
      entityType: 'issue',
      entityId: 'id-7',
      details: 'Added checklist item "Tests" to issue "Login"',
      oldValue: null,
      newValue: { id: 'id-9', text: 'Tests', done: false },
      params: { title: 'Login', item: 'Tests' },
    });
    const rename: TrackerOperation = {
      type: 'updateChecklistItem',
      issueId: 'id-7',
      itemId: 'id-9',
      changes: { text: 'Unit tests', done: false },
    };
    expect(
      activityEntry(rename, actor, withItem, applyOperation(withItem, rename, ctx)),
    ).toMatchObject({
      details: 'Updated checklist item "Unit tests" of issue "Login"',
      oldValue: { text: 'Tests' },
      newValue: { text: 'Unit tests' },
      params: { title: 'Login', item: 'Unit tests', oldItem: 'Tests' },
    });
    const remove: TrackerOperation = {
      type: 'deleteChecklistItem',
      issueId: 'id-7',
      itemId: 'id-9',
    };
    const removed = activityEntry(remove, actor, withItem, applyOperation(withItem, remove, ctx));
    expect(removed).toMatchObject({
      details: 'Deleted checklist item "Tests" of issue "Login"',
      oldValue: { id: 'id-9', text: 'Tests', done: false },
      newValue: null,
      params: { title: 'Login', item: 'Tests' },
    });
    expect(removed).not.toHaveProperty('variant');
  });

  it('setTagColor: the tag and its old and new colour', () => {
    expect(entryFor({ type: 'setTagColor', tag: ' UI ', color: '#AABBCC' })).toMatchObject({
      entityType: 'settings',
      entityId: 'ui',
      details: 'Set the colour of tag "ui" to #aabbcc',
      oldValue: null,
      newValue: '#aabbcc',
      params: { tag: 'ui', color: '#aabbcc' },
    });
  });

  it('updateSettings: the ticket settings that changed, in Issue Management', () => {
    const ctx = testContext('fixed');
    const content = defaultContent('ticket', ctx);
    const operation: TrackerOperation = {
      type: 'updateSettings',
      changes: { showTicketNumbers: false, autoAssignCreator: false },
    };
    const after = applyOperation(content, operation, ctx);
    expect(activityEntry(operation, actor, content, after)).toMatchObject({
      tool: 'ticket-system',
      action: 'updateSettings',
      entityType: 'settings',
      details: 'Changed the settings',
      oldValue: { showTicketNumbers: true },
      newValue: { showTicketNumbers: false },
    });
    expect(activityEntry(operation, actor, after, after)).toBeNull();
  });

  it('gives null when the operation changed nothing', () => {
    const { phaseId } = setup();
    expect(entryFor({ type: 'addTeamMember', name: '  ' })).toBeNull();
    expect(
      entryFor({ type: 'moveIssue', issueId: 'id-7', toPhaseId: phaseId('To Do') }),
    ).toBeNull();
    expect(entryFor({ type: 'deleteComment', issueId: 'id-7', commentId: 'gone' })).toBeNull();
    expect(
      entryFor({
        type: 'updateIssue',
        issueId: 'id-7',
        changes: { title: 'Login', priority: 'Low' },
      }),
    ).toBeNull();
    expect(
      entryFor({ type: 'updatePhase', phaseId: phaseId('Done'), changes: { name: 'Done' } }),
    ).toBeNull();
  });
});

describe("the variant of an entry's sentence (activityMessageKey)", () => {
  // The variant of `operation`'s entry on `content`; null when the entry has no `variant` key.
  function variantOf(operation: TrackerOperation, content = setup().content): unknown {
    const entry = activityEntry(
      operation,
      actor,
      content,
      applyOperation(content, operation, testContext('fixed')),
    );
    expect(entry).not.toBeNull();
    return entry !== null && 'variant' in entry ? entry.variant : null;
  }

  it('updatePhase: renamed when the name changed, else none', () => {
    const { phaseId } = setup();
    const testing = phaseId('Testing');
    expect(variantOf({ type: 'updatePhase', phaseId: testing, changes: { name: 'QA' } })).toBe(
      'renamed',
    );
    expect(
      variantOf({
        type: 'updatePhase',
        phaseId: testing,
        changes: { name: 'Testing', color: '#000' },
      }),
    ).toBeNull();
  });

  it('deletePhase: one for a phase with one issue, other for none or more', () => {
    const { content, ctx, phaseId } = setup();
    expect(variantOf({ type: 'deletePhase', phaseId: phaseId('To Do') })).toBe('one');
    expect(variantOf({ type: 'deletePhase', phaseId: phaseId('Backlog') })).toBe('other');
    const two = addIssue(
      content,
      { phaseId: phaseId('To Do'), issue: { title: 'Logout' }, createdBy: 'ann' },
      ctx,
    );
    expect(variantOf({ type: 'deletePhase', phaseId: phaseId('To Do') }, two)).toBe('other');
  });

  it('updateIssue: renamed when the title changed, else none', () => {
    expect(variantOf({ type: 'updateIssue', issueId: 'id-7', changes: { title: 'Sign in' } })).toBe(
      'renamed',
    );
    expect(
      variantOf({
        type: 'updateIssue',
        issueId: 'id-7',
        changes: { title: 'Login', priority: 'High' },
      }),
    ).toBeNull();
  });

  it('updateIssue: archived or restored when only that flag changed', () => {
    const { content, ctx } = setup();
    const archive: TrackerOperation = {
      type: 'updateIssue',
      issueId: 'id-7',
      changes: { archived: true },
    };
    expect(variantOf(archive)).toBe('archived');
    const archived = applyOperation(content, archive, ctx);
    expect(
      variantOf({ type: 'updateIssue', issueId: 'id-7', changes: { archived: false } }, archived),
    ).toBe('restored');
    expect(
      variantOf({ type: 'updateIssue', issueId: 'id-7', changes: { archived: true, title: 'X' } }),
    ).toBe('renamed');
    expect(
      variantOf({
        type: 'updateIssue',
        issueId: 'id-7',
        changes: { archived: true, dueDate: '2024-05-01' },
      }),
    ).toBeNull();
  });

  it('updateChecklistItem: checked or unchecked when only done changed; setTagColor: removed', () => {
    const { content, ctx } = setup();
    const withItem = applyOperation(
      content,
      { type: 'addChecklistItem', issueId: 'id-7', text: 'Tests' },
      ctx,
    );
    const tick = (done: boolean, text?: string): TrackerOperation => ({
      type: 'updateChecklistItem',
      issueId: 'id-7',
      itemId: 'id-9',
      changes: text === undefined ? { done } : { done, text },
    });
    expect(variantOf(tick(true), withItem)).toBe('checked');
    const ticked = applyOperation(withItem, tick(true), ctx);
    expect(variantOf(tick(false), ticked)).toBe('unchecked');
    expect(variantOf(tick(true, 'More tests'), withItem)).toBeNull();
    const colored = applyOperation(
      content,
      { type: 'setTagColor', tag: 'ui', color: '#000000' },
      ctx,
    );
    expect(variantOf({ type: 'setTagColor', tag: 'UI', color: null }, colored)).toBe('removed');
    expect(variantOf({ type: 'setTagColor', tag: 'ui', color: '#ffffff' }, colored)).toBeNull();
  });

  it('moveIssue: reordered within its phase, none when moved to another', () => {
    const { content, ctx, phaseId } = setup();
    const todo = phaseId('To Do');
    const two = addIssue(
      content,
      { phaseId: todo, issue: { title: 'Logout' }, createdBy: 'ann' },
      ctx,
    );
    expect(
      variantOf({ type: 'moveIssue', issueId: 'id-7', toPhaseId: todo, toIndex: 1 }, two),
    ).toBe('reordered');
    expect(
      variantOf({ type: 'moveIssue', issueId: 'id-7', toPhaseId: phaseId('Done') }),
    ).toBeNull();
  });

  it('leaves it out for every other operation', () => {
    const { phaseId } = setup();
    const others: TrackerOperation[] = [
      { type: 'addPhase', name: 'Blocked' },
      { type: 'movePhase', phaseId: phaseId('Done'), direction: 'left' },
      { type: 'movePhaseTo', phaseId: phaseId('Done'), toIndex: 0 },
      { type: 'addIssue', phaseId: phaseId('Backlog'), issue: { title: 'Docs' }, createdBy: 'ann' },
      { type: 'deleteIssue', issueId: 'id-7' },
      { type: 'addComment', issueId: 'id-7', content: 'second', createdBy: 'cy' },
      { type: 'deleteComment', issueId: 'id-7', commentId: 'id-8' },
      { type: 'updateComment', issueId: 'id-7', commentId: 'id-8', content: 'x', by: 'bob' },
      { type: 'addChecklistItem', issueId: 'id-7', text: 'Tests' },
      { type: 'addTeamMember', name: 'cy' },
    ];
    for (const operation of others) {
      expect(entryFor(operation), operation.type).not.toHaveProperty('variant');
    }
    const ticket = defaultContent('ticket', testContext('fixed'));
    const settings: TrackerOperation = {
      type: 'updateSettings',
      changes: { showTicketNumbers: false },
    };
    expect(variantOf(settings, ticket)).toBeNull();
    // deleteChecklistItem needs an item: see the checklist entries above.
    const withVariant = [
      'updatePhase',
      'deletePhase',
      'updateIssue',
      'moveIssue',
      'archiveIssues',
      'updateChecklistItem',
      'setTagColor',
      'deleteChecklistItem',
    ];
    expect([...others.map((op) => op.type), 'updateSettings', ...withVariant].sort()).toEqual(
      [...trackerOperations.names].sort(),
    );
  });
});
