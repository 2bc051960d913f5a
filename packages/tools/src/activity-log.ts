/**
 * What every tool's activity entries share (spec §3 Activity log entry): the entry's shape, who
 * acted, and the small helpers each tool's `activity.ts` builds its entries with. An entry is
 * built from an applied operation and the content before and after it; it is data, so every
 * client words it in its own language from `action` and `params` (the English `details` is for
 * logs and third-party clients), as a DomainError is translated from `code` and `params`.
 */
import type { MessageParams } from './shared.ts';
import type { ToolName } from './metadata.ts';

/** Any value an activity log entry records (JSON-compatible). */
export type ActivityValue =
  | string
  | number
  | boolean
  | null
  | readonly ActivityValue[]
  | { readonly [key: string]: ActivityValue | undefined };

/**
 * What an activity log entry is about (spec §3 Activity log entry), in the spec's terms: a
 * tracker phase, issue, comment or team member; a Pinboard note; a Scrum Poker estimation, scale
 * or (selected) issue; a Daily Randomizer option; a diagram; or a tool's whole content (an undo
 * or restore, operation `patch`).
 */
export type ActivityEntityType =
  | 'phase'
  | 'issue'
  | 'comment'
  | 'team'
  | 'note'
  | 'estimation'
  | 'scale'
  | 'topic'
  | 'option'
  | 'diagram'
  | 'settings'
  | 'content';

/**
 * spec §3 Activity log entry. `action` is the operation type (e.g. 'moveIssue'), usable as a
 * message key; `details` is an English one-line summary; `oldValue`/`newValue` are null when
 * there was nothing before/after. Two fields the spec does not name make an entry readable on
 * its own, in any language: `tool`, the tool whose content changed (Kanban and Issue Management
 * share their operations but not their words), and `params`, the names and numbers the sentence
 * mentions — e.g. `{title: 'Login bug', from: 'To Do', to: 'In Progress'}`; each tool's entry
 * function documents its keys.
 */
export interface ActivityLogEntry {
  id: string;
  tool: ToolName;
  timestamp: string;
  userId: string;
  userDisplayName: string;
  action: string;
  entityType: ActivityEntityType;
  entityId: string;
  details: string;
  oldValue: ActivityValue;
  newValue: ActivityValue;
  params: MessageParams;
  /**
   * Which sentence of the action the entry is (e.g. 'renamed' for an edit that changed the
   * title, 'one' / 'other' for a count); absent for the action's only sentence. See
   * {@link activityMessageKey}.
   */
  variant?: string;
}

/**
 * Who acted and the injected clock and id source: `now()` gives the ISO 8601 timestamp,
 * `newId()` the entry's id.
 */
export interface ActivityActor {
  userId: string;
  userDisplayName: string;
  now: () => string;
  newId: () => string;
}

/** An entity as an entry records it: its fields by name (undefined fields are left out). */
export type ActivitySnapshot = Readonly<Record<string, ActivityValue | undefined>>;

/** The part of an entry each tool's switch over its operations decides. */
export interface ActivityEntryBody {
  entityType: ActivityEntityType;
  entityId: string;
  details: string;
  oldValue: ActivityValue;
  newValue: ActivityValue;
  params: MessageParams;
  variant?: string;
}

// A tool's name as message keys spell it (an identifier: 'ticket-system' is 'ticket').
function messageToolKey(tool: ToolName): string {
  return tool === 'ticket-system' ? 'ticket' : tool;
}

/**
 * The message catalogue's key of an entry's sentence, derived from its tool, action and variant:
 * `activity_<tool>_<action>` or `activity_<tool>_<action>_<variant>`, the tool 'ticket-system'
 * spelled 'ticket' (e.g. 'activity_kanban_moveIssue_reordered'). The sentence's placeholders are
 * `user` and the entry's `params`.
 */
export function activityMessageKey(
  entry: Pick<ActivityLogEntry, 'tool' | 'action' | 'variant'>,
): string {
  const key = `activity_${messageToolKey(entry.tool)}_${entry.action}`;
  return entry.variant === undefined ? key : `${key}_${entry.variant}`;
}

/**
 * The message catalogue's key of an operation's action phrase (spec §8 "Failed to {action}",
 * the offline report): `op_<tool>_<name>`, the tool spelled as in {@link activityMessageKey}
 * (e.g. 'op_kanban_addIssue': "Add card").
 */
export function operationMessageKey(tool: ToolName, name: string): string {
  return `op_${messageToolKey(tool)}_${name}`;
}

/** Whether two JSON-like values are equal, comparing objects and arrays by their contents. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  // Unchanged parts of content are shared by reference, so this walks only the changed path.
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length)
    return false;
  return keys.every((key) => sameValue(left[key], right[key]));
}

/**
 * The fields that differ between two snapshots, as partial old and new snapshots (a field
 * missing on one side is null there); two empty objects when nothing differs.
 */
export function changedFields(
  before: ActivitySnapshot,
  after: ActivitySnapshot,
): { oldValue: ActivitySnapshot; newValue: ActivitySnapshot } {
  const oldValue: Record<string, ActivityValue | undefined> = {};
  const newValue: Record<string, ActivityValue | undefined> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[key], after[key])) {
      oldValue[key] = before[key] ?? null;
      newValue[key] = after[key] ?? null;
    }
  }
  return { oldValue, newValue };
}

/** Whether a {@link changedFields} result records no change. */
export function noFieldChanged(diff: { oldValue: ActivitySnapshot }): boolean {
  return Object.keys(diff.oldValue).length === 0;
}

/** The first item of `after` whose id is not in `before` (what an add created), or undefined. */
export function addedItem<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): T | undefined {
  const known = new Set(before.map((item) => item.id));
  return after.find((item) => !known.has(item.id));
}

/**
 * The entry for `action` on `tool`'s content by `actor` with `body`, or null when `body` is null
 * (the tool found nothing to record). The id and timestamp come from the actor's `newId()` and
 * `now()`, called only for an entry that is returned.
 */
export function activityLogEntry(
  tool: ToolName,
  action: string,
  actor: ActivityActor,
  body: ActivityEntryBody | null,
): ActivityLogEntry | null {
  if (body === null) return null;
  return {
    id: actor.newId(),
    tool,
    timestamp: actor.now(),
    userId: actor.userId,
    userDisplayName: actor.userDisplayName,
    action,
    ...body,
  };
}
