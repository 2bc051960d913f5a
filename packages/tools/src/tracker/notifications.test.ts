import { describe, expect, it } from 'vitest';

import { testContext } from '../testing.ts';
import { tools } from '../registry.ts';
import { dueRemindersFor, mentionsIn, notificationsFor } from './notifications.ts';
import type { KanbanContent, TrackerOperation } from './index.ts';

const kanban = tools.kanban;
let step = 0;
const apply = (content: KanbanContent, op: TrackerOperation, by = 'ann') =>
  kanban.apply(
    content,
    kanban.createOperation(op, { id: `op-${String(++step)}`, at: '2026-11-26T10:00:00.000Z', by }),
  );

function board() {
  let content = kanban.defaultContent(testContext());
  const [backlog, , , , done] = content.phases;
  if (!backlog || !done) throw new Error('phases');
  content = apply(content, {
    type: 'addIssue',
    phaseId: backlog.id,
    issue: { title: 'Login bug' },
    createdBy: 'ann',
  });
  const issue = content.phases[0]?.issues[0];
  if (!issue) throw new Error('issue');
  return { content, issue, done, backlog };
}

describe('notificationsFor', () => {
  it('tells a member when someone else assigns them an issue', () => {
    const { content, issue } = board();
    const after = apply(content, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { assignedPerson: 'ben' },
    });
    expect(notificationsFor('ben', 'ann', content, after)).toEqual([
      {
        kind: 'assigned',
        issueId: issue.id,
        issueTitle: 'Login bug',
        phaseName: 'Backlog',
        by: 'ann',
      },
    ]);
    // Nobody else, and not for one's own change or an unrelated edit afterwards.
    expect(notificationsFor('cleo', 'ann', content, after)).toEqual([]);
    expect(notificationsFor('ben', 'ben', content, after)).toEqual([]);
    const renamed = apply(after, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { title: 'Login' },
    });
    expect(notificationsFor('ben', 'ann', after, renamed)).toEqual([]);
  });

  it('tells a member when someone moves one of their issues into an end phase, once', () => {
    const { content, issue, done } = board();
    const mine = apply(content, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { assignedPerson: 'ben' },
    });
    const finished = apply(mine, { type: 'moveIssue', issueId: issue.id, toPhaseId: done.id });
    expect(notificationsFor('ben', 'ann', mine, finished)).toEqual([
      {
        kind: 'finished',
        issueId: issue.id,
        issueTitle: 'Login bug',
        phaseName: 'Done',
        by: 'ann',
      },
    ]);
    expect(notificationsFor('ann', 'cleo', mine, finished)).toEqual([]);
  });

  it('counts an undo or restore (patch) like any other change', () => {
    const { content, issue } = board();
    const assigned = apply(content, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { assignedPerson: 'ben' },
    });
    const unassigned = apply(assigned, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { assignedPerson: '' },
    });
    const redone = kanban.apply(
      unassigned,
      kanban.createOperation(kanban.patchBetween(unassigned, assigned), {
        id: 'undo-1',
        at: '2026-11-26T11:00:00.000Z',
        by: 'ann',
      }),
    );
    expect(notificationsFor('ben', 'ann', unassigned, redone).map((n) => n.kind)).toEqual([
      'assigned',
    ]);
  });
});

describe('mentions and names ignoring case', () => {
  it('mentionsIn: @name at a word boundary, ignoring case, in the members’ spelling, once', () => {
    const members = ['Ann', 'bo', 'ann.b', 'cy-2', 'Dee Dee'];
    expect(mentionsIn('@ANN and @bo, thanks @ann.', members)).toEqual(['Ann', 'bo']);
    expect(mentionsIn('ask @ann.b', members)).toEqual(['ann.b']);
    expect(mentionsIn('mail ann@bo.com or @annie or @bob', members)).toEqual([]);
    expect(mentionsIn('(@cy-2)', members)).toEqual(['cy-2']);
    expect(mentionsIn('@Dee Dee', members)).toEqual([]);
    expect(mentionsIn('no mention', members)).toEqual([]);
  });

  it('tells a member once per comment someone else adds or edits that mentions them', () => {
    const { content, issue } = board();
    const added = apply(
      content,
      { type: 'addComment', issueId: issue.id, content: 'ping @BEN', createdBy: 'cleo' },
      'cleo',
    );
    const commentId = added.phases[0]?.issues[0]?.comments[0]?.id ?? '';
    expect(notificationsFor('ben', 'cleo', content, added)).toEqual([
      {
        kind: 'mentioned',
        issueId: issue.id,
        issueTitle: 'Login bug',
        phaseName: 'Backlog',
        by: 'cleo',
        commentId,
      },
    ]);
    expect(notificationsFor('Cleo', 'cleo', content, added)).toEqual([]);
    expect(notificationsFor('ann', 'cleo', content, added)).toEqual([]);
    // Edited: a mention added later counts; an edit keeping it does not again.
    const edited = apply(
      added,
      {
        type: 'updateComment',
        issueId: issue.id,
        commentId,
        content: 'ping @ben @ann',
        by: 'cleo',
      },
      'cleo',
    );
    expect(notificationsFor('ann', 'cleo', added, edited).map((note) => note.kind)).toEqual([
      'mentioned',
    ]);
    const unrelated = apply(
      edited,
      {
        type: 'updateIssue',
        issueId: issue.id,
        changes: { title: 'Login' },
      },
      'cleo',
    );
    expect(notificationsFor('ben', 'cleo', edited, unrelated)).toEqual([]);
  });

  it('compares the member, the author of the change and the assignee ignoring case', () => {
    const { content, issue } = board();
    const after = apply(content, {
      type: 'updateIssue',
      issueId: issue.id,
      changes: { assignedPerson: 'Ben' },
    });
    expect(notificationsFor('ben', 'ann', content, after).map((note) => note.kind)).toEqual([
      'assigned',
    ]);
    expect(notificationsFor('ben', 'BEN', content, after)).toEqual([]);
  });
});

describe('dueRemindersFor (the daily reminder of a member’s due items)', () => {
  function dueBoard() {
    let content = kanban.defaultContent(testContext());
    const [todo, , , , done] = content.phases;
    if (!todo || !done) throw new Error('phases');
    const items: [string, string, string][] = [
      ['Late', 'Ann', '2024-03-01'],
      ['Today', 'ann', '2024-03-05'],
      ['Tomorrow', 'ann', '2024-03-06'],
      ['Not mine', 'bob', '2024-03-01'],
      ['Put away', 'ann', '2024-03-01'],
    ];
    for (const [title, assignedPerson, dueDate] of items)
      content = apply(content, {
        type: 'addIssue',
        phaseId: todo.id,
        issue: { title, assignedPerson, dueDate },
        createdBy: 'ann',
      });
    content = apply(content, {
      type: 'addIssue',
      phaseId: done.id,
      issue: { title: 'Finished', assignedPerson: 'ann', dueDate: '2024-03-01' },
      createdBy: 'ann',
    });
    const putAway = content.phases[0]?.issues.find((issue) => issue.title === 'Put away');
    content = apply(content, {
      type: 'archiveIssues',
      phaseId: todo.id,
      issueIds: [putAway?.id ?? ''],
    });
    return content;
  }

  it('reminds a member of their own overdue and due-today items, not done or archived ones', () => {
    const content = dueBoard();
    const reminders = dueRemindersFor(content, ' ANN ', '2024-03-05');
    expect(reminders.map(({ title, kind }) => [title, kind])).toEqual([
      ['Late', 'overdue'],
      ['Today', 'today'],
    ]);
    expect(dueRemindersFor(content, 'bob', '2024-03-05').map(({ title }) => title)).toEqual([
      'Not mine',
    ]);
    // A new day: tomorrow's item is due today, the others are overdue.
    expect(dueRemindersFor(content, 'ann', '2024-03-06').map(({ kind }) => kind)).toEqual([
      'overdue',
      'overdue',
      'today',
    ]);
  });

  it('leaves out what was shown today, and has nothing for a blank member', () => {
    const content = dueBoard();
    const [late] = dueRemindersFor(content, 'ann', '2024-03-05');
    const shown = new Set([late?.issueId ?? '']);
    expect(dueRemindersFor(content, 'ann', '2024-03-05', shown).map(({ title }) => title)).toEqual([
      'Today',
    ]);
    expect(dueRemindersFor(content, '  ', '2024-03-05')).toEqual([]);
  });
});
