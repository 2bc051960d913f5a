/**
 * Which unapplied edits the member can settle field by field (./conflicts.ts): a `changes`/`from`
 * field edit, or a value edit whose one conflicting field is an argument set from a plain `from`
 * (a comment's text, a poker topic).
 */
import { describe, expect, it } from 'vitest';

import { isFieldEdit, isValueEdit } from './conflicts.ts';

const content = [{ field: 'content', from: 'Draft', mine: 'Laptop', theirs: 'Phone' }];

describe('isValueEdit', () => {
  it('is a plain `from` with an argument named as its one conflicting field', () => {
    const comment = { issueId: 'i', commentId: 'c', content: 'Laptop', by: 'ann', from: 'Draft' };
    expect(isValueEdit(comment, content)).toBe(true);
    expect(isFieldEdit(comment)).toBe(false);
    expect(isValueEdit({ topic: 'Mine', from: 'Old' }, [{ field: 'topic' }])).toBe(true);
  });

  it('is not a field edit, an edit without `from`, another field or several', () => {
    expect(isValueEdit({ changes: { content: 'x' }, from: { content: 'y' } }, content)).toBe(false);
    expect(isValueEdit({ content: 'Laptop' }, content)).toBe(false);
    expect(isValueEdit({ title: 'Laptop', from: 'Draft' }, content)).toBe(false);
    expect(
      isValueEdit({ content: 'Laptop', title: 'T', from: 'Draft' }, [
        ...content,
        { field: 'title' },
      ]),
    ).toBe(false);
  });
});
