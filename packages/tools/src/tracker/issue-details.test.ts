/**
 * Due dates, archiving, checklists, comment edits, tag colours and team members ignoring case
 * (./operations.ts): the rules, merging by field, and what each leaves alone.
 */
import { describe, expect, it } from 'vitest';

import { EditConflictError } from '../edits.ts';
import { expectInverseRestores } from '../patch-testing.ts';
import { deepFreeze, expectDomainError, stampOf, testContext, thrownBy } from '../testing.ts';
import { defaultContent } from './defaults.ts';
import {
  addChecklistItem,
  addComment,
  addIssue,
  addTeamMember,
  canMoveIssue,
  deleteChecklistItem,
  deleteComment,
  findIssue,
  isPhaseFull,
  moveIssue,
  setTagColor,
  tagColorOf,
  updateChecklistItem,
  updateComment,
  updateIssue,
  updatePhase,
  type TrackerOperation,
} from './operations.ts';
import { issueTitled, sampleBoard, trackerTool } from './test-board.ts';
import {
  TRACKER_MESSAGES,
  TrackerError,
  formatMessage,
  type Issue,
  type TrackerContent,
  type TrackerErrorCode,
} from './types.ts';
import { validateContent } from './validation.ts';

const ctx = testContext('fixed');

/** Asserts that `action` is refused with the TrackerError `code` and its English message. */
function refused(action: () => unknown, code: TrackerErrorCode): void {
  expectDomainError(TrackerError, action, code, formatMessage(TRACKER_MESSAGES[code]));
}

function phaseId(content: TrackerContent, name: string): string {
  return content.phases.find((phase) => phase.name === name)?.id ?? '';
}

function issue(content: TrackerContent, id: string): Issue {
  const found = findIssue(content, id)?.issue;
  if (!found) throw new Error(`no issue ${id}`);
  return found;
}

/** A Kanban board with issue `a` (by ann, with bo's comment `c`) in To Do. */
function board(): { content: TrackerContent; a: string; c: string } {
  let content: TrackerContent = defaultContent('kanban', ctx);
  content = addIssue(
    content,
    { phaseId: phaseId(content, 'To Do'), issue: { title: 'A' }, createdBy: 'ann' },
    ctx,
  );
  const a = content.phases[1]?.issues[0]?.id ?? '';
  content = addComment(content, { issueId: a, content: 'first', createdBy: 'bo' }, ctx);
  const c = issue(content, a).comments[0]?.id ?? '';
  return { content: deepFreeze(content), a, c };
}

describe('due dates', () => {
  it('are set on add and edit as YYYY-MM-DD, trimmed; blank means none', () => {
    const { content, a } = board();
    const added = addIssue(
      content,
      {
        phaseId: phaseId(content, 'Backlog'),
        issue: { title: 'B', dueDate: ' 2024-02-29 ' },
        createdBy: 'ann',
      },
      ctx,
    );
    expect(added.phases[0]?.issues[0]?.dueDate).toBe('2024-02-29');
    const none = addIssue(
      content,
      { phaseId: phaseId(content, 'Backlog'), issue: { title: 'B', dueDate: '' }, createdBy: 'a' },
      ctx,
    );
    expect(none.phases[0]?.issues[0]).not.toHaveProperty('dueDate');
    const dated = updateIssue(content, { issueId: a, changes: { dueDate: '2024-05-31' } });
    expect(issue(dated, a).dueDate).toBe('2024-05-31');
    for (const cleared of [null, ' ']) {
      const after = updateIssue(dated, { issueId: a, changes: { dueDate: cleared } });
      expect(issue(after, a)).not.toHaveProperty('dueDate');
    }
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '31.05.2024', '2024-5-1', 'soon'])(
    'refuses %j with INVALID_DUE_DATE',
    (dueDate) => {
      const { content, a } = board();
      refused(() => updateIssue(content, { issueId: a, changes: { dueDate } }), 'INVALID_DUE_DATE');
      refused(
        () =>
          addIssue(
            content,
            { phaseId: phaseId(content, 'To Do'), issue: { title: 'X', dueDate }, createdBy: 'a' },
            ctx,
          ),
        'INVALID_DUE_DATE',
      );
    },
  );

  it('merge by field: a teammate’s due date is kept, a different one is a conflict', () => {
    const { content, a } = board();
    const theirs = updateIssue(content, { issueId: a, changes: { dueDate: '2024-06-01' } });
    const mine = updateIssue(theirs, {
      issueId: a,
      changes: { priority: 'High' },
      from: { priority: 'none' },
    });
    expect(issue(mine, a)).toMatchObject({ priority: 'High', dueDate: '2024-06-01' });
    expect(() =>
      updateIssue(theirs, { issueId: a, changes: { dueDate: '2024-07-01' }, from: {} }),
    ).toThrow(EditConflictError);
    // Clearing a date nobody set is no change at all.
    expect(updateIssue(content, { issueId: a, changes: { dueDate: null }, from: {} })).toBe(
      content,
    );
  });
});

describe('archived issues', () => {
  it('archive and restore; the flag is absent when not archived', () => {
    const { content, a } = board();
    const archived = updateIssue(content, { issueId: a, changes: { archived: true } });
    expect(issue(archived, a).archived).toBe(true);
    const restored = updateIssue(archived, {
      issueId: a,
      changes: { archived: false },
      from: { archived: true },
    });
    expect(issue(restored, a)).not.toHaveProperty('archived');
    expect(restored).toEqual(content);
    // Restoring an issue that is on the board already changes nothing.
    expect(updateIssue(content, { issueId: a, changes: { archived: false }, from: {} })).toBe(
      content,
    );
  });

  it('do not count against maxIssues: a hidden card never blocks its column', () => {
    const { content, a } = board();
    const todo = phaseId(content, 'To Do');
    const archived = updateIssue(content, { issueId: a, changes: { archived: true } });
    const limited = updatePhase(archived, { phaseId: todo, changes: { maxIssues: 0 } });
    const column = limited.phases.find((phase) => phase.id === todo);
    expect(column && isPhaseFull(column)).toBe(true);
    expect(validateContent(limited)).toEqual([]);
    // The archived card may move into a full column; a card on the board may not.
    const withOne = updatePhase(archived, { phaseId: todo, changes: { maxIssues: 1 } });
    const other = addIssue(
      withOne,
      { phaseId: phaseId(withOne, 'Backlog'), issue: { title: 'B' }, createdBy: 'ann' },
      ctx,
    );
    const full = addIssue(other, { phaseId: todo, issue: { title: 'C' }, createdBy: 'ann' }, ctx);
    const b = full.phases[0]?.issues[0]?.id ?? '';
    expect(canMoveIssue(full, b, todo)).toBe(false);
    refused(() => moveIssue(full, { issueId: b, toPhaseId: todo }), 'PHASE_FULL');
    const archivedB = updateIssue(full, { issueId: b, changes: { archived: true } });
    expect(canMoveIssue(archivedB, b, todo)).toBe(true);
    // Restoring A into its full column is refused.
    refused(() => updateIssue(full, { issueId: a, changes: { archived: false } }), 'PHASE_FULL');
  });

  it('treat an `archived: false` from another client as not archived', () => {
    const { content, a } = board();
    const foreign = updateIssue(content, { issueId: a, changes: {} });
    const withFalse: TrackerContent = {
      ...foreign,
      phases: foreign.phases.map((phase) => ({
        ...phase,
        issues: phase.issues.map((one) => (one.id === a ? { ...one, archived: false } : one)),
      })),
    };
    const archived = updateIssue(withFalse, {
      issueId: a,
      changes: { archived: true },
      from: {},
    });
    expect(issue(archived, a).archived).toBe(true);
  });
});

describe('comments: edit and delete by their author', () => {
  it('updateComment sets the trimmed text and editedAt, for the author in any case', () => {
    const { content, a, c } = board();
    const edited = updateComment(
      content,
      { issueId: a, commentId: c, content: ' second ', by: 'BO' },
      { ...ctx, now: () => '2024-02-02T00:00:00.000Z' },
    );
    expect(issue(edited, a).comments[0]).toEqual({
      id: c,
      content: 'second',
      createdAt: issue(content, a).comments[0]?.createdAt,
      createdBy: 'bo',
      editedAt: '2024-02-02T00:00:00.000Z',
    });
    // The same text again changes nothing; a comment that is gone neither.
    const same = { issueId: a, commentId: c, content: 'first', by: 'bo' };
    expect(updateComment(content, same, ctx)).toBe(content);
    expect(updateComment(content, { ...same, commentId: 'gone', content: 'x' }, ctx)).toBe(content);
  });

  it('refuses someone else, a blank author and blank text', () => {
    const { content, a, c } = board();
    for (const by of ['ann', '', ' bob ']) {
      refused(
        () => updateComment(content, { issueId: a, commentId: c, content: 'x', by }, ctx),
        'NOT_COMMENT_AUTHOR',
      );
    }
    refused(
      () => updateComment(content, { issueId: a, commentId: c, content: '  ', by: 'bo' }, ctx),
      'COMMENT_REQUIRED',
    );
    refused(
      () => updateComment(content, { issueId: 'nope', commentId: c, content: 'x', by: 'bo' }, ctx),
      'ISSUE_NOT_FOUND',
    );
  });

  it('with `from` applies while the stored text is still the one the editor showed', () => {
    const { content, a, c } = board();
    const edit = { issueId: a, commentId: c, content: ' second ', by: 'bo', from: 'first' };
    const edited = updateComment(content, edit, ctx);
    expect(issue(edited, a).comments[0]).toMatchObject({ content: 'second', editedAt: ctx.now() });
    // The same edit again (e.g. replayed from another device) finds its text there: no change.
    expect(updateComment(edited, edit, ctx)).toBe(edited);
    expect(updateComment(edited, { ...edit, from: 'meanwhile' }, ctx)).toBe(edited);
  });

  it('with `from` refuses an edit of a text someone changed meanwhile, naming all three', () => {
    const { content, a, c } = board();
    const theirs = updateComment(
      content,
      { issueId: a, commentId: c, content: 'from my phone', by: 'bo', from: 'first' },
      ctx,
    );
    const error = thrownBy(() =>
      updateComment(
        theirs,
        { issueId: a, commentId: c, content: ' from my laptop ', by: 'bo', from: 'first' },
        ctx,
      ),
    );
    expect(error).toBeInstanceOf(EditConflictError);
    expect(error).toMatchObject({
      code: 'EDIT_CONFLICT',
      entityId: c,
      conflicts: [
        { field: 'content', from: 'first', mine: 'from my laptop', theirs: 'from my phone' },
      ],
    });
    // Only the author is told about the text: anyone else is refused as before.
    refused(
      () =>
        updateComment(
          theirs,
          { issueId: a, commentId: c, content: 'x', by: 'ann', from: 'first' },
          ctx,
        ),
      'NOT_COMMENT_AUTHOR',
    );
  });

  it('without `from` (an older client) overwrites whatever the text is now, as before', () => {
    const { content, a, c } = board();
    const theirs = updateComment(
      content,
      { issueId: a, commentId: c, content: 'from my phone', by: 'bo', from: 'first' },
      ctx,
    );
    const mine = updateComment(
      theirs,
      { issueId: a, commentId: c, content: 'from my laptop', by: 'bo' },
      ctx,
    );
    expect(issue(mine, a).comments[0]?.content).toBe('from my laptop');
  });

  it('with `from` is undone exactly, over the wire, and redone', () => {
    const tool = trackerTool('kanban');
    const before = sampleBoard('kanban');
    const a = issueTitled(before, 'A');
    const comment = a.comments[0];
    if (!comment) throw new Error('A has a comment');
    const op: TrackerOperation = {
      type: 'updateComment',
      issueId: a.id,
      commentId: comment.id,
      content: 'first, edited',
      by: 'bo',
      from: comment.content,
    };
    const after = expectInverseRestores(tool, before, op, stampOf(60), TrackerError);
    expect(after && issueTitled(after, 'A').comments[0]?.content).toBe('first, edited');
  });

  it('deleteComment: with `by` only the author; without it anyone, as before', () => {
    const { content, a, c } = board();
    refused(
      () => deleteComment(content, { issueId: a, commentId: c, by: 'ann' }),
      'NOT_COMMENT_AUTHOR',
    );
    expect(
      issue(deleteComment(content, { issueId: a, commentId: c, by: 'Bo' }), a).comments,
    ).toEqual([]);
    expect(issue(deleteComment(content, { issueId: a, commentId: c }), a).comments).toEqual([]);
    expect(deleteComment(content, { issueId: a, commentId: 'gone', by: 'ann' })).toBe(content);
  });
});

describe('checklists', () => {
  it('add, tick, rename and delete items', () => {
    const { content, a } = board();
    const one = addChecklistItem(content, { issueId: a, text: ' Write tests ' }, ctx);
    const item = issue(one, a).checklist?.[0];
    expect(item).toEqual({ id: expect.any(String), text: 'Write tests', done: false });
    const id = item?.id ?? '';
    const ticked = updateChecklistItem(one, { issueId: a, itemId: id, changes: { done: true } });
    expect(issue(ticked, a).checklist?.[0]?.done).toBe(true);
    const renamed = updateChecklistItem(ticked, {
      issueId: a,
      itemId: id,
      changes: { text: ' Unit tests ' },
    });
    expect(issue(renamed, a).checklist).toEqual([{ id, text: 'Unit tests', done: true }]);
    expect(issue(deleteChecklistItem(renamed, { issueId: a, itemId: id }), a).checklist).toEqual(
      [],
    );
  });

  it('refuses blank text; an item that is gone or an edit that changes nothing changes nothing', () => {
    const { content, a } = board();
    refused(
      () => addChecklistItem(content, { issueId: a, text: ' ' }, ctx),
      'CHECKLIST_TEXT_REQUIRED',
    );
    const one = addChecklistItem(content, { issueId: a, text: 'T' }, ctx);
    const id = issue(one, a).checklist?.[0]?.id ?? '';
    refused(
      () => updateChecklistItem(one, { issueId: a, itemId: id, changes: { text: '' } }),
      'CHECKLIST_TEXT_REQUIRED',
    );
    expect(updateChecklistItem(one, { issueId: a, itemId: 'gone', changes: { done: true } })).toBe(
      one,
    );
    expect(updateChecklistItem(one, { issueId: a, itemId: id, changes: { text: 'T' } })).toBe(one);
    expect(deleteChecklistItem(one, { issueId: a, itemId: 'gone' })).toBe(one);
    refused(
      () => addChecklistItem(content, { issueId: 'nope', text: 'T' }, ctx),
      'ISSUE_NOT_FOUND',
    );
  });

  it('merge by field: a teammate’s tick survives a rename; the same field differently conflicts', () => {
    const { content, a } = board();
    const one = addChecklistItem(content, { issueId: a, text: 'T' }, ctx);
    const id = issue(one, a).checklist?.[0]?.id ?? '';
    const theirs = updateChecklistItem(one, { issueId: a, itemId: id, changes: { done: true } });
    const mine = updateChecklistItem(theirs, {
      issueId: a,
      itemId: id,
      changes: { text: 'Tests' },
      from: { text: 'T' },
    });
    expect(issue(mine, a).checklist).toEqual([{ id, text: 'Tests', done: true }]);
    const renamed = updateChecklistItem(one, {
      issueId: a,
      itemId: id,
      changes: { text: 'Theirs' },
    });
    expect(() =>
      updateChecklistItem(renamed, {
        issueId: a,
        itemId: id,
        changes: { text: 'Mine' },
        from: { text: 'T' },
      }),
    ).toThrow(EditConflictError);
  });
});

describe('tag colours', () => {
  it('are keyed by the tag trimmed and lower-cased, stored lower-cased, removed with null', () => {
    const { content } = board();
    const colored = setTagColor(content, { tag: ' UI ', color: ' #AABBCC ' });
    expect(colored.tagColors).toEqual({ ui: '#aabbcc' });
    expect(tagColorOf(colored, 'Ui')).toBe('#aabbcc');
    expect(tagColorOf(colored, 'api')).toBeNull();
    expect(setTagColor(colored, { tag: 'ui', color: '#aabbcc' })).toBe(colored);
    const removed = setTagColor(colored, { tag: 'UI', color: null });
    expect(removed).not.toHaveProperty('tagColors');
    expect(removed).toEqual(content);
    expect(setTagColor(content, { tag: 'ui', color: null })).toBe(content);
    expect(setTagColor(content, { tag: '  ', color: '#000000' })).toBe(content);
  });

  it('never reads a tag named like a field of every object as coloured', () => {
    const { content } = board();
    expect(tagColorOf(content, 'constructor')).toBeNull();
    const colored = setTagColor(content, { tag: 'toString', color: '#000000' });
    expect(tagColorOf(colored, 'tostring')).toBe('#000000');
    expect(setTagColor(content, { tag: '__proto__', color: '#000000' })).toBe(content);
  });

  it.each(['red', '#fff', '#12345g', '', '#1234567'])('refuses %j with INVALID_COLOR', (color) => {
    refused(() => setTagColor(board().content, { tag: 'ui', color }), 'INVALID_COLOR');
  });
});

describe('team members ignoring case', () => {
  it('adds a name once whatever its case, keeping the first spelling', () => {
    const { content } = board();
    expect(content.teamMembers).toEqual(['ann']);
    expect(addTeamMember(content, { name: ' ANN ' })).toBe(content);
    expect(addTeamMember(content, { name: 'Bo' }).teamMembers).toEqual(['ann', 'Bo']);
  });

  it('stores an assignee typed in another case as the member’s spelling', () => {
    const { content, a } = board();
    const team = addTeamMember(content, { name: 'Bo' });
    expect(
      issue(updateIssue(team, { issueId: a, changes: { assignedPerson: ' bO ' } }), a),
    ).toMatchObject({ assignedPerson: 'Bo' });
    const added = addIssue(
      team,
      {
        phaseId: phaseId(team, 'Backlog'),
        issue: { title: 'X', assignedPerson: 'BO' },
        createdBy: 'ANN',
      },
      ctx,
    );
    expect(added.phases[0]?.issues[0]?.assignedPerson).toBe('Bo');
    expect(added.teamMembers).toEqual(['ann', 'Bo']);
  });
});
