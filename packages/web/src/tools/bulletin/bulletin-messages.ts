/**
 * Translated texts of the Pinboard (spec §8 Bulletin: "error message or 'Failed to {action}.
 * Please try again.'; 'Post not found'; 'Category not found'"; §3 post types and priorities;
 * §9 note colours): what the screen shows for a refused operation, the `{action}` phrase, and
 * the labels of the dialog's choices.
 */
import {
  BulletinError,
  type BulletinErrorCode,
  type NoteColorChoice,
  type PostPriority,
  type PostType,
} from '@cipherspace/tools/bulletin';
import { m } from '../../paraglide/messages.js';

type Params = Readonly<Record<string, string | number>>;

const ERROR_TEXT: Record<BulletinErrorCode, (params: Params) => string> = {
  NO_DATA: () => m.bulletin_error_no_data(),
  POST_NOT_FOUND: () => m.bulletin_error_post_not_found(),
  CATEGORY_NOT_FOUND: () => m.bulletin_error_category_not_found(),
  TITLE_REQUIRED: () => m.bulletin_error_title_required(),
  TITLE_TOO_LONG: (params) =>
    m.bulletin_error_title_too_long({ maxChars: String(params.maxChars) }),
  URL_REQUIRED: () => m.bulletin_error_url_required(),
};

/** The translated text of a {@link BulletinError} code with its params ('Post not found'). */
export function bulletinErrorText(code: BulletinErrorCode, params: Params = {}): string {
  return ERROR_TEXT[code](params);
}

/** The translated text of a {@link BulletinError}; null for any other error. */
export function describeBulletinError(error: unknown): string | null {
  return error instanceof BulletinError ? bulletinErrorText(error.code, error.params) : null;
}

/** What the Pinboard does, for 'Failed to {action}. Please try again.' (spec §8). */
export type BulletinAction = 'addNote' | 'updateNote' | 'deleteNote' | 'moveNote';

const ACTION_TEXT: Record<BulletinAction, () => string> = {
  addNote: m.bulletin_action_add_note,
  updateNote: m.bulletin_action_update_note,
  deleteNote: m.bulletin_action_delete_note,
  moveNote: m.bulletin_action_move_note,
};

/** The `{action}` phrase of 'Failed to {action}. Please try again.', e.g. 'add note'. */
export function bulletinActionText(action: BulletinAction): string {
  return ACTION_TEXT[action]();
}

const TYPE_TEXT: Record<PostType, () => string> = {
  Link: m.bulletin_type_link,
  Note: m.bulletin_type_note,
  Announcement: m.bulletin_type_announcement,
  Tip: m.bulletin_type_tip,
  Resource: m.bulletin_type_resource,
};

/** The translated name of a post type ('Announcement' → 'Ankündigung'). */
export function postTypeText(type: PostType): string {
  return TYPE_TEXT[type]();
}

const PRIORITY_TEXT: Record<PostPriority, () => string> = {
  Low: m.bulletin_priority_low,
  Medium: m.bulletin_priority_medium,
  High: m.bulletin_priority_high,
  Urgent: m.bulletin_priority_urgent,
};

/** The translated name of a post priority. */
export function postPriorityText(priority: PostPriority): string {
  return PRIORITY_TEXT[priority]();
}

const COLOR_TEXT: Record<NoteColorChoice['name'], () => string> = {
  gold: m.bulletin_color_gold,
  yellow: m.bulletin_color_yellow,
  lightOrange: m.bulletin_color_light_orange,
  orange: m.bulletin_color_orange,
  red: m.bulletin_color_red,
  purple: m.bulletin_color_purple,
  pink: m.bulletin_color_pink,
  lightBlue: m.bulletin_color_light_blue,
  blue: m.bulletin_color_blue,
  lightGreen: m.bulletin_color_light_green,
  green: m.bulletin_color_green,
  teal: m.bulletin_color_teal,
};

/** The translated name of one of the 12 note colours. */
export function noteColorText(color: NoteColorChoice['name']): string {
  return COLOR_TEXT[color]();
}
