/**
 * Shapes of the Pinboard (bulletin) content (spec §3 Bulletin content), its constants (spec §9
 * Colours) and the one error type every bulletin rule throws (spec §8 Bulletin).
 */
import { DomainError, type DomainContext, type MessageParams } from '../shared.ts';

/** spec §3 Post type. */
export type PostType = 'Link' | 'Note' | 'Announcement' | 'Tip' | 'Resource';

/** Every post type, in the order of spec §3. */
export const POST_TYPES: readonly PostType[] = ['Link', 'Note', 'Announcement', 'Tip', 'Resource'];

/** spec §3 Post priority. */
export type PostPriority = 'Low' | 'Medium' | 'High' | 'Urgent';

/** Every post priority, lowest first (spec §3). */
export const POST_PRIORITIES: readonly PostPriority[] = ['Low', 'Medium', 'High', 'Urgent'];

/** The priority of a note that was given none (the spec names none; the middle one of four). */
export const DEFAULT_POST_PRIORITY: PostPriority = 'Medium';

/** spec §5 Note dialog: a title has at most 100 characters. */
export const POST_TITLE_MAX_CHARS = 100;

/** spec §6: the author of a note written by a user without a stored name. */
export const ANONYMOUS_AUTHOR = 'Anonymous';

/** spec §9 Colours: the colour of a note that was given none. */
export const DEFAULT_NOTE_COLOR = '#FFD700';

/** One of the 12 note colours of the note dialog's colour picker (spec §9 Colours). */
export interface NoteColorChoice {
  /** English name in camelCase, doubles as the message key. */
  readonly name:
    | 'gold'
    | 'yellow'
    | 'lightOrange'
    | 'orange'
    | 'red'
    | 'purple'
    | 'pink'
    | 'lightBlue'
    | 'blue'
    | 'lightGreen'
    | 'green'
    | 'teal';
  /** CSS hex colour, `#RRGGBB`. */
  readonly hex: string;
}

/**
 * The 12 note colours of spec §9 (gold, yellow, orange shades, red, purple, pink, blues, greens,
 * teal), in the order the picker shows them; gold ({@link DEFAULT_NOTE_COLOR}) is the default.
 */
export const NOTE_COLORS: readonly NoteColorChoice[] = [
  { name: 'gold', hex: DEFAULT_NOTE_COLOR },
  { name: 'yellow', hex: '#FFF176' },
  { name: 'lightOrange', hex: '#FFCC80' },
  { name: 'orange', hex: '#FFA726' },
  { name: 'red', hex: '#EF9A9A' },
  { name: 'purple', hex: '#CE93D8' },
  { name: 'pink', hex: '#F8BBD0' },
  { name: 'lightBlue', hex: '#B3E5FC' },
  { name: 'blue', hex: '#90CAF9' },
  { name: 'lightGreen', hex: '#C5E1A5' },
  { name: 'green', hex: '#A5D6A7' },
  { name: 'teal', hex: '#80CBC4' },
];

/** A note's position on the canvas: left and top edge in percent of the canvas (0–100). */
export interface NotePosition {
  x: number;
  y: number;
}

/** A note's stored size in CSS pixels (before the viewport scaling of spec §9 Bulletin layout). */
export interface NoteSize {
  width: number;
  height: number;
}

/**
 * spec §3 Post (a sticky note). Timestamps are ISO 8601; `url` is '' unless the post is a link;
 * `expiresAt` is null when the note never expires; `color` is a CSS hex colour.
 */
export interface Post {
  id: string;
  title: string;
  content: string;
  type: PostType;
  priority: PostPriority;
  author: string;
  createdAt: string;
  updatedAt: string;
  tags: string[];
  url: string;
  isSticky: boolean;
  expiresAt: string | null;
  color: string;
  position: NotePosition;
  size: NoteSize;
}

/** spec §3 Category; `posts` lists the ids of the posts filed under it, `order` is 0-based. */
export interface Category {
  id: string;
  name: string;
  description: string;
  color: string;
  order: number;
  posts: string[];
}

/** spec §3 Board comment on a post; `createdAt` is ISO 8601. */
export interface BoardComment {
  id: string;
  postId: string;
  content: string;
  author: string;
  createdAt: string;
}

/** spec §3 Bulletin settings (defaults in ./defaults.ts). */
export interface BulletinSettings {
  allowAnonymousPosts: boolean;
  requireModeration: boolean;
  allowComments: boolean;
  allowPostExpiration: boolean;
  defaultPostType: PostType;
  autoDeleteExpiredPosts: boolean;
  showAuthor: boolean;
  allowMarkdown: boolean;
  enableCategories: boolean;
}

/**
 * spec §3 Bulletin content: title, categories, posts, comments and settings, plus the id,
 * version and timestamps (ISO 8601) every tool document carries. The content lifecycle, not
 * the operations, advances `version` and `lastModified`.
 */
export interface BulletinContent {
  id: string;
  title: string;
  version: number;
  lastModified: string;
  createdAt: string;
  categories: Category[];
  posts: Post[];
  comments: BoardComment[];
  settings: BulletinSettings;
}

/**
 * spec §3 Bulletin statistics: counts per type and priority list every value (0 when none);
 * `postsByCategory` is keyed by category id; `activeAuthors` is the number of distinct authors.
 */
export interface BulletinStatistics {
  totalPosts: number;
  postsByType: Record<PostType, number>;
  postsByPriority: Record<PostPriority, number>;
  postsByCategory: Record<string, number>;
  totalComments: number;
  activeAuthors: number;
  expiredPosts: number;
  stickyPosts: number;
}

/** Time and identity for bulletin operations (see DomainContext). */
export type BulletinContext = DomainContext;

/** Why a bulletin operation was refused; each code has one English text in {@link BULLETIN_MESSAGES}. */
export type BulletinErrorCode =
  | 'NO_DATA'
  | 'POST_NOT_FOUND'
  | 'CATEGORY_NOT_FOUND'
  | 'TITLE_REQUIRED'
  | 'TITLE_TOO_LONG'
  | 'URL_REQUIRED';

/**
 * English text of each {@link BulletinErrorCode}; `{name}` placeholders are filled from the
 * error's `params`. 'Post not found' and 'Category not found' are spec §8 Bulletin; 'No data
 * loaded' is the spec §8 Tracker text; the last three are the spec §5 Note dialog rules.
 */
export const BULLETIN_MESSAGES: Readonly<Record<BulletinErrorCode, string>> = {
  NO_DATA: 'No data loaded',
  POST_NOT_FOUND: 'Post not found',
  CATEGORY_NOT_FOUND: 'Category not found',
  TITLE_REQUIRED: 'Title is required',
  TITLE_TOO_LONG: 'Title must be at most {maxChars} characters',
  URL_REQUIRED: 'URL is required for link posts',
};

/**
 * A bulletin rule refused an operation (spec §8 Bulletin). `code` is the stable key for
 * translation, `params` the numbers in the message, `message` the English text.
 */
export class BulletinError extends DomainError<BulletinErrorCode> {
  constructor(code: BulletinErrorCode, params: MessageParams = {}) {
    super(code, BULLETIN_MESSAGES[code], params);
    this.name = 'BulletinError';
  }
}
