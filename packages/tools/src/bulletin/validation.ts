/**
 * Validation of Pinboard content before every save and of the note dialog (spec §5 Bulletin
 * validation, Note dialog). Problems come back with a stable `code` for translation and the
 * spec's English `message`.
 */
import { formatMessage, type MessageParams } from '../shared.ts';
import {
  BULLETIN_MESSAGES,
  POST_TITLE_MAX_CHARS,
  type BulletinContent,
  type PostType,
} from './types.ts';

/** Why bulletin content is invalid; each code has one English text in {@link BULLETIN_VALIDATION_MESSAGES}. */
export type BulletinValidationCode =
  | 'BOARD_TITLE_REQUIRED'
  | 'CATEGORY_REQUIRED'
  | 'POST_TITLE_REQUIRED'
  | 'POST_AUTHOR_REQUIRED'
  | 'POST_URL_REQUIRED';

/**
 * English text of each {@link BulletinValidationCode}, verbatim from spec §5 Bulletin validation;
 * the post texts come without their 'Post N: ' prefix.
 */
export const BULLETIN_VALIDATION_MESSAGES: Readonly<Record<BulletinValidationCode, string>> = {
  BOARD_TITLE_REQUIRED: 'Board title is required',
  CATEGORY_REQUIRED: 'At least one category is required when categories are enabled',
  POST_TITLE_REQUIRED: 'Title is required',
  POST_AUTHOR_REQUIRED: 'Author is required',
  POST_URL_REQUIRED: 'URL is required for link posts',
};

/**
 * One problem of bulletin content. `postIndex` is the 0-based array position when the problem
 * belongs to a post; `message` is the full English text including the 1-based 'Post N: ' prefix.
 */
export interface BulletinProblem {
  code: BulletinValidationCode;
  message: string;
  postIndex?: number;
}

// Content decrypted from the server is checked at runtime, so a missing string counts as blank.
function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

function problem(code: BulletinValidationCode, postIndex?: number): BulletinProblem {
  const text = BULLETIN_VALIDATION_MESSAGES[code];
  return postIndex === undefined
    ? { code, message: text }
    : { code, message: `Post ${postIndex + 1}: ${text}`, postIndex };
}

/**
 * Every problem of `content` (spec §5 Bulletin validation), in this order: board title blank;
 * categories enabled but none defined; then per post (array order, numbered from 1) title blank,
 * author blank, Link post without URL. Empty when the content may be saved.
 */
export function bulletinProblems(content: BulletinContent): BulletinProblem[] {
  const problems: BulletinProblem[] = [];
  if (isBlank(content.title)) problems.push(problem('BOARD_TITLE_REQUIRED'));
  if (content.settings.enableCategories && content.categories.length === 0) {
    problems.push(problem('CATEGORY_REQUIRED'));
  }
  content.posts.forEach((post, index) => {
    if (isBlank(post.title)) problems.push(problem('POST_TITLE_REQUIRED', index));
    if (isBlank(post.author)) problems.push(problem('POST_AUTHOR_REQUIRED', index));
    if (post.type === 'Link' && isBlank(post.url)) {
      problems.push(problem('POST_URL_REQUIRED', index));
    }
  });
  return problems;
}

/**
 * The English messages of {@link bulletinProblems}, e.g. `['Board title is required',
 * 'Post 2: URL is required for link posts']` (spec §5). Empty when valid.
 */
export function validateBulletinContent(content: BulletinContent): string[] {
  return bulletinProblems(content).map((entry) => entry.message);
}

/** A problem of the note dialog, with the field to show it under. */
export interface NoteFormProblem {
  field: 'title' | 'url';
  code: 'TITLE_REQUIRED' | 'TITLE_TOO_LONG' | 'URL_REQUIRED';
  params: MessageParams;
  message: string;
}

/**
 * Problems of the note dialog (spec §5 Note dialog): 'Title is required' when the title is blank
 * after trimming; 'Title must be at most 100 characters' when the trimmed title is longer;
 * 'URL is required for link posts' when the type is Link and the URL is blank. Empty when the
 * dialog may be submitted.
 */
export function validateNoteForm(form: {
  title: string;
  type: PostType;
  url: string;
}): NoteFormProblem[] {
  const problems: NoteFormProblem[] = [];
  const title = form.title.trim();
  if (title === '') {
    problems.push({
      field: 'title',
      code: 'TITLE_REQUIRED',
      params: {},
      message: BULLETIN_MESSAGES.TITLE_REQUIRED,
    });
  } else if (title.length > POST_TITLE_MAX_CHARS) {
    const params = { maxChars: POST_TITLE_MAX_CHARS };
    problems.push({
      field: 'title',
      code: 'TITLE_TOO_LONG',
      params,
      message: formatMessage(BULLETIN_MESSAGES.TITLE_TOO_LONG, params),
    });
  }
  if (form.type === 'Link' && form.url.trim() === '') {
    problems.push({
      field: 'url',
      code: 'URL_REQUIRED',
      params: {},
      message: BULLETIN_MESSAGES.URL_REQUIRED,
    });
  }
  return problems;
}

/**
 * The tags typed into the note dialog (spec §5 Note dialog): `text` split at commas, each tag
 * trimmed, empty ones dropped. `'a, b,,c '` gives `['a', 'b', 'c']`.
 */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The text the note dialog shows for `tags` when editing: joined with ', '. */
export function joinTags(tags: readonly string[]): string {
  return tags.join(', ');
}
