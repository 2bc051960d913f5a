/**
 * The values of the note dialog (spec §2 /tools/bulletin note dialog: colour, title, type, URL,
 * content, priority, tags, expiry date-time) and their mapping from and to a post (spec §3
 * Post, §5 Note dialog: tags split by comma, trimmed, empties dropped).
 */
import type { PostChanges } from './operations.ts';
import {
  DEFAULT_NOTE_COLOR,
  DEFAULT_POST_PRIORITY,
  type Post,
  type PostPriority,
  type PostType,
} from './types.ts';
import { joinTags, splitTags } from './validation.ts';

/**
 * What the note dialog holds while open, as typed: `tags` is the comma-separated text and
 * `expiresAt` the value of a `datetime-local` input (`YYYY-MM-DDTHH:mm` in local time, '' for
 * none).
 */
export interface NoteFormValues {
  color: string;
  title: string;
  type: PostType;
  url: string;
  content: string;
  priority: PostPriority;
  tags: string;
  expiresAt: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The `datetime-local` value (local time, minutes) of an ISO 8601 timestamp; '' for null or an
 * unreadable timestamp.
 */
export function toDateTimeLocal(iso: string | null): string {
  if (iso === null || iso === '') return '';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return '';
  return (
    `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}` +
    `T${pad(time.getHours())}:${pad(time.getMinutes())}`
  );
}

/**
 * The ISO 8601 timestamp (UTC) of a `datetime-local` value read in local time; null for ''
 * (no expiry) or a value that is not a date-time.
 */
export function fromDateTimeLocal(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match.map(Number);
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hours === undefined ||
    minutes === undefined
  )
    return null;
  const time = new Date(year, month - 1, day, hours, minutes, Number.isNaN(seconds) ? 0 : seconds);
  // new Date rolls 2024-02-31 over into March; such a value is not a date.
  if (time.getMonth() !== month - 1 || time.getDate() !== day) return null;
  return time.toISOString();
}

/**
 * The dialog's starting values: a new note gets the default colour (#FFD700), `defaultType`,
 * priority Medium and empty fields; an edited note its own values (tags joined with ', ',
 * expiry in local time).
 */
export function noteFormValues(post: Post | null, defaultType: PostType): NoteFormValues {
  if (post === null) {
    return {
      color: DEFAULT_NOTE_COLOR,
      title: '',
      type: defaultType,
      url: '',
      content: '',
      priority: DEFAULT_POST_PRIORITY,
      tags: '',
      expiresAt: '',
    };
  }
  return {
    color: post.color,
    title: post.title,
    type: post.type,
    url: post.url,
    content: post.content,
    priority: post.priority,
    tags: joinTags(post.tags),
    expiresAt: toDateTimeLocal(post.expiresAt),
  };
}

/**
 * The post fields the dialog's `values` stand for (used for both addPost and updatePost): title
 * and URL as typed (the operations trim them), the URL only for Link notes (other types keep
 * none), tags split with {@link splitTags}, expiry as ISO 8601 or null.
 */
export function noteFormChanges(
  values: NoteFormValues,
): Required<Omit<PostChanges, 'isSticky' | 'size'>> {
  return {
    color: values.color,
    title: values.title,
    type: values.type,
    url: values.type === 'Link' ? values.url : '',
    content: values.content,
    priority: values.priority,
    tags: splitTags(values.tags),
    expiresAt: fromDateTimeLocal(values.expiresAt),
  };
}
