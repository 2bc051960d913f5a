/**
 * fast-check arbitraries of Pinboard operations (test-only, spec §4 Bulletin): what the property
 * tests of the operations (./operations.property.test.ts) and of their inverses
 * (./inverse.property.test.ts) generate against the current board.
 */
import fc from 'fast-check';

import type { BulletinOperation } from './operations.ts';
import { POST_PRIORITIES, POST_TYPES, type BulletinContent, type PostType } from './types.ts';

// Texts users type: anything, including blanks, whitespace only, long and non-ASCII ones.
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }), weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '',
      ' ',
      ' \t\n ',
      '\u00a0',
      '\u200b',
      '  Note  ',
      'Ünïcødé 𝄞',
      '🙂👍🏽',
    ),
    weight: 2,
  },
  { arbitrary: fc.string({ minLength: 95, maxLength: 110 }), weight: 1 },
);
// Coordinates and sizes: any finite number (never -0, which JSON cannot carry).
const coordinate = fc
  .oneof(fc.integer({ min: -50, max: 150 }), fc.double({ min: -1e9, max: 1e9, noNaN: true }))
  .map((value) => value + 0);
const isoTime = fc
  .date({
    min: new Date(Date.UTC(2000, 0, 1)),
    max: new Date(Date.UTC(2100, 0, 1)),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());
const position = fc.record({ x: coordinate, y: coordinate });
const size = fc.record({ width: coordinate, height: coordinate });
const postType = fc.constantFrom<PostType>(...POST_TYPES);
const priority = fc.constantFrom(...POST_PRIORITIES);
const url = fc.oneof(text, fc.webUrl());
const tags = fc.array(text, { maxLength: 4 });
const expiresAt = fc.oneof(fc.constant(null), isoTime);
/** Absent, present as undefined (an in-memory caller's "no change"), or a value of `arb`. */
function maybe<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.option(arb, { nil: undefined, freq: 3 });
}

/** Mostly absent (the board starts without categories), sometimes a value of `arb`. */
function rarely<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ arbitrary: fc.constant(undefined), weight: 9 }, { arbitrary: arb, weight: 1 });
}

/** Mostly an id the board has (when it has any), sometimes any text. */
function idFrom(ids: readonly string[]): fc.Arbitrary<string> {
  const [first, ...rest] = ids;
  return first === undefined
    ? text
    : fc.oneof(
        { arbitrary: fc.constantFrom(first, ...rest), weight: 4 },
        { arbitrary: text, weight: 1 },
      );
}

/** Any bulletin operation with valid args, aimed at the posts and categories `board` has. */
export function operationOn(board: BulletinContent): fc.Arbitrary<BulletinOperation> {
  const postId = idFrom(board.posts.map((post) => post.id));
  const categoryId = idFrom(board.categories.map((category) => category.id));
  // The optional fields a new post and a post's changes share.
  const optionalPostFields = {
    content: maybe(text),
    type: maybe(postType),
    priority: maybe(priority),
    tags: maybe(tags),
    url: maybe(url),
    isSticky: maybe(fc.boolean()),
    expiresAt: maybe(expiresAt),
    color: maybe(text),
  };
  const addPost = fc.record(
    {
      type: fc.constant('addPost' as const),
      post: fc.record(
        { title: text, ...optionalPostFields, position, size: maybe(size) },
        { requiredKeys: ['title', 'position'] },
      ),
      author: text,
      categoryId: rarely(categoryId),
    },
    { requiredKeys: ['type', 'post', 'author'] },
  );
  const updatePost = fc.record({
    type: fc.constant('updatePost' as const),
    postId,
    changes: fc.record(
      { title: maybe(text), ...optionalPostFields, size: maybe(size) },
      { requiredKeys: [] },
    ),
  });
  const deletePost = fc.record({ type: fc.constant('deletePost' as const), postId });
  const movePost = fc.record({ type: fc.constant('movePost' as const), postId, position });
  return fc.oneof(
    { arbitrary: addPost, weight: 3 },
    { arbitrary: updatePost, weight: 3 },
    { arbitrary: deletePost, weight: 1 },
    { arbitrary: movePost, weight: 2 },
  );
}
