/**
 * Expiry and statistics of Pinboard posts (spec §4 Bulletin: notes whose expiresAt is past are
 * hidden; spec §3 Bulletin statistics).
 */
import {
  POST_PRIORITIES,
  POST_TYPES,
  type BulletinContent,
  type BulletinStatistics,
  type Post,
  type PostPriority,
  type PostType,
} from './types.ts';

function toMillis(time: Date | string): number {
  return typeof time === 'string' ? Date.parse(time) : time.getTime();
}

/**
 * Whether `post` has expired at `now` (a Date or ISO 8601 text): it has an `expiresAt` that is
 * a valid date and not later than `now`. Posts without expiry, or with an unreadable one, never
 * expire.
 */
export function isPostExpired(post: Pick<Post, 'expiresAt'>, now: Date | string): boolean {
  if (post.expiresAt === null || post.expiresAt === '') return false;
  const expires = Date.parse(post.expiresAt);
  return !Number.isNaN(expires) && expires <= toMillis(now);
}

/** The posts shown on the board at `now` (spec §4): every post that has not expired, in order. */
export function visiblePosts(content: BulletinContent, now: Date | string): Post[] {
  return content.posts.filter((post) => !isPostExpired(post, now));
}

/**
 * When the next of `posts` expires after `now`, in epoch milliseconds: the earliest readable
 * `expiresAt` later than `now`; null when none will expire. A screen re-renders then, so a note
 * disappears the moment it expires (spec §4).
 */
export function nextExpiryMs(
  posts: readonly Pick<Post, 'expiresAt'>[],
  now: Date | string,
): number | null {
  const nowMs = toMillis(now);
  let next: number | null = null;
  for (const post of posts) {
    if (post.expiresAt === null || post.expiresAt === '') continue;
    const expires = Date.parse(post.expiresAt);
    if (!Number.isNaN(expires) && expires > nowMs && (next === null || expires < next))
      next = expires;
  }
  return next;
}

function zeroCounts<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

/**
 * Statistics of the board at `now` (spec §3): `totalPosts` counts all posts (expired included);
 * `postsByType` / `postsByPriority` count per value, every value present; `postsByCategory`
 * counts, per category id, the category's post ids that exist; `totalComments` counts board
 * comments; `activeAuthors` is the number of distinct (trimmed, non-empty) post authors;
 * `expiredPosts` the posts {@link isPostExpired} at `now`; `stickyPosts` those with `isSticky`.
 */
export function computeBulletinStatistics(
  content: BulletinContent,
  now: Date | string,
): BulletinStatistics {
  const postsByType = zeroCounts<PostType>(POST_TYPES);
  const postsByPriority = zeroCounts<PostPriority>(POST_PRIORITIES);
  const authors = new Set<string>();
  let expiredPosts = 0;
  let stickyPosts = 0;
  for (const post of content.posts) {
    postsByType[post.type] += 1;
    postsByPriority[post.priority] += 1;
    const author = post.author.trim();
    if (author !== '') authors.add(author);
    if (isPostExpired(post, now)) expiredPosts += 1;
    if (post.isSticky) stickyPosts += 1;
  }
  const postIds = new Set(content.posts.map((post) => post.id));
  const postsByCategory: Record<string, number> = {};
  for (const category of content.categories) {
    postsByCategory[category.id] = category.posts.filter((id) => postIds.has(id)).length;
  }
  return {
    totalPosts: content.posts.length,
    postsByType,
    postsByPriority,
    postsByCategory,
    totalComments: content.comments.length,
    activeAuthors: authors.size,
    expiredPosts,
    stickyPosts,
  };
}
