/**
 * The named operations on Pinboard content (spec §4 Bulletin, §5 Bulletin validation / Note
 * dialog, §8 Bulletin). Each is pure: `(content, args, ctx) => newContent`, never mutating its
 * input and throwing {@link BulletinError} when a rule refuses it. Each is defined once (see
 * "Definitions" below: name, argument schema, apply, activity entry) and listed in
 * {@link bulletinOperations}; {@link applyBulletinOperation} replays a {@link BulletinOperation}
 * against any content, which is how a save that hit a 409 re-applies the user's change to the
 * latest version (spec §4 Tool content).
 *
 * Posts are found by id, so an edit still lands after another user moved or added notes.
 * Randomness (where a new note goes) is decided by the caller before the operation, so replays
 * give the same result.
 */
import { z } from 'zod';

import {
  addedItem,
  changedFields,
  noFieldChanged,
  type ActivitySnapshot,
} from '../activity-log.ts';
import { operationDefiner, operationSet, type OperationSetOp } from '../define-operation.ts';
import { mergeFieldChanges } from '../edits.ts';
import { DEFAULT_NOTE_SIZE, clampPosition } from './layout.ts';
import {
  ANONYMOUS_AUTHOR,
  BulletinError,
  DEFAULT_NOTE_COLOR,
  DEFAULT_POST_PRIORITY,
  POST_PRIORITIES,
  POST_TITLE_MAX_CHARS,
  POST_TYPES,
  type BulletinContent,
  type BulletinContext,
  type Post,
} from './types.ts';

// The shapes of an operation's arguments; rules about values (blank title, missing URL) are the
// operations' own.
const notePositionArgs = z.object({ x: z.number(), y: z.number() });
const noteSizeArgs = z.object({ width: z.number(), height: z.number() });

// The optional fields a new post (PostInput) and a post's changes (PostChanges) share.
const optionalPostFields = {
  content: z.string().optional(),
  type: z.enum(POST_TYPES).optional(),
  priority: z.enum(POST_PRIORITIES).optional(),
  tags: z.array(z.string()).optional(),
  url: z.string().optional(),
  isSticky: z.boolean().optional(),
  /** ISO 8601 timestamp, or null for no expiry. */
  expiresAt: z.string().nullable().optional(),
  color: z.string().optional(),
};

const postInputArgs = z.object({
  title: z.string(),
  ...optionalPostFields,
  /** In percent; pick it with placeNewPost (./placement.ts) so replays land on the same spot. */
  position: notePositionArgs,
  size: noteSizeArgs.optional(),
});

// The fields an edit changes, and (as `from`) their values when the member started (../edits.ts);
// each is a field of Post with its type.
const postChangesArgs = z.object({
  title: z.string().optional(),
  ...optionalPostFields,
  size: noteSizeArgs.optional(),
}) satisfies z.ZodType<Partial<Post>>;

const addPostArgs = z.object({
  post: postInputArgs,
  author: z.string(),
  categoryId: z.string().optional(),
});
const updatePostArgs = z.object({
  postId: z.string(),
  changes: postChangesArgs,
  from: postChangesArgs.optional(),
});
const deletePostArgs = z.object({ postId: z.string() });
const movePostArgs = z.object({ postId: z.string(), position: notePositionArgs });

/**
 * What the note dialog gives (spec §2 note dialog): `{title, position: {x, y}, content?, type?,
 * priority?, tags?, url?, isSticky?, expiresAt?, color?, size?: {width, height}}`. Absent fields
 * default to: type `settings.defaultPostType`, priority 'Medium', colour #FFD700, size 250×250,
 * empty content, url and tags, not sticky, no expiry.
 */
export type PostInput = z.output<typeof postInputArgs>;

/**
 * Changes to a post's editable fields (spec §2 note dialog): any of title, content, type,
 * priority, tags, url, isSticky, expiresAt, color and size; `position` has its own operation.
 */
export type PostChanges = z.output<typeof postChangesArgs>;

/**
 * Arguments of {@link addPost}: `author` is the current user's name ('' falls back to
 * 'Anonymous', spec §6); `categoryId`, when given, files the post under that category.
 */
export type AddPostArgs = z.output<typeof addPostArgs>;
/**
 * Arguments of {@link updatePost}: the changed fields and, for each, its value when the member
 * opened the note dialog (`from`, ../edits.ts; absent key: the field was absent). Without
 * `from` the changes are set as they are.
 */
export type UpdatePostArgs = z.output<typeof updatePostArgs>;
/** Arguments of {@link deletePost}. */
export type DeletePostArgs = z.output<typeof deletePostArgs>;
/** Arguments of {@link movePost}: the new left/top position in percent of the canvas. */
export type MovePostArgs = z.output<typeof movePostArgs>;

function requireContent(content: BulletinContent | null | undefined): BulletinContent {
  if (content === null || content === undefined) throw new BulletinError('NO_DATA');
  return content;
}

/** The post with id `postId`, or undefined. */
export function findPost(content: BulletinContent, postId: string): Post | undefined {
  return content.posts.find((post) => post.id === postId);
}

function requirePost(content: BulletinContent, postId: string): Post {
  const post = findPost(content, postId);
  if (!post) throw new BulletinError('POST_NOT_FOUND');
  return post;
}

function checkedTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw new BulletinError('TITLE_REQUIRED');
  if (trimmed.length > POST_TITLE_MAX_CHARS) {
    throw new BulletinError('TITLE_TOO_LONG', { maxChars: POST_TITLE_MAX_CHARS });
  }
  return trimmed;
}

function cleanTags(tags: readonly string[]): string[] {
  return tags.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

function colorOrDefault(color: string | undefined): string {
  const trimmed = color?.trim() ?? '';
  return trimmed === '' ? DEFAULT_NOTE_COLOR : trimmed;
}

// spec §5: a link post needs a URL, checked on the post as it will be stored.
function checkLink(post: Post): Post {
  if (post.type === 'Link' && post.url === '') throw new BulletinError('URL_REQUIRED');
  return post;
}

function replacePost(content: BulletinContent, updated: Post): BulletinContent {
  return {
    ...content,
    posts: content.posts.map((post) => (post.id === updated.id ? updated : post)),
  };
}

/**
 * Adds a note (spec §2 note dialog, §5): title trimmed, required and at most 100 characters;
 * url trimmed and required for Link posts; tags trimmed without empties; position clamped to
 * 0..85 percent; author trimmed, '' becomes 'Anonymous'. Id from `ctx.newId`, createdAt and
 * updatedAt from one `ctx.now`. With `categoryId` the post id is appended to that category.
 * Throws NO_DATA, TITLE_REQUIRED, TITLE_TOO_LONG, URL_REQUIRED, CATEGORY_NOT_FOUND.
 */
export function addPost(
  content: BulletinContent | null,
  args: AddPostArgs,
  ctx: BulletinContext,
): BulletinContent {
  const current = requireContent(content);
  const { post: input } = args;
  const title = checkedTitle(input.title);
  if (
    args.categoryId !== undefined &&
    !current.categories.some((category) => category.id === args.categoryId)
  ) {
    throw new BulletinError('CATEGORY_NOT_FOUND');
  }
  const now = ctx.now();
  const author = args.author.trim();
  const post = checkLink({
    id: ctx.newId(),
    title,
    content: input.content ?? '',
    type: input.type ?? current.settings.defaultPostType,
    priority: input.priority ?? DEFAULT_POST_PRIORITY,
    author: author === '' ? ANONYMOUS_AUTHOR : author,
    createdAt: now,
    updatedAt: now,
    tags: cleanTags(input.tags ?? []),
    url: input.url?.trim() ?? '',
    isSticky: input.isSticky ?? false,
    expiresAt: input.expiresAt ?? null,
    color: colorOrDefault(input.color),
    position: clampPosition(input.position),
    size: { ...(input.size ?? DEFAULT_NOTE_SIZE) },
  });
  const categories =
    args.categoryId === undefined
      ? current.categories
      : current.categories.map((category) =>
          category.id === args.categoryId
            ? { ...category, posts: [...category.posts, post.id] }
            : category,
        );
  return { ...current, categories, posts: [...current.posts, post] };
}

// `{ url: undefined }` from an in-memory caller means "no change", as it does once JSON has
// dropped it on the way to the other clients: spread as it is, it would blank the field here only.
function definedChanges(changes: PostChanges): PostChanges {
  const entries: [string, unknown][] = Object.entries(changes);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}

/**
 * Changes a note's editable fields with the same normalisation and rules as {@link addPost}
 * (the URL rule is checked on the changed post) and sets `updatedAt` to `ctx.now()`. A change
 * whose value is undefined is no change. Throws NO_DATA, POST_NOT_FOUND, TITLE_REQUIRED, TITLE_TOO_LONG, URL_REQUIRED.
 */
export function updatePost(
  content: BulletinContent | null,
  args: UpdatePostArgs,
  ctx: BulletinContext,
): BulletinContent {
  const current = requireContent(content);
  const post = requirePost(current, args.postId);
  const clean = definedChanges(args.changes);
  if (clean.title !== undefined) clean.title = checkedTitle(clean.title);
  if (clean.url !== undefined) clean.url = clean.url.trim();
  if (clean.tags !== undefined) clean.tags = cleanTags(clean.tags);
  if (clean.color !== undefined) clean.color = colorOrDefault(clean.color);
  if (clean.size !== undefined) clean.size = { ...clean.size };
  const changes = mergeFieldChanges(post, clean, args.from, post.id);
  if (args.from !== undefined && Object.keys(changes).length === 0) return current;
  return replacePost(current, checkLink({ ...post, ...changes, updatedAt: ctx.now() }));
}

/**
 * Deletes a note together with its board comments and its entries in categories.
 * Throws NO_DATA, POST_NOT_FOUND (also when another user deleted it first).
 */
export function deletePost(
  content: BulletinContent | null,
  args: DeletePostArgs,
  _ctx?: BulletinContext,
): BulletinContent {
  const current = requireContent(content);
  requirePost(current, args.postId);
  return {
    ...current,
    posts: current.posts.filter((post) => post.id !== args.postId),
    comments: current.comments.filter((comment) => comment.postId !== args.postId),
    categories: current.categories.map((category) =>
      category.posts.includes(args.postId)
        ? { ...category, posts: category.posts.filter((id) => id !== args.postId) }
        : category,
    ),
  };
}

/**
 * Moves a note to `position` (percent, clamped to 0..85 on both axes; spec §4 notes are dragged
 * freely, §9 position clamp). `updatedAt` is left alone: moving does not edit the note.
 * Throws NO_DATA, POST_NOT_FOUND.
 */
export function movePost(
  content: BulletinContent | null,
  args: MovePostArgs,
  _ctx?: BulletinContext,
): BulletinContent {
  const current = requireContent(content);
  const post = requirePost(current, args.postId);
  return replacePost(current, { ...post, position: clampPosition(args.position) });
}

// ---------------------------------------------------------------------------------------------
// Definitions: each operation's name, arguments, apply and activity entry (spec §3 Activity log
// entry; entityType 'note', entityId the post's id, params `title` the note's title).

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

// Values: null → the new note. entityId: the new post's id.
// Every bulletin operation works on BulletinContent with BulletinContext.
const defineBulletinOperation = operationDefiner<BulletinContent, BulletinContext>();

const addPostOperation = defineBulletinOperation({
  name: 'addPost',
  args: addPostArgs,
  apply: addPost,
  doc: {
    summary: 'Pins a new note to the board.',
    preconditions: [
      '`post.title` trimmed is not blank (else TITLE_REQUIRED) and at most 100 characters (else TITLE_TOO_LONG).',
      'A `Link` post (its `type`, absent: `settings.defaultPostType`) has a URL that is not blank after trimming (else URL_REQUIRED).',
      '`categoryId`, when given, names a category of `categories` (else CATEGORY_NOT_FOUND).',
    ],
    effects: [
      'A post is appended to `posts`: `id` = `newId()` (the operation id), `title` trimmed, `content` as given (absent: empty), `type` as given (absent: `settings.defaultPostType`), `priority` as given (absent: `Medium`), `author` = `author` trimmed (blank: `Anonymous`), `createdAt` and `updatedAt` = `now()` (the operation `at`), `tags` trimmed with blanks dropped, `url` trimmed (absent: empty), `isSticky` (absent: false), `expiresAt` (absent: null), `color` trimmed (blank or absent: `#FFD700`), `size` (absent: 250 × 250).',
      '`position` is clamped to 0..85 (percent) on both axes; a non-finite value becomes 0. The caller picks it (randomness is drawn before the operation).',
      'With `categoryId` the new post id is appended to that category `posts`.',
    ],
    errors: {
      TITLE_REQUIRED: '`post.title` is blank',
      TITLE_TOO_LONG: '`post.title` is longer than 100 characters after trimming',
      URL_REQUIRED: 'a `Link` post has a blank URL',
      CATEGORY_NOT_FOUND: '`categoryId` names no category',
    },
    inverse: 'A `patch` removing the post (and its id from the category).',
  },
  describe: (args, before, after) => {
    const post = addedItem(before.posts, after.posts);
    const title = post?.title ?? args.post.title.trim();
    return {
      entityType: 'note',
      entityId: post?.id ?? '',
      details: `Added note "${title}"`,
      oldValue: null,
      newValue: post ? postSnapshot(post) : null,
      params: { title },
    };
  },
});

// Values: only the changed fields; none changed (only `updatedAt`) records nothing. Params also
// `oldTitle`; its sentence's variant is 'renamed' when the title changed.
const updatePostOperation = defineBulletinOperation({
  name: 'updatePost',
  args: updatePostArgs,
  apply: updatePost,
  doc: {
    summary: 'Changes the editable fields of a note (everything but its position).',
    preconditions: [
      'The post `postId` exists (else POST_NOT_FOUND).',
      'A changed `title` follows the rules of `addPost` (TITLE_REQUIRED, TITLE_TOO_LONG).',
      'The post as changed is not a `Link` post with an empty `url` (else URL_REQUIRED).',
      'With `from`: no changed field was changed by someone else to another value since (else EDIT_CONFLICT).',
    ],
    effects: [
      'Changes are normalised as in `addPost`: `title` and `url` trimmed, `tags` trimmed without blanks, a blank `color` becomes `#FFD700`.',
      'With `from` (field edit): each field of `changes` whose stored value still equals its `from` value takes the new value; fields already at the new value are skipped; when nothing is left the content is returned unchanged.',
      'Without `from`: every field of `changes` is set as given.',
      '`updatedAt` = `now()` (the operation `at`): always without `from` (even when no field changes), with `from` whenever a field is left to change.',
    ],
    errors: {
      POST_NOT_FOUND: 'no post has `postId`',
      TITLE_REQUIRED: 'the new `title` is blank',
      TITLE_TOO_LONG: 'the new `title` is longer than 100 characters',
      URL_REQUIRED: 'the changed post is a `Link` post with an empty `url`',
      EDIT_CONFLICT:
        'with `from`: a field was changed by someone else to another value (`entityId` the post id)',
    },
    inverse: 'A `patch` setting each changed field and `updatedAt` back.',
  },
  describe: (args, before, after) => {
    const old = findPost(before, args.postId);
    const updated = findPost(after, args.postId);
    const diff = changedFields(old ? postSnapshot(old) : {}, updated ? postSnapshot(updated) : {});
    if (noFieldChanged(diff)) return null;
    const title = updated?.title ?? '';
    const oldTitle = old?.title ?? title;
    return {
      entityType: 'note',
      entityId: args.postId,
      details: `Updated note "${title}"`,
      ...diff,
      params: { title, oldTitle },
      ...(oldTitle === title ? {} : { variant: 'renamed' }),
    };
  },
});

// Values: the note → null. Its apply names the context's type: deletePost's optional one would
// make every operation's context optional.
const deletePostOperation = defineBulletinOperation({
  name: 'deletePost',
  args: deletePostArgs,
  apply: deletePost,
  doc: {
    summary: 'Deletes a note with its board comments.',
    preconditions: [
      'The post `postId` exists (else POST_NOT_FOUND; also when someone deleted it first).',
    ],
    effects: [
      'The post is removed from `posts`.',
      'Every entry of the top-level `comments` with this `postId` is removed.',
      'Its id is removed from the `posts` list of every category.',
    ],
    errors: { POST_NOT_FOUND: 'no post has `postId`' },
    inverse: 'A `patch` inserting the post and its comments again and restoring the categories.',
  },
  describe: (args, before) => {
    const old = findPost(before, args.postId);
    const title = old?.title ?? '';
    return {
      entityType: 'note',
      entityId: args.postId,
      details: `Deleted note "${title}"`,
      oldValue: old ? postSnapshot(old) : null,
      newValue: null,
      params: { title },
    };
  },
});

// Values: `{position: {x, y}}` in percent. Its apply names the context's type, as deletePost's.
const movePostOperation = defineBulletinOperation({
  name: 'movePost',
  args: movePostArgs,
  apply: movePost,
  doc: {
    summary: 'Moves a note on the board.',
    preconditions: ['The post `postId` exists (else POST_NOT_FOUND).'],
    effects: [
      '`position` = the given position clamped to 0..85 (percent) on both axes; a non-finite value becomes 0.',
      '`updatedAt` is left alone: moving does not edit the note.',
    ],
    errors: { POST_NOT_FOUND: 'no post has `postId`' },
    inverse: 'A `patch` setting `position` back.',
  },
  describe: (args, before, after) => {
    const old = findPost(before, args.postId);
    const moved = findPost(after, args.postId);
    const title = moved?.title ?? '';
    return {
      entityType: 'note',
      entityId: args.postId,
      details: `Moved note "${title}"`,
      oldValue: old ? { position: { ...old.position } } : null,
      newValue: moved ? { position: { ...moved.position } } : null,
      params: { title },
    };
  },
});

/**
 * Every named bulletin operation (spec §4 Bulletin) in one set: `schema` checks `{type, ...args}`
 * (addPost {post: PostInput, author: string, categoryId?: string}, updatePost {postId: string,
 * changes: PostChanges, from?: PostChanges}, deletePost {postId: string}, movePost {postId:
 * string, position: {x, y}}; shapes only, unknown arguments dropped), `apply` replays one
 * against any content — how a save that hit a 409 re-applies the member's change to the latest
 * version (spec §4 Tool content) — and `describe` gives its activity entry.
 */
export const bulletinOperations = operationSet([
  addPostOperation,
  updatePostOperation,
  deletePostOperation,
  movePostOperation,
]);

/** Every named bulletin operation as a serialisable message, discriminated by `type`. */
export type BulletinOperation = OperationSetOp<typeof bulletinOperations>;

/** The `type` of every {@link BulletinOperation}. */
export type BulletinOperationType = BulletinOperation['type'];

/**
 * Applies one {@link BulletinOperation} to `content` with the named operation of the same type
 * and returns the new content; throws what that operation throws (NO_DATA for null content).
 * With the same `ctx` values the result is the same (spec §4 Tool content, re-apply on 409).
 */
export const applyBulletinOperation = bulletinOperations.apply;
