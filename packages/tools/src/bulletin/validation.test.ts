import { describe, expect, it } from 'vitest';

import { defaultBulletinContent } from './defaults.ts';
import type { BulletinContent, Post } from './types.ts';
import {
  bulletinProblems,
  joinTags,
  splitTags,
  validateBulletinContent,
  validateNoteForm,
} from './validation.ts';
import { testContext } from '../testing.ts';

function withPosts(...changes: Partial<Post>[]): BulletinContent {
  const content = defaultBulletinContent(testContext('fixed'));
  const base = content.posts[0];
  if (!base) throw new Error('no welcome note');
  return { ...content, posts: changes.map((change, i) => ({ ...base, id: `p${i}`, ...change })) };
}

describe('validateBulletinContent (spec §5 Bulletin validation)', () => {
  it('accepts the default content', () => {
    expect(validateBulletinContent(defaultBulletinContent(testContext('fixed')))).toEqual([]);
  });

  it("requires a board title: 'Board title is required'", () => {
    const content = { ...defaultBulletinContent(testContext('fixed')), title: '  ' };
    expect(validateBulletinContent(content)).toEqual(['Board title is required']);
  });

  it('requires a category only when categories are enabled', () => {
    const content = defaultBulletinContent(testContext('fixed'));
    const enabled = { ...content, settings: { ...content.settings, enableCategories: true } };
    expect(validateBulletinContent(enabled)).toEqual([
      'At least one category is required when categories are enabled',
    ]);
    expect(
      validateBulletinContent({
        ...enabled,
        categories: [{ id: 'c', name: 'C', description: '', color: '#fff', order: 0, posts: [] }],
      }),
    ).toEqual([]);
  });

  it("numbers post problems from 1: 'Post N: …'", () => {
    const content = withPosts(
      {},
      { title: ' ', author: '' },
      { type: 'Link', url: '' },
      { type: 'Link', url: 'https://x' },
    );
    expect(validateBulletinContent(content)).toEqual([
      'Post 2: Title is required',
      'Post 2: Author is required',
      'Post 3: URL is required for link posts',
    ]);
    expect(bulletinProblems(content).map((p) => [p.code, p.postIndex])).toEqual([
      ['POST_TITLE_REQUIRED', 1],
      ['POST_AUTHOR_REQUIRED', 1],
      ['POST_URL_REQUIRED', 2],
    ]);
  });

  it('treats a missing string (malformed data) as blank', () => {
    const content = withPosts({ title: undefined });
    expect(validateBulletinContent(content)).toEqual(['Post 1: Title is required']);
  });
});

describe('validateNoteForm (spec §5 Note dialog)', () => {
  it('accepts a titled note and a link with URL', () => {
    expect(validateNoteForm({ title: 'x', type: 'Note', url: '' })).toEqual([]);
    expect(validateNoteForm({ title: 'x', type: 'Link', url: 'https://x' })).toEqual([]);
  });

  it('requires a title (trimmed) of at most 100 characters', () => {
    expect(validateNoteForm({ title: '  ', type: 'Note', url: '' })).toEqual([
      { field: 'title', code: 'TITLE_REQUIRED', params: {}, message: 'Title is required' },
    ]);
    expect(validateNoteForm({ title: 'x'.repeat(100), type: 'Note', url: '' })).toEqual([]);
    expect(validateNoteForm({ title: 'x'.repeat(101), type: 'Note', url: '' })).toEqual([
      {
        field: 'title',
        code: 'TITLE_TOO_LONG',
        params: { maxChars: 100 },
        message: 'Title must be at most 100 characters',
      },
    ]);
  });

  it('requires a URL for Link only', () => {
    expect(validateNoteForm({ title: 'x', type: 'Link', url: ' ' })).toEqual([
      { field: 'url', code: 'URL_REQUIRED', params: {}, message: 'URL is required for link posts' },
    ]);
    expect(validateNoteForm({ title: '', type: 'Link', url: '' }).map((p) => p.field)).toEqual([
      'title',
      'url',
    ]);
  });
});

describe('splitTags / joinTags (spec §5 Note dialog)', () => {
  it('splits at commas, trims and drops empties', () => {
    expect(splitTags('a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitTags(' , ,')).toEqual([]);
    expect(splitTags('')).toEqual([]);
    expect(splitTags('two words, x')).toEqual(['two words', 'x']);
  });

  it('joins tags for editing so they split back the same', () => {
    expect(joinTags(['a', 'b c'])).toBe('a, b c');
    expect(splitTags(joinTags(['a', 'b c']))).toEqual(['a', 'b c']);
  });
});
