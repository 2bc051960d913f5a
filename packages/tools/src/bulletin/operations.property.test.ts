/**
 * The Pinboard's named operations as every client applies them (ARCHITECTURE rule 11, spec §4
 * Bulletin, §5 Bulletin validation): serialised to the wire format and back they give the same
 * board as the original, they are deterministic, and no sequence of them accepted by the rules
 * produces a board that validation or the strict schema would refuse.
 */
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
import { operationOn } from './arbitraries.ts';
import { bulletinOperations, type BulletinOperation } from './operations.ts';
import { BulletinError, type BulletinContent } from './types.ts';

const bulletin = tools.bulletin;
const START = '2024-01-01T00:00:00.000Z';

/** The default board, frozen, with ids and times of one operation context. */
function startBoard(): BulletinContent {
  return deepFreeze(bulletin.defaultContent(operationContext({ id: 'board', at: START })));
}

describe('each operation over the wire', () => {
  const board = startBoard();
  const postId = board.posts[0]?.id ?? '';
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

  it.each(bulletinOperations.names)(
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
