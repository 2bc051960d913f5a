/**
 * Undo and restore on the Pinboard (../tool.ts inverse, patchBetween): every accepted
 * bulletin operation's inverse gives the board before it back exactly, over the wire; undoing a
 * move still works after someone else edited another note, and refuses when the same note was
 * moved again meanwhile.
 */
import { describe, expect, it } from 'vitest';

import { operationContext } from '../operation.ts';
import { PatchConflictError, type PatchOperation } from '../patch.ts';
import { expectInverseRestores, expectRandomInverses, overTheWire } from '../patch-testing.ts';
import { tools } from '../registry.ts';
import { deepFreeze, stampOf, thrownBy } from '../testing.ts';
import { operationOn } from './arbitraries.ts';
import { bulletinOperations, type BulletinOperation } from './operations.ts';
import { BulletinError, type BulletinContent } from './types.ts';

const bulletin = tools.bulletin;
const START = '2024-01-01T00:00:00.000Z';

function applied(
  content: BulletinContent,
  op: BulletinOperation | PatchOperation,
  step: number,
): BulletinContent {
  return bulletin.apply(content, overTheWire(bulletin, op, stampOf(step)));
}

/** The default board plus a second note, 'Retro', frozen. */
function board(): BulletinContent {
  const start = bulletin.defaultContent(operationContext({ id: 'board', at: START }));
  return deepFreeze(
    applied(
      start,
      { type: 'addPost', post: { title: 'Retro', position: { x: 10, y: 10 } }, author: 'bo' },
      1,
    ),
  );
}

function postIds(content: BulletinContent): [string, string] {
  const [first, second] = content.posts;
  if (!first || !second) throw new Error('two notes');
  return [first.id, second.id];
}

describe('the inverse of each operation', () => {
  const content = board();
  const [postId] = postIds(content);
  const examples: Record<(typeof bulletinOperations.names)[number], BulletinOperation> = {
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

  it.each(bulletinOperations.names)('%s is undone exactly, over the wire', (name) => {
    expect(
      expectInverseRestores(bulletin, content, examples[name], stampOf(50), BulletinError),
    ).not.toEqual(content);
  });
});

describe('undo after someone else changed the board', () => {
  const content = board();
  const [mine, theirs] = postIds(content);
  const move: BulletinOperation = { type: 'movePost', postId: mine, position: { x: 70, y: 70 } };

  it('undoes a move after another note was edited, keeping the edit', () => {
    const moved = applied(content, move, 50);
    const edit: BulletinOperation = {
      type: 'updatePost',
      postId: theirs,
      changes: { title: 'Retro!' },
    };
    const undone = applied(applied(moved, edit, 51), bulletin.inverse(content, moved), 52);
    expect(undone).toStrictEqual(applied(content, edit, 51));
  });

  it('refuses to undo a move after the same note was moved again, naming it', () => {
    const moved = applied(content, move, 50);
    const again = applied(moved, { type: 'movePost', postId: mine, position: { x: 5, y: 70 } }, 51);
    const error = thrownBy(() =>
      bulletin.apply(again, overTheWire(bulletin, bulletin.inverse(content, moved), stampOf(52))),
    );
    expect(error).toBeInstanceOf(PatchConflictError);
    expect(error).toMatchObject({
      code: 'CHANGED',
      path: ['posts', { id: mine }, 'position', 'x'],
    });
    expect((error as Error).message).toMatch(
      /^the position\.x of the post ".+" was changed since$/,
    );
  });
});

describe('inverses (property)', () => {
  it('every accepted operation along random sequences is undone exactly, over the wire', () => {
    expectRandomInverses(bulletin, {
      start: board,
      operationOn,
      refusal: BulletinError,
      numRuns: 100,
    });
  }, 60_000);
});
