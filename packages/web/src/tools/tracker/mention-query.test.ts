import { describe, expect, it } from 'vitest';

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
});
