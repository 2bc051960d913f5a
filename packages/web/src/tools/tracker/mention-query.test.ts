import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { mentionsIn, sameName } from '@cipherspace/tools/tracker';
import { insertMention, mentionOptions, mentionQueryAt } from './mention-query.ts';

describe('mention query', () => {
  it('finds the @name being typed before the caret', () => {
    expect(mentionQueryAt('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @bo there', 12)).toBeNull();
    expect(mentionQueryAt('mail bob@exa', 12)).toBeNull();
    expect(mentionQueryAt('(@an', 4)).toEqual({ start: 1, query: 'an' });
  });

  it('offers members starting with the query first, without the writer', () => {
    const members = ['alice', 'Bob', 'carol', 'rainbow', 'bobby'];
    expect(mentionOptions(members, 'bo', 'alice')).toEqual(['Bob', 'bobby', 'rainbow']);
    expect(mentionOptions(members, '', 'bob')).toEqual(['alice', 'carol', 'rainbow', 'bobby']);
    expect(mentionOptions(members, 'x', 'bob')).toEqual([]);
    expect(mentionOptions(members, '', 'nobody', 2)).toEqual(['alice', 'Bob']);
  });

  it('replaces the typed mention with @name and a space, caret after it', () => {
    expect(insertMention('hi @bo', { start: 3, query: 'bo' }, 6, 'bob')).toEqual({
      text: 'hi @bob ',
      caret: 8,
    });
    expect(insertMention('@ please', { start: 0, query: '' }, 1, 'carol')).toEqual({
      text: '@carol please',
      caret: 7,
    });
  });

  it('offers only names @ can mention, one per member in the first spelling', () => {
    const members = ['bob', 'Bob Brown', 'BOB', ' carol ', 'ann.b', 'x@y'];
    expect(mentionOptions(members, 'b', 'alice')).toEqual(['bob', 'ann.b']);
    expect(mentionOptions(members, '', 'Carol')).toEqual(['bob', 'ann.b']);
  });

  it('property: every option offered, inserted as @name, is found by mentionsIn', () => {
    const nameArb = fc.string({
      unit: fc.constantFrom('a', 'B', 'b', 'é', 'İ', '7', '_', '-', '.', ' ', '@', ','),
      maxLength: 6,
    });
    const textArb = fc.string({
      unit: fc.constantFrom('a', 'b', 'B', ' ', '@', '.', '-', '(', '\n', 'x'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(
        fc.array(nameArb, { maxLength: 8 }),
        textArb,
        textArb,
        nameArb,
        (members, before, after, me) => {
          const text = before + after;
          const query = mentionQueryAt(text, before.length);
          fc.pre(query !== null);
          for (const name of mentionOptions(members, query.query, me)) {
            const inserted = insertMention(text, query, before.length, name);
            const found = mentionsIn(inserted.text, members);
            expect(found.some((member) => sameName(member, name))).toBe(true);
            expect(mentionsIn(inserted.text, [name])).toEqual([name]);
          }
        },
      ),
    );
  });
});
