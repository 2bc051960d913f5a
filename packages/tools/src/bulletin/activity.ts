/**
 * Activity log entries for Pinboard operations (spec §3 Activity log entry): one entry describing
 * what an applied {@link BulletinOperation} changed, built from the content before and after.
 */
import {
  activityLogEntry,
  addedItem,
  changedFields,
  noFieldChanged,
  sameValue,
  type ActivityActor,
  type ActivityEntryBody,
  type ActivityLogEntry,
  type ActivitySnapshot,
} from '../activity-log.ts';
import { findPost, type BulletinOperation } from './operations.ts';
import type { BulletinContent, Post } from './types.ts';

export type { ActivityActor, ActivityLogEntry } from '../activity-log.ts';

// `updatedAt` is left out: it changes with every edit, and the entry has its own timestamp.
function postSnapshot(post: Post): ActivitySnapshot {
  return {
    id: post.id,
    title: post.title,
    content: post.content,
    type: post.type,
    priority: post.priority,
    author: post.author,
    createdAt: post.createdAt,
    tags: post.tags,
    url: post.url,
    isSticky: post.isSticky,
    expiresAt: post.expiresAt,
    color: post.color,
    position: { ...post.position },
    size: { ...post.size },
  };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled bulletin operation ${JSON.stringify(value)}`);
}

function entryBody(
  operation: BulletinOperation,
  before: BulletinContent,
  after: BulletinContent,
): ActivityEntryBody | null {
  switch (operation.type) {
    case 'addPost': {
      const post = addedItem(before.posts, after.posts);
      const title = post?.title ?? operation.post.title.trim();
      return {
        entityType: 'note',
        entityId: post?.id ?? '',
        details: `Added note "${title}"`,
        oldValue: null,
        newValue: post ? postSnapshot(post) : null,
        params: { title },
      };
    }
    case 'updatePost': {
      const old = findPost(before, operation.postId);
      const updated = findPost(after, operation.postId);
      const diff = changedFields(
        old ? postSnapshot(old) : {},
        updated ? postSnapshot(updated) : {},
      );
      if (noFieldChanged(diff)) return null;
      const title = updated?.title ?? '';
      return {
        entityType: 'note',
        entityId: operation.postId,
        details: `Updated note "${title}"`,
        ...diff,
        params: { title, oldTitle: old?.title ?? title },
      };
    }
    case 'deletePost': {
      const old = findPost(before, operation.postId);
      const title = old?.title ?? '';
      return {
        entityType: 'note',
        entityId: operation.postId,
        details: `Deleted note "${title}"`,
        oldValue: old ? postSnapshot(old) : null,
        newValue: null,
        params: { title },
      };
    }
    case 'movePost': {
      const old = findPost(before, operation.postId);
      const moved = findPost(after, operation.postId);
      const title = moved?.title ?? '';
      return {
        entityType: 'note',
        entityId: operation.postId,
        details: `Moved note "${title}"`,
        oldValue: old ? { position: { ...old.position } } : null,
        newValue: moved ? { position: { ...moved.position } } : null,
        params: { title },
      };
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The activity log entry (spec §3) for `operation`, which turned `before` into `after`:
 * `tool` 'bulletin'; `action` the operation type; `entityType` 'note'; `entityId` the post's
 * id (for an add, the new one's); `details` an English summary such as 'Moved note "Retro"';
 * `oldValue`/`newValue` the note without `updatedAt` (add: null → note; delete: note → null), only the
 * changed fields (updates), `{position: {x, y}}` in percent (moves). `params`: `title` of the
 * note, plus `oldTitle` for an update. Returns null when the operation changed nothing (content
 * equal before and after, e.g. a drop on the same spot; an update that changed no field).
 * Throws nothing.
 */
export function bulletinActivityEntry(
  operation: BulletinOperation,
  actor: ActivityActor,
  before: BulletinContent,
  after: BulletinContent,
): ActivityLogEntry | null {
  if (sameValue(before, after)) return null;
  return activityLogEntry('bulletin', operation.type, actor, entryBody(operation, before, after));
}
