import { describe, expect, it } from 'vitest';

import { type ActivityActor } from '../activity-log.ts';
import { deepFreeze, testContext } from '../testing.ts';
import { bulletinActivityEntry } from './activity.ts';
import { defaultBulletinContent } from './defaults.ts';
import {
  addPost,
  applyBulletinOperation,
  bulletinOperations,
  type BulletinOperation,
} from './operations.ts';
import type { BulletinContent } from './types.ts';

const actor: ActivityActor = {
  userId: 'u1',
  userDisplayName: 'Ann',
  now: () => '2024-03-01T10:00:00.000Z',
  newId: () => 'log-1',
};

// The welcome note is id-2; 'Retro' (id-3) is added by ben.
function setup(): BulletinContent {
  const ctx = testContext('fixed');
  const content = defaultBulletinContent(ctx);
  return deepFreeze(
    addPost(
      content,
      { post: { title: 'Retro', position: { x: 10, y: 10 }, tags: ['team'] }, author: 'ben' },
      ctx,
    ),
  );
}

function entryFor(operation: BulletinOperation) {
  const content = setup();
  const ctx = { now: () => '2024-02-01T00:00:00.000Z', newId: () => 'new-note' };
  const after = applyBulletinOperation(content, operation, ctx);
  return bulletinActivityEntry(operation, actor, content, after);
}

const OPERATIONS: Readonly<Record<BulletinOperation['type'], BulletinOperation>> = {
  addPost: {
    type: 'addPost',
    post: { title: ' Lunch ', position: { x: 40, y: 20 } },
    author: 'cy',
  },
  updatePost: { type: 'updatePost', postId: 'id-3', changes: { priority: 'High' } },
  deletePost: { type: 'deletePost', postId: 'id-3' },
  movePost: { type: 'movePost', postId: 'id-3', position: { x: 50, y: 60 } },
};

describe('bulletinActivityEntry (spec §3 Activity log entry)', () => {
  it('gives an entry for every bulletin operation', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual([...bulletinOperations.names].sort());
    for (const operation of Object.values(OPERATIONS)) {
      expect(entryFor(operation)).toMatchObject({ action: operation.type, entityType: 'note' });
    }
  });

  it('fills id, timestamp and user from the actor; addPost records the new note', () => {
    expect(entryFor(OPERATIONS.addPost)).toEqual({
      id: 'log-1',
      tool: 'bulletin',
      timestamp: '2024-03-01T10:00:00.000Z',
      userId: 'u1',
      userDisplayName: 'Ann',
      action: 'addPost',
      entityType: 'note',
      entityId: 'new-note',
      details: 'Added note "Lunch"',
      oldValue: null,
      newValue: {
        id: 'new-note',
        title: 'Lunch',
        content: '',
        type: 'Note',
        priority: 'Medium',
        author: 'cy',
        createdAt: '2024-02-01T00:00:00.000Z',
        tags: [],
        url: '',
        isSticky: false,
        expiresAt: null,
        color: '#FFD700',
        position: { x: 40, y: 20 },
        size: { width: 250, height: 250 },
      },
      params: { title: 'Lunch' },
    });
  });

  it('updatePost: only the changed fields, without updatedAt', () => {
    expect(entryFor(OPERATIONS.updatePost)).toMatchObject({
      entityId: 'id-3',
      details: 'Updated note "Retro"',
      oldValue: { priority: 'Medium' },
      newValue: { priority: 'High' },
      params: { title: 'Retro', oldTitle: 'Retro' },
    });
    expect(
      entryFor({
        type: 'updatePost',
        postId: 'id-3',
        changes: { title: 'Retro 2', tags: [' x '] },
      }),
    ).toMatchObject({
      details: 'Updated note "Retro 2"',
      oldValue: { title: 'Retro', tags: ['team'] },
      newValue: { title: 'Retro 2', tags: ['x'] },
      params: { title: 'Retro 2', oldTitle: 'Retro' },
    });
  });

  it("updatePost: the sentence's variant is 'renamed' only when the title changed", () => {
    const renamed = entryFor({
      type: 'updatePost',
      postId: 'id-3',
      changes: { title: 'Retro 2' },
    });
    expect(renamed).toMatchObject({ action: 'updatePost', variant: 'renamed' });
    const edited = entryFor(OPERATIONS.updatePost);
    expect(edited).not.toBeNull();
    expect(edited).not.toHaveProperty('variant');
  });

  it('addPost, deletePost and movePost have no variant', () => {
    for (const operation of [OPERATIONS.addPost, OPERATIONS.deletePost, OPERATIONS.movePost]) {
      const entry = entryFor(operation);
      expect(entry).not.toBeNull();
      expect(entry).not.toHaveProperty('variant');
    }
  });

  it('deletePost: the deleted note', () => {
    expect(entryFor(OPERATIONS.deletePost)).toMatchObject({
      entityId: 'id-3',
      details: 'Deleted note "Retro"',
      oldValue: { id: 'id-3', title: 'Retro', author: 'ben', tags: ['team'] },
      newValue: null,
      params: { title: 'Retro' },
    });
  });

  it('movePost: the old and new position in percent', () => {
    expect(entryFor(OPERATIONS.movePost)).toMatchObject({
      entityId: 'id-3',
      details: 'Moved note "Retro"',
      oldValue: { position: { x: 10, y: 10 } },
      newValue: { position: { x: 50, y: 60 } },
      params: { title: 'Retro' },
    });
  });

  it('gives null when the operation changed nothing', () => {
    expect(entryFor({ type: 'movePost', postId: 'id-3', position: { x: 10, y: 10 } })).toBeNull();
    // Only updatedAt changes: the note itself is as it was.
    expect(
      entryFor({ type: 'updatePost', postId: 'id-3', changes: { title: ' Retro ' } }),
    ).toBeNull();
    const content = setup();
    expect(bulletinActivityEntry(OPERATIONS.deletePost, actor, content, content)).toBeNull();
  });
});
