/**
 * zod schemas of Pinboard content (spec §3 Bulletin content); its operations' are derived from
 * their definitions (bulletinOperations in ./operations.ts). The content schema exists in two
 * modes built from ONE definition ({@link bulletinContentSchemaFor}):
 * - strict ({@link bulletinContentSchema}, on load and before every save): every field of spec §3
 *   with its type; fields the spec does not name are kept, so a newer client's additions survive;
 * - lenient ({@link lenientBulletinContentSchema}, export of older or foreign shapes): a missing
 *   or mistyped field gets its default, a number where text belongs becomes text, list entries
 *   that are not entries at all are dropped; only a value without a `posts` array fails.
 * Rules about values (blank titles, Link posts without URL) are validation's job (./validation.ts).
 */
import { z } from 'zod';

import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { BULLETIN_DEFAULT_SETTINGS, DEFAULT_BULLETIN_TITLE } from './defaults.ts';
import { DEFAULT_NOTE_SIZE } from './layout.ts';
import {
  ANONYMOUS_AUTHOR,
  DEFAULT_NOTE_COLOR,
  DEFAULT_POST_PRIORITY,
  POST_PRIORITIES,
  POST_TYPES,
  type BulletinContent,
} from './types.ts';

// Lenient reading of older shapes beyond the shared ones (../schema-modes.ts): a numeric text
// where a number belongs (an order '2', a coordinate '30').
const numberOrNumericText = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/**
 * The bulletin content schema in `mode` (see SchemaMode in ../schema-modes.ts): `{id, title,
 * version, lastModified, createdAt, categories, posts, comments, settings}` as spec §3 and
 * ./types.ts describe it; ids, texts and timestamps are strings, numbers finite, `version` an
 * integer >= 0. Lenient fallbacks: texts '', title 'Pinboard', version 1, type 'Note', priority
 * 'Medium', author 'Anonymous', colour #FFD700, position 0/0, size 250x250, expiresAt null,
 * settings the spec §3 defaults; a numeric text where a number belongs becomes that number.
 */
export function bulletinContentSchemaFor(mode: SchemaMode): z.ZodType<BulletinContent> {
  const { lenient, field, text, textField, timestamp, flag, list } = schemaModeKit(mode);
  const timestampField = field(timestamp, '');
  const number = (fallback: number) => field(lenient ? numberOrNumericText : z.number(), fallback);
  // Lists that may be missing from older boards (every list but `posts`, the core).
  const optionalList = <T extends z.ZodType>(item: T) => field(list(item), []);

  const position = z.looseObject({ x: number(0), y: number(0) });
  const size = z.looseObject({
    width: number(DEFAULT_NOTE_SIZE.width),
    height: number(DEFAULT_NOTE_SIZE.height),
  });
  const post = z.looseObject({
    id: textField(),
    title: textField(),
    content: textField(),
    type: field(z.enum(POST_TYPES), BULLETIN_DEFAULT_SETTINGS.defaultPostType),
    priority: field(z.enum(POST_PRIORITIES), DEFAULT_POST_PRIORITY),
    author: textField(ANONYMOUS_AUTHOR),
    createdAt: timestampField,
    updatedAt: timestampField,
    tags: optionalList(text),
    url: textField(),
    isSticky: flag(false),
    expiresAt: field(timestamp.nullable(), null),
    color: textField(DEFAULT_NOTE_COLOR),
    position: field(position, { x: 0, y: 0 }),
    size: field(size, { ...DEFAULT_NOTE_SIZE }),
  });
  const category = z.looseObject({
    id: textField(),
    name: textField(),
    description: textField(),
    color: textField(),
    order: number(0),
    posts: optionalList(text),
  });
  const comment = z.looseObject({
    id: textField(),
    postId: textField(),
    content: textField(),
    author: textField(ANONYMOUS_AUTHOR),
    createdAt: timestampField,
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
    id: textField(),
    title: textField(DEFAULT_BULLETIN_TITLE),
    version: field(z.number().int().nonnegative(), 1),
    lastModified: timestampField,
    createdAt: timestampField,
    categories: optionalList(category),
    posts: list(post),
    comments: optionalList(comment),
    settings: field(settings, { ...defaults }),
  });
}

// Built on first use (z.lazy), as the tracker's (../tracker/schema.ts).
/** spec §3 Bulletin content, strict (see {@link bulletinContentSchemaFor}); used by parse. */
export const bulletinContentSchema = z.lazy(() => bulletinContentSchemaFor('strict'));

/** spec §3 Bulletin content, lenient (see {@link bulletinContentSchemaFor}); for export. */
export const lenientBulletinContentSchema = z.lazy(() => bulletinContentSchemaFor('lenient'));
