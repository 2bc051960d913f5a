/**
 * Shape check of decrypted Pinboard content (spec §3 Bulletin content): the server only holds
 * ciphertext, so after decryption the client makes sure it really is a board before rendering or
 * changing it. Rules about values (titles, authors, URLs) are validation's job (./validation.ts).
 */
import { BulletinError, type BulletinContent } from './types.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPostLike(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    isRecord(value.position) &&
    typeof value.position.x === 'number' &&
    typeof value.position.y === 'number' &&
    isRecord(value.size) &&
    Array.isArray(value.tags)
  );
}

function isCategoryLike(value: unknown): boolean {
  return isRecord(value) && typeof value.id === 'string' && Array.isArray(value.posts);
}

/**
 * `value` as Pinboard content when it has the bulletin shape (title, posts with id, title,
 * position, size and tags, categories with post lists, comments, settings); throws
 * BulletinError('NO_DATA') otherwise.
 */
export function parseBulletinContent(value: unknown): BulletinContent {
  if (
    !isRecord(value) ||
    typeof value.title !== 'string' ||
    !Array.isArray(value.posts) ||
    !value.posts.every(isPostLike) ||
    !Array.isArray(value.categories) ||
    !value.categories.every(isCategoryLike) ||
    !Array.isArray(value.comments) ||
    !isRecord(value.settings)
  )
    throw new BulletinError('NO_DATA');
  return value as unknown as BulletinContent;
}
