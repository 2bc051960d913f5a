/**
 * zod schemas of Pinboard content (spec §3 Bulletin content) and of its named operations (spec
 * §4 Bulletin, ./operations.ts). The content schema exists in two modes built from ONE
 * definition ({@link bulletinContentSchemaFor}):
 * - strict ({@link bulletinContentSchema}, on load and before every save): every field of spec §3
 *   with its type; fields the spec does not name are kept, so a newer client's additions survive;
 * - lenient ({@link lenientBulletinContentSchema}, export of older or foreign shapes): a missing
 *   or mistyped field gets its default, a number where text belongs becomes text, list entries
 *   that are not entries at all are dropped; only a value without a `posts` array fails.
 * Rules about values (blank titles, Link posts without URL) are validation's job (./validation.ts).
 */
import { z } from 'zod';

import { BULLETIN_DEFAULT_SETTINGS, DEFAULT_BULLETIN_TITLE } from './defaults.ts';
import { DEFAULT_NOTE_SIZE } from './layout.ts';
import type { BulletinOperation } from './operations.ts';
import {
  ANONYMOUS_AUTHOR,
  DEFAULT_NOTE_COLOR,
  DEFAULT_POST_PRIORITY,
  POST_PRIORITIES,
  POST_TYPES,
  type BulletinContent,
} from './types.ts';

/**
 * How a content schema treats decrypted content (see ParseOptions in ../tool.ts): 'strict'
 * refuses a missing or mistyped field, 'lenient' puts its default in its place.
 */
export type BulletinSchemaMode = 'strict' | 'lenient';

// Lenient readings of older shapes: a number where text belongs (an id 5, a title 2024), an epoch
// time in milliseconds where an ISO timestamp belongs, a numeric text where a number belongs.
const textOrNumber = z.union([z.string(), z.number().transform(String)]);
const timestampOrEpoch = z.union([
  z.string(),
  z
    .number()
    .refine((ms) => Number.isFinite(new Date(ms).getTime()))
    .transform((ms) => new Date(ms).toISOString()),
]);
const numberOrNumericText = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * The bulletin content schema in `mode` (see {@link BulletinSchemaMode}): `{id, title, version,
 * lastModified, createdAt, categories, posts, comments, settings}` as spec §3 and ./types.ts
 * describe it; ids, texts and timestamps are strings, numbers finite, `version` an integer >= 0.
 * Lenient fallbacks: texts '', title 'Pinboard', version 1, type 'Note', priority 'Medium',
 * author 'Anonymous', colour #FFD700, position 0/0, size 250x250, expiresAt null, settings the
 * spec §3 defaults.
 */
export function bulletinContentSchemaFor(mode: BulletinSchemaMode): z.ZodType<BulletinContent> {
  const lenient = mode === 'lenient';

  /** `schema`; in lenient mode a value it refuses (or a missing one) becomes `fallback`. */
  function field<T extends z.ZodType>(schema: T, fallback: z.output<T>): T | z.ZodCatch<T> {
    return lenient ? schema.catch(fallback) : schema;
  }
  const text = (fallback = '') => field(lenient ? textOrNumber : z.string(), fallback);
  const timestamp = () => field(lenient ? timestampOrEpoch : z.string(), '');
  const number = (fallback: number) => field(lenient ? numberOrNumericText : z.number(), fallback);
  const flag = (fallback: boolean) => field(z.boolean(), fallback);
  /**
   * An array of `item`; in lenient mode entries `item` refuses are dropped, and unless the
   * array is `core` (what makes the value bulletin content at all) a non-array becomes [].
   */
  function list<T extends z.ZodType>(item: T, core = false) {
    if (!lenient) return z.array(item);
    const kept = z.array(z.unknown()).transform((entries) =>
      entries.flatMap((entry): z.output<T>[] => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    );
    return core ? kept : kept.catch([]);
  }

  const position = z.looseObject({ x: number(0), y: number(0) });
  const size = z.looseObject({
    width: number(DEFAULT_NOTE_SIZE.width),
    height: number(DEFAULT_NOTE_SIZE.height),
  });
  const post = z.looseObject({
    id: text(),
    title: text(),
    content: text(),
    type: field(z.enum(POST_TYPES), BULLETIN_DEFAULT_SETTINGS.defaultPostType),
    priority: field(z.enum(POST_PRIORITIES), DEFAULT_POST_PRIORITY),
    author: text(ANONYMOUS_AUTHOR),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    tags: list(lenient ? textOrNumber : z.string()),
    url: text(),
    isSticky: flag(false),
    expiresAt: field(lenient ? timestampOrEpoch.nullable() : z.string().nullable(), null),
    color: text(DEFAULT_NOTE_COLOR),
    position: field(position, { x: 0, y: 0 }),
    size: field(size, { ...DEFAULT_NOTE_SIZE }),
  });
  const category = z.looseObject({
    id: text(),
    name: text(),
    description: text(),
    color: text(),
    order: number(0),
    posts: list(lenient ? textOrNumber : z.string()),
  });
  const comment = z.looseObject({
    id: text(),
    postId: text(),
    content: text(),
    author: text(ANONYMOUS_AUTHOR),
    createdAt: timestamp(),
  });
  const defaults = BULLETIN_DEFAULT_SETTINGS;
  const settings = z.looseObject({
    allowAnonymousPosts: flag(defaults.allowAnonymousPosts),
    requireModeration: flag(defaults.requireModeration),
    allowComments: flag(defaults.allowComments),
    allowPostExpiration: flag(defaults.allowPostExpiration),
    defaultPostType: field(z.enum(POST_TYPES), defaults.defaultPostType),
    autoDeleteExpiredPosts: flag(defaults.autoDeleteExpiredPosts),
    showAuthor: flag(defaults.showAuthor),
    allowMarkdown: flag(defaults.allowMarkdown),
    enableCategories: flag(defaults.enableCategories),
  });
  return z.looseObject({
    id: text(),
    title: text(DEFAULT_BULLETIN_TITLE),
    version: field(z.number().int().nonnegative(), 1),
    lastModified: timestamp(),
    createdAt: timestamp(),
    categories: list(category),
    posts: list(post, true),
    comments: list(comment),
    settings: field(settings, { ...defaults }),
  });
}

/** spec §3 Bulletin content, strict (see {@link bulletinContentSchemaFor}); used by parse. */
export const bulletinContentSchema = bulletinContentSchemaFor('strict');

/** spec §3 Bulletin content, lenient (see {@link bulletinContentSchemaFor}); for export. */
export const lenientBulletinContentSchema = bulletinContentSchemaFor('lenient');

const notePositionArgs = z.object({ x: z.number(), y: z.number() });
const noteSizeArgs = z.object({ width: z.number(), height: z.number() });
const postType = z.enum(POST_TYPES);
const postPriority = z.enum(POST_PRIORITIES);

// One object per operation, mirroring the `...Args` interfaces of ./operations.ts field by field.
const bulletinOperationUnion = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('addPost'),
    post: z.object({
      title: z.string(),
      content: z.string().optional(),
      type: postType.optional(),
      priority: postPriority.optional(),
      tags: z.array(z.string()).optional(),
      url: z.string().optional(),
      isSticky: z.boolean().optional(),
      expiresAt: z.string().nullable().optional(),
      color: z.string().optional(),
      position: notePositionArgs,
      size: noteSizeArgs.optional(),
    }),
    author: z.string(),
    categoryId: z.string().optional(),
  }),
  z.object({
    type: z.literal('updatePost'),
    postId: z.string(),
    changes: z.object({
      title: z.string().optional(),
      content: z.string().optional(),
      type: postType.optional(),
      priority: postPriority.optional(),
      tags: z.array(z.string()).optional(),
      url: z.string().optional(),
      isSticky: z.boolean().optional(),
      expiresAt: z.string().nullable().optional(),
      color: z.string().optional(),
      size: noteSizeArgs.optional(),
    }),
  }),
  z.object({ type: z.literal('deletePost'), postId: z.string() }),
  z.object({ type: z.literal('movePost'), postId: z.string(), position: notePositionArgs }),
]);

/**
 * Every named bulletin operation `{type, ...args}` (spec §4 Bulletin), discriminated by `type`;
 * args have exactly the fields of ./operations.ts (unknown ones are dropped). Shape only: rules
 * about values (blank title, missing URL) are the operations' job.
 */
export const bulletinOperationSchema: z.ZodType<BulletinOperation> = bulletinOperationUnion;

/** The names of the bulletin operations, in the order of {@link bulletinOperationSchema}. */
export const BULLETIN_OPERATIONS: readonly BulletinOperation['type'][] =
  bulletinOperationUnion.options.map((option) => option.shape.type.value);

// The schema's type and the hand-written BulletinOperation must not drift apart (both ways).
type SchemaOperation = z.infer<typeof bulletinOperationUnion>;
const _sameOperations: [SchemaOperation, BulletinOperation] extends [
  BulletinOperation,
  SchemaOperation,
]
  ? true
  : never = true;
