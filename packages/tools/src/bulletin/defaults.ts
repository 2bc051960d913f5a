/**
 * Default settings and default content of the Pinboard (spec §3 Bulletin content settings and
 * default content; spec §4 Tool content: created and saved when the server has none).
 */
import type { ContentLanguage } from '../shared.ts';
import { DEFAULT_NOTE_SIZE } from './layout.ts';
import {
  NOTE_COLORS,
  type BulletinContent,
  type BulletinContext,
  type BulletinSettings,
  type Post,
} from './types.ts';

/** spec §3 Bulletin settings defaults. */
export const BULLETIN_DEFAULT_SETTINGS: Readonly<BulletinSettings> = {
  allowAnonymousPosts: false,
  requireModeration: false,
  allowComments: true,
  allowPostExpiration: true,
  defaultPostType: 'Note',
  autoDeleteExpiredPosts: false,
  showAuthor: true,
  allowMarkdown: true,
  enableCategories: false,
};

/** The board title of the default content (the spec names none; the tool's name). */
export const DEFAULT_BULLETIN_TITLE = 'Pinboard';

/** spec §3: author of the welcome note. */
export const WELCOME_NOTE_AUTHOR = 'System';

/** spec §3: where the welcome note sits, in percent of the canvas. */
export const WELCOME_NOTE_POSITION_PERCENT = { x: 25, y: 20 } as const;

/** spec §3: the welcome note's size in CSS pixels (wider than {@link DEFAULT_NOTE_SIZE}). */
export const WELCOME_NOTE_SIZE_PX = { width: 312, height: DEFAULT_NOTE_SIZE.height } as const;

/** spec §3: the welcome note is yellow (the 'yellow' entry of NOTE_COLORS). */
export const WELCOME_NOTE_COLOR =
  NOTE_COLORS.find((choice) => choice.name === 'yellow')?.hex ?? '#FFF176';

/** The board title and welcome note of the default content in each content language. */
export const DEFAULT_BULLETIN_TEXTS: Readonly<
  Record<ContentLanguage, { title: string; welcomeTitle: string; welcomeContent: string }>
> = {
  en: {
    title: DEFAULT_BULLETIN_TITLE,
    welcomeTitle: 'Welcome to the Pinboard!',
    welcomeContent:
      'Add a note with **Add Note**, drag notes anywhere on the board, and edit or delete them ' +
      'with the buttons that appear on hover.',
  },
  de: {
    title: 'Pinnwand',
    welcomeTitle: 'Willkommen auf der Pinnwand!',
    welcomeContent:
      'Fügen Sie mit **Notiz hinzufügen** eine Notiz hinzu, ziehen Sie Notizen an eine beliebige ' +
      'Stelle der Pinnwand und bearbeiten oder löschen Sie sie mit den Schaltflächen, die beim ' +
      'Darüberfahren erscheinen.',
  },
};

function welcomeNote(ctx: BulletinContext, now: string): Post {
  const texts = DEFAULT_BULLETIN_TEXTS[ctx.language ?? 'en'];
  return {
    id: ctx.newId(),
    title: texts.welcomeTitle,
    content: texts.welcomeContent,
    type: 'Note',
    priority: 'Medium',
    author: WELCOME_NOTE_AUTHOR,
    createdAt: now,
    updatedAt: now,
    tags: ['welcome'],
    url: '',
    isSticky: false,
    expiresAt: null,
    color: WELCOME_NOTE_COLOR,
    position: { ...WELCOME_NOTE_POSITION_PERCENT },
    size: { ...WELCOME_NOTE_SIZE_PX },
  };
}

/**
 * The content the Pinboard starts with (spec §3 default content): version 1, no categories or
 * comments, {@link BULLETIN_DEFAULT_SETTINGS}, and one welcome note by 'System' at 25 %, 20 %,
 * 312×250 px, yellow; title and welcome note in `ctx.language` ({@link DEFAULT_BULLETIN_TEXTS}).
 * Ids come from `ctx.newId`, every timestamp from one call of `ctx.now`.
 */
export function defaultBulletinContent(ctx: BulletinContext): BulletinContent {
  const now = ctx.now();
  return {
    id: ctx.newId(),
    title: DEFAULT_BULLETIN_TEXTS[ctx.language ?? 'en'].title,
    version: 1,
    lastModified: now,
    createdAt: now,
    categories: [],
    posts: [welcomeNote(ctx, now)],
    comments: [],
    settings: { ...BULLETIN_DEFAULT_SETTINGS },
  };
}
