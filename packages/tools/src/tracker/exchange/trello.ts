/**
 * Trello's "Export as JSON" of a board as an {@link ImportPlan} (spec §3 Shared phase/issue tool
 * content): open lists become phases, cards issues, labels tags with colours, members assignees,
 * checklists checklist items, comment actions comments. Pure; the file never leaves the browser.
 */
import type {
  ImportedChecklistItem,
  ImportedComment,
  ImportedIssue,
  ImportPlan,
  SkippedItem,
} from './types.ts';
import { ImportFormatError } from './types.ts';
import { cleanTags, tagColorKey } from '../tags.ts';
import { isRecord, parseExportDate, parseExportDay, textOf } from './fields.ts';

/**
 * Trello's label colour names as `#rrggbb` (its board palette); the `_dark`/`_light` variants of
 * newer boards take the colour of their base name.
 */
export const TRELLO_LABEL_COLORS: Readonly<Record<string, string>> = {
  green: '#61bd4f',
  yellow: '#f2d600',
  orange: '#ff9f1a',
  red: '#eb5a46',
  purple: '#c377e0',
  blue: '#0079bf',
  sky: '#00c2e0',
  lime: '#51e898',
  pink: '#ff78cb',
  black: '#344563',
};

/** `#rrggbb` of a Trello colour name (`red`, `green_dark`…), or null when it has none. */
export function trelloColor(name: string): string | null {
  const base = name.toLowerCase().replace(/_(dark|light)$/, '');
  return TRELLO_LABEL_COLORS[base] ?? null;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function byPos<T extends Record<string, unknown>>(items: readonly T[]): T[] {
  const pos = (item: T) => (typeof item.pos === 'number' ? item.pos : Number(item.pos) || 0);
  return items.toSorted((a, b) => pos(a) - pos(b));
}

// A Trello id starts with the creation time in seconds as 8 hex digits.
function createdAtOfId(id: string): string | undefined {
  if (!/^[0-9a-f]{24}$/i.test(id)) return undefined;
  return new Date(parseInt(id.slice(0, 8), 16) * 1000).toISOString();
}

function memberName(member: Record<string, unknown> | undefined): string {
  if (!member) return '';
  return textOf(member.fullName) || textOf(member.username);
}

interface Lookups {
  labels: Map<string, { tag: string | null; color: string | null }>;
  members: Map<string, string>;
  checklists: Map<string, Record<string, unknown>[]>;
  comments: Map<string, ImportedComment[]>;
  creators: Map<string, string>;
}

function lookups(board: Record<string, unknown>, skipped: SkippedItem[]): Lookups {
  const labels = new Map<string, { tag: string | null; color: string | null }>();
  for (const label of records(board.labels)) {
    const name = textOf(label.name);
    const colorName = textOf(label.color);
    const tag = name || colorName || null;
    if (tag === null) skipped.push({ item: textOf(label.id), reason: 'LABEL_EMPTY' });
    labels.set(textOf(label.id), { tag, color: colorName ? trelloColor(colorName) : null });
  }
  const members = new Map<string, string>();
  for (const member of records(board.members)) members.set(textOf(member.id), memberName(member));
  const checklists = new Map<string, Record<string, unknown>[]>();
  for (const checklist of records(board.checklists))
    checklists.set(textOf(checklist.id), [checklist]);
  const comments = new Map<string, ImportedComment[]>();
  const creators = new Map<string, string>();
  for (const action of records(board.actions)) {
    const data = isRecord(action.data) ? action.data : {};
    const cardId = isRecord(data.card) ? textOf(data.card.id) : '';
    const author = memberName(isRecord(action.memberCreator) ? action.memberCreator : undefined);
    if (action.type === 'createCard' && cardId) creators.set(cardId, author);
    if (action.type !== 'commentCard' || !cardId) continue;
    const content = textOf(data.text);
    if (content === '') continue;
    const list = comments.get(cardId) ?? [];
    list.push({
      content,
      createdAt: parseExportDate(textOf(action.date)) ?? '',
      createdBy: author || 'Trello',
    });
    comments.set(cardId, list);
  }
  // Trello lists actions newest first: comments read oldest first.
  for (const list of comments.values()) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { labels, members, checklists, comments, creators };
}

function checklistOf(card: Record<string, unknown>, found: Lookups): ImportedChecklistItem[] {
  const ids = Array.isArray(card.idChecklists) ? card.idChecklists.map(String) : [];
  const lists = ids.flatMap((id) => found.checklists.get(id) ?? []);
  // A checklist of this card the card does not name (older exports) still belongs to it.
  for (const entries of found.checklists.values())
    for (const list of entries)
      if (textOf(list.idCard) === textOf(card.id) && !lists.includes(list)) lists.push(list);
  return byPos(lists).flatMap((list) =>
    byPos(records(list.checkItems))
      .map((item) => ({ text: textOf(item.name), done: item.state === 'complete' }))
      .filter((item) => item.text !== ''),
  );
}

function cardIssue(
  card: Record<string, unknown>,
  found: Lookups,
  skipped: SkippedItem[],
): ImportedIssue {
  const title = textOf(card.name);
  const id = textOf(card.id);
  const labelIds = Array.isArray(card.idLabels) ? card.idLabels.map(String) : [];
  const tags = cleanTags(labelIds.map((labelId) => found.labels.get(labelId)?.tag ?? ''));
  const memberIds = Array.isArray(card.idMembers) ? card.idMembers.map(String) : [];
  const names = memberIds.map((memberId) => found.members.get(memberId) ?? '').filter(Boolean);
  if (names.length > 1)
    skipped.push({ item: title, reason: 'EXTRA_MEMBERS', detail: names.slice(1).join(', ') });
  const issue: ImportedIssue = {
    title,
    description: typeof card.desc === 'string' ? card.desc : '',
    type: 'Task',
    priority: 'none',
    estimation: '',
    assignedPerson: names[0] ?? '',
    tags,
    comments: found.comments.get(id) ?? [],
  };
  const due = textOf(card.due);
  if (due !== '') {
    const day = parseExportDay(due);
    if (day === null) skipped.push({ item: title, reason: 'INVALID_DATE', detail: due });
    else issue.dueDate = day;
  }
  const checklist = checklistOf(card, found);
  if (checklist.length > 0) issue.checklist = checklist;
  if (card.closed === true) issue.archived = true;
  const createdAt = createdAtOfId(id);
  if (createdAt !== undefined) issue.createdAt = createdAt;
  const creator = found.creators.get(id);
  if (creator) issue.createdBy = creator;
  return issue;
}

/**
 * A Trello board export (`JSON.parse` of the file Trello's "Export as JSON" writes) as an
 * {@link ImportPlan}: open lists in `pos` order become phases (closed ones are reported as
 * LIST_CLOSED with their cards left out); cards in `pos` order become issues of type Task without
 * priority — closed cards `archived`, `desc` the description, `due` the `dueDate` (its date),
 * the first member the assignee (more: EXTRA_MEMBERS), labels tags (the label's name, or its
 * colour when unnamed; neither: LABEL_EMPTY), checklists' items the checklist, `commentCard`
 * actions the comments (author's full name, oldest first); the creation time is read from the
 * card id. A card's tags are cleaned as `addIssue` cleans them (labels equal ignoring case are
 * one tag, the first spelling kept). `tagColors` maps each label tag, keyed as the board's
 * `tagColors` (trimmed and lower-cased), to the colour of the first label with that key;
 * `teamMembers` lists every board member.
 * Throws {@link ImportFormatError} NOT_TRELLO_BOARD when `json` has no `lists` and `cards` arrays.
 */
export function parseTrelloBoard(json: unknown): ImportPlan {
  if (!isRecord(json) || !Array.isArray(json.lists) || !Array.isArray(json.cards))
    throw new ImportFormatError('NOT_TRELLO_BOARD');
  const skipped: SkippedItem[] = [];
  const found = lookups(json, skipped);
  const lists = byPos(records(json.lists));
  const phases = lists
    .filter((list) => list.closed !== true)
    .map((list) => ({
      id: textOf(list.id),
      name: textOf(list.name) || 'Trello',
      issues: [] as ImportedIssue[],
    }));
  const closed = new Set(
    lists.filter((list) => list.closed === true).map((list) => textOf(list.id)),
  );
  for (const list of lists)
    if (list.closed === true) skipped.push({ item: textOf(list.name), reason: 'LIST_CLOSED' });
  for (const card of byPos(records(json.cards))) {
    const listId = textOf(card.idList);
    if (closed.has(listId)) continue;
    const title = textOf(card.name);
    const phase = phases.find((candidate) => candidate.id === listId);
    if (!phase) {
      skipped.push({ item: title || textOf(card.id), reason: 'LIST_MISSING' });
      continue;
    }
    if (title === '') {
      skipped.push({ item: textOf(card.id), reason: 'TITLE_MISSING' });
      continue;
    }
    phase.issues.push(cardIssue(card, found, skipped));
  }
  const colors = new Map<string, string>();
  for (const { tag, color } of found.labels.values()) {
    const key = tag === null ? '' : tagColorKey(tag);
    if (key !== '' && color !== null && !colors.has(key)) colors.set(key, color);
  }
  const tagColors: Record<string, string> = {};
  // defineProperty: a label called '__proto__' is a field like any other.
  for (const [key, color] of colors)
    Object.defineProperty(tagColors, key, {
      value: color,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  const teamMembers = [...new Set([...found.members.values()].filter(Boolean))];
  return {
    phases: phases.map(({ name, issues }) => ({ name, issues })),
    tagColors,
    teamMembers,
    skipped,
  };
}
