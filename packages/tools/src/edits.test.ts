/**
 * Field edits (./edits.ts): an edit changes only what the member changed, a teammate's change to
 * another field survives, and a real conflict is reported with the three values, never resolved
 * silently.
 */
import { describe, expect, it } from 'vitest';

import {
  EditConflictError,
  editBetween,
  findEntity,
  isEditConflict,
  isEmptyEdit,
  mergeFieldChanges,
  mergeLists,
  mergeText,
  mergedValue,
  resolveEdit,
  sameFieldValue,
} from './edits.ts';
import { thrownBy } from './testing.ts';

interface Card {
  title: string;
  description: string;
  priority: string;
  tags: string[];
  maxIssues?: number;
}

const opened: Card = { title: 'Login bug', description: 'a\nb\nc', priority: 'Low', tags: ['x'] };

describe('sameFieldValue', () => {
  it('compares lists and objects by content, and takes an absent field for null', () => {
    expect(sameFieldValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameFieldValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameFieldValue({ width: 1 }, { width: 1 })).toBe(true);
    expect(sameFieldValue({ width: 1 }, { width: 2 })).toBe(false);
    expect(sameFieldValue(undefined, null)).toBe(true);
    expect(sameFieldValue(undefined, 0)).toBe(false);
    expect(sameFieldValue('1', 1)).toBe(false);
  });
});

describe('mergeFieldChanges', () => {
  it('applies the fields nobody else changed', () => {
    const now = { ...opened, priority: 'High' };
    expect(
      mergeFieldChanges(now, { description: 'new' }, { description: opened.description }),
    ).toEqual({ description: 'new' });
  });

  it('leaves out a field someone else already set to the same value', () => {
    const now = { ...opened, title: 'Fixed' };
    expect(mergeFieldChanges(now, { title: 'Fixed' }, { title: opened.title })).toEqual({});
  });

  it('reports every field someone else changed to another value, with the three values', () => {
    const now = { ...opened, title: 'Theirs', tags: ['y'] };
    const error = thrownBy(() =>
      mergeFieldChanges(
        now,
        { title: 'Mine', tags: ['z'], priority: 'High' },
        { title: opened.title, tags: opened.tags, priority: opened.priority },
        'card-1',
      ),
    );
    expect(error).toBeInstanceOf(EditConflictError);
    expect(isEditConflict(error)).toBe(true);
    const conflict = error as EditConflictError;
    expect(conflict.entityId).toBe('card-1');
    expect(conflict.code).toBe('EDIT_CONFLICT');
    expect(conflict.message).toBe('Content was modified by another user: title, tags');
    expect(conflict.conflicts).toEqual([
      { field: 'title', from: 'Login bug', mine: 'Mine', theirs: 'Theirs' },
      { field: 'tags', from: ['x'], mine: ['z'], theirs: ['y'] },
    ]);
  });

  it('takes a field missing from `from` as absent when the edit started', () => {
    expect(mergeFieldChanges<Card>(opened, { maxIssues: 3 }, {})).toEqual({ maxIssues: 3 });
    expect(() =>
      mergeFieldChanges<Card>({ ...opened, maxIssues: 5 }, { maxIssues: 3 }, {}),
    ).toThrow(EditConflictError);
  });

  it('sets every field as it is for an edit without `from` (an older client)', () => {
    const now = { ...opened, title: 'Theirs' };
    expect(mergeFieldChanges(now, { title: 'Mine' }, undefined)).toEqual({ title: 'Mine' });
  });
});

describe('editBetween', () => {
  it('holds only the changed fields, each with the stored value', () => {
    const edit = editBetween<Card>(opened, { ...opened, priority: 'High', tags: ['x', 'y'] });
    expect(edit).toEqual({
      changes: { priority: 'High', tags: ['x', 'y'] },
      from: { priority: 'Low', tags: ['x'] },
    });
    expect(isEmptyEdit(edit)).toBe(false);
    expect(isEmptyEdit(editBetween<Card>(opened, { ...opened }))).toBe(true);
  });

  it('compares in form terms but takes `from` from the stored entity', () => {
    const edit = editBetween<Card>(
      { title: 'login bug' },
      { title: 'Login Bug' },
      { title: ' login bug ' },
    );
    expect(edit).toEqual({ changes: { title: 'Login Bug' }, from: { title: ' login bug ' } });
  });
});

describe('resolveEdit', () => {
  const edit = {
    changes: { title: 'Mine', description: 'a\nb\nC', priority: 'High' },
    from: { title: 'Login bug', description: 'a\nb\nc', priority: 'Low' },
  };
  const conflicts = [
    { field: 'title', from: 'Login bug', mine: 'Mine', theirs: 'Theirs' },
    { field: 'description', from: 'a\nb\nc', mine: 'a\nb\nC', theirs: 'A\nb\nc' },
  ];

  it('drops a field settled theirs and bases the others on the stored value', () => {
    expect(resolveEdit(edit, conflicts, { title: 'theirs', description: 'mine' })).toEqual({
      changes: { description: 'a\nb\nC', priority: 'High' },
      from: { description: 'A\nb\nc', priority: 'Low' },
    });
  });

  it('saves the merged text for both', () => {
    expect(resolveEdit(edit, conflicts, { title: 'mine', description: 'both' })).toEqual({
      changes: { title: 'Mine', description: 'A\nb\nC', priority: 'High' },
      from: { title: 'Theirs', description: 'A\nb\nc', priority: 'Low' },
    });
  });

  it('resolved, it applies on the content that met the conflict', () => {
    const now: Card = { ...opened, title: 'Theirs', description: 'A\nb\nc' };
    const resolved = resolveEdit(edit, conflicts, { title: 'theirs', description: 'both' });
    expect(mergeFieldChanges<Card>(now, resolved.changes, resolved.from)).toEqual({
      description: 'A\nb\nC',
      priority: 'High',
    });
  });
});

describe('mergeText and mergeLists', () => {
  it('merges changes to different lines', () => {
    expect(mergeText('one\ntwo\nthree', 'ONE\ntwo\nthree', 'one\ntwo\nTHREE')).toBe(
      'ONE\ntwo\nTHREE',
    );
  });

  it('refuses to merge different changes of the same line', () => {
    expect(mergeText('one line', 'one line!', 'One line')).toBeNull();
    expect(
      mergedValue({ field: 'title', from: 'one line', mine: 'one line!', theirs: 'One line' }),
    ).toBeNull();
  });

  it('keeps both sides’ additions at the same place, theirs first', () => {
    expect(mergeLists(['a', 'b'], ['a', 'b', 'mine'], ['a', 'b', 'theirs'])).toEqual([
      'a',
      'b',
      'theirs',
      'mine',
    ]);
  });

  it('keeps an addition next to an item the other side removed or renamed', () => {
    expect(mergeLists(['a', 'b', 'c'], ['a', 'b'], ['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'd']);
    expect(mergeLists(['a', 'b', 'c'], ['a', 'b', 'c', 'd'], ['a', 'b', 'C'])).toEqual([
      'a',
      'b',
      'C',
      'd',
    ]);
  });

  it('refuses a rename against another rename or a removal of the same item', () => {
    expect(mergeLists(['a', 'b', 'c'], ['a', 'B', 'c'], ['a', 'X', 'c'])).toBeNull();
    expect(mergeLists(['a', 'b', 'c'], ['a', 'c'], ['a', 'X', 'c'])).toBeNull();
  });

  it('merges lists of values for both', () => {
    expect(mergedValue({ field: 'tags', from: ['x'], mine: ['x', 'm'], theirs: [] })).toEqual([
      'm',
    ]);
  });
});

describe('findEntity', () => {
  it('finds the object with an id at any depth, or null', () => {
    const board = { phases: [{ id: 'p1', issues: [{ id: 'i1', title: 'Login bug' }] }] };
    expect(findEntity(board, 'i1')).toEqual({ id: 'i1', title: 'Login bug' });
    expect(findEntity(board, 'p1')).toBe(board.phases[0]);
    expect(findEntity(board, 'nope')).toBeNull();
  });
});
