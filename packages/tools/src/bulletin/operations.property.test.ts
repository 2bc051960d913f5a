/**
 * The Pinboard's named operations as every client applies them (ARCHITECTURE rule 11, spec §4
 * Bulletin, §5 Bulletin validation): serialised to the wire format and back they give the same
 * board as the original, they are deterministic, and no sequence of them accepted by the rules
 * produces a board that validation or the strict schema would refuse.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { tools } from '../registry.ts';
import {
  deepFreeze,
  expectRandomOperationSequences,
  expectSameOverTheWire,
  overTheWire,
  stampOf,
} from '../testing.ts';
import type { BulletinOperation } from './operations.ts';
import { BULLETIN_OPERATIONS } from './schema.ts';
import {
  BulletinError,
  POST_PRIORITIES,
  POST_TYPES,
  type BulletinContent,
  type PostType,
} from './types.ts';

const bulletin = tools.bulletin;
const START = '2024-01-01T00:00:00.000Z';

/** The default board, frozen, with ids and times of one operation context. */
function startBoard(): BulletinContent {
  return deepFreeze(bulletin.defaultContent(operationContext({ id: 'board', at: START })));
}

describe('each operation over the wire', () => {
  const board = startBoard();
  const postId = board.posts[0]?.id ?? '';
  const examples: Record<(typeof BULLETIN_OPERATIONS)[number], BulletinOperation> = {
    addPost: {
      type: 'addPost',
      post: {
        title: ' Docs ',
        type: 'Link',
        url: ' https://example.org ',
        position: { x: 90, y: 3 },
      },
      author: ' bob ',
    },
    updatePost: {
      type: 'updatePost',
      postId,
      changes: { title: 'Changed', tags: [' a ', ''], expiresAt: '2024-02-01T00:00:00.000Z' },
    },
    deletePost: { type: 'deletePost', postId },
    movePost: { type: 'movePost', postId, position: { x: -5, y: 50 } },
  };

  it.each(BULLETIN_OPERATIONS)(
    '%s: serialised, parsed and applied gives what the original gives, every time',
    (name) => {
      expectSameOverTheWire(bulletin, board, examples[name], stampOf(1));
    },
  );

  it('a new post takes its id and times from the operation', () => {
    const next = bulletin.apply(board, overTheWire(bulletin, examples.addPost, stampOf(7)));
    expect(next.posts[1]).toMatchObject({
      id: 'op-7',
      createdAt: stampOf(7).at,
      updatedAt: stampOf(7).at,
      title: 'Docs',
      url: 'https://example.org',
      author: 'bob',
      position: { x: 85, y: 3 },
    });
  });
});

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
function operationOn(board: BulletinContent): fc.Arbitrary<BulletinOperation> {
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

describe('any sequence of operations (property)', () => {
  // Up to 30 operations per run, 100 runs: allow for a busy machine.
  const timeoutMs = 60_000;
  it(
    'refused ones leave the board as it was; accepted ones keep it valid and parseable',
    () => {
      expectRandomOperationSequences(bulletin, {
        start: startBoard,
        operationOn,
        refusal: BulletinError,
        numRuns: 100,
      });
    },
    timeoutMs,
  );
});
