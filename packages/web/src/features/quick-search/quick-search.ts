/**
 * The quick search's index and matching (Ctrl+K / ⌘K, spec §2 tool screens): Kanban cards, Issue
 * Management issues, Pinboard notes and diagrams found by their name — for cards and issues also
 * by ticket number (`#12`) — over contents decrypted in this browser. Pure: no React, no I/O; the
 * search term never leaves the page.
 *
 * Matching: the query is split into words; every word must occur in the item's title
 * (case-insensitive and accent-insensitive: `é` matches `e`, `Ü` matches `u`), or be a number
 * (`12`, `#12`) that the ticket number starts with. Ranking: the ticket number itself, then
 * titles starting with the query, then titles with every word at a word start, then the rest;
 * within a rank items on the board before archived ones, then by tool (Kanban, Issue Management,
 * Pinboard, Diagrams), then by title.
 */

/** The tools the quick search looks into (registry content ids), in result order. */
export const QUICK_SEARCH_TOOLS = ['kanban', 'ticket-system', 'bulletin', 'diagrams'] as const;

/** One of {@link QUICK_SEARCH_TOOLS}. */
export type QuickSearchTool = (typeof QUICK_SEARCH_TOOLS)[number];

/** The most results a search returns (the rest are counted in `total`). */
export const QUICK_SEARCH_MAX_RESULTS = 50;

/** What the index needs of a Kanban or Issue Management board (spec §3 phases and issues). */
export interface SearchableBoard {
  phases: readonly {
    name: string;
    issues: readonly { id: string; title: string; number?: number; archived?: boolean }[];
  }[];
}

/** What the index needs of the Pinboard (spec §3 bulletin posts). */
export interface SearchablePinboard {
  posts: readonly { id: string; title: string; content: string; expiresAt: string | null }[];
}

/** What the index needs of the diagram collection (spec §3 diagram). */
export interface SearchableDiagrams {
  diagrams: readonly { id: string; name: string }[];
}

/** The decrypted contents to index; a tool left out (not loaded, failed) has no items. */
export interface QuickSearchContents {
  kanban?: SearchableBoard | null;
  'ticket-system'?: SearchableBoard | null;
  bulletin?: SearchablePinboard | null;
  diagrams?: SearchableDiagrams | null;
}

/** One thing the quick search can find and open. */
export interface QuickSearchItem {
  tool: QuickSearchTool;
  /** The card's, issue's, note's or diagram's id (what the tool's route is told to open). */
  id: string;
  /** The name as shown (a note without a title: the start of its text). */
  title: string;
  /** The ticket number of a card or issue that has one. */
  number?: number;
  /** The column (Kanban) or phase (Issue Management) it is in; null for notes and diagrams. */
  place: string | null;
  /** An archived card or issue (hidden from its board). */
  archived: boolean;
  /** `title` lower-cased without accents, for matching. */
  key: string;
}

/** A search's answer: at most {@link QUICK_SEARCH_MAX_RESULTS} items, best first, of `total`. */
export interface QuickSearchResult {
  items: QuickSearchItem[];
  total: number;
}

/** How many characters of a note's text stand in for a missing title. */
const UNTITLED_NOTE_CHARS = 60;

/**
 * `text` lower-cased with its accents and other combining marks removed (NFD), so `Crème Brûlée`
 * and `creme brulee` compare equal. Also folds `ß` to `ss`.
 */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ß/g, 'ss');
}

function boardItems(tool: 'kanban' | 'ticket-system', board: SearchableBoard): QuickSearchItem[] {
  return board.phases.flatMap((phase) =>
    phase.issues.map((issue) => ({
      tool,
      id: issue.id,
      title: issue.title,
      ...(issue.number === undefined ? {} : { number: issue.number }),
      place: phase.name,
      archived: issue.archived === true,
      key: normalizeText(issue.title),
    })),
  );
}

function noteTitle(post: SearchablePinboard['posts'][number]): string {
  const title = post.title.trim();
  if (title !== '') return title;
  const firstLine = post.content.trim().split('\n', 1)[0] ?? '';
  return firstLine.length > UNTITLED_NOTE_CHARS
    ? `${firstLine.slice(0, UNTITLED_NOTE_CHARS)}…`
    : firstLine;
}

/**
 * Every searchable item of `contents`: each card and issue (archived ones too, marked), each
 * Pinboard note not expired at `now` (expired notes are hidden on the board, spec §4) and
 * each diagram. Notes and diagrams without a name are left out.
 */
export function buildQuickSearchIndex(
  contents: QuickSearchContents,
  now: Date = new Date(),
): QuickSearchItem[] {
  const items: QuickSearchItem[] = [];
  if (contents.kanban) items.push(...boardItems('kanban', contents.kanban));
  if (contents['ticket-system'])
    items.push(...boardItems('ticket-system', contents['ticket-system']));
  if (contents.bulletin) {
    const nowMs = now.getTime();
    for (const post of contents.bulletin.posts) {
      if (post.expiresAt !== null && Date.parse(post.expiresAt) <= nowMs) continue;
      const title = noteTitle(post);
      if (title === '') continue;
      items.push({
        tool: 'bulletin',
        id: post.id,
        title,
        place: null,
        archived: false,
        key: normalizeText(title),
      });
    }
  }
  if (contents.diagrams)
    for (const diagram of contents.diagrams.diagrams) {
      if (diagram.name.trim() === '') continue;
      items.push({
        tool: 'diagrams',
        id: diagram.id,
        title: diagram.name,
        place: null,
        archived: false,
        key: normalizeText(diagram.name),
      });
    }
  return items;
}

/** The words of a query, normalised; none for a blank query. */
function wordsOf(query: string): string[] {
  return normalizeText(query)
    .split(/\s+/u)
    .filter((word) => word !== '');
}

/** The digits of a word written as a ticket number (`12`, `#12`), else null. */
function ticketDigits(word: string): string | null {
  return /^#?(\d+)$/u.exec(word)?.[1] ?? null;
}

function wordMatches(item: QuickSearchItem, word: string): boolean {
  if (item.key.includes(word)) return true;
  const digits = ticketDigits(word);
  return digits !== null && item.number !== undefined && String(item.number).startsWith(digits);
}

/** Whether `word` starts a word of `key` (at its start or after a non-letter, non-digit). */
function atWordStart(key: string, word: string): boolean {
  for (let at = key.indexOf(word); at !== -1; at = key.indexOf(word, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(key.charAt(at - 1))) return true;
  }
  return false;
}

/** 0 the best: the ticket number, title prefix, every word at a word start, anywhere. */
function rankOf(item: QuickSearchItem, words: readonly string[], phrase: string): number {
  const digits = words.length === 1 && words[0] !== undefined ? ticketDigits(words[0]) : null;
  if (digits !== null && item.number !== undefined && String(item.number) === digits) return 0;
  if (item.key.startsWith(phrase)) return 1;
  if (words.every((word) => atWordStart(item.key, word))) return 2;
  return 3;
}

/**
 * The items of `index` matching `query` (see the module comment), best first, at most
 * `limit` of them (default {@link QUICK_SEARCH_MAX_RESULTS}); `total` counts every match. A
 * blank query matches nothing.
 */
export function searchQuickIndex(
  index: readonly QuickSearchItem[],
  query: string,
  limit: number = QUICK_SEARCH_MAX_RESULTS,
): QuickSearchResult {
  const words = wordsOf(query);
  if (words.length === 0) return { items: [], total: 0 };
  const phrase = words.join(' ');
  const ranked = index
    .filter((item) => words.every((word) => wordMatches(item, word)))
    .map((item) => ({ item, rank: rankOf(item, words, phrase) }));
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.item.archived) - Number(b.item.archived) ||
      QUICK_SEARCH_TOOLS.indexOf(a.item.tool) - QUICK_SEARCH_TOOLS.indexOf(b.item.tool) ||
      a.item.key.localeCompare(b.item.key) ||
      (a.item.number ?? 0) - (b.item.number ?? 0),
  );
  return {
    items: ranked.slice(0, Math.max(0, limit)).map(({ item }) => item),
    total: ranked.length,
  };
}

/** The route of each tool's screen (router.tsx) and the query parameter naming the item. */
const TARGETS: Record<QuickSearchTool, { path: string; param: string }> = {
  kanban: { path: '/tools/kanban', param: 'card' },
  'ticket-system': { path: '/tools/ticket', param: 'issue' },
  bulletin: { path: '/tools/bulletin', param: 'note' },
  diagrams: { path: '/tools/diagrams', param: 'diagram' },
};

/**
 * Where opening `item` leads: its tool's route with the item's id as a query parameter, e.g.
 * `/tools/kanban?card=<id>`, `/tools/ticket?issue=<id>`, `/tools/bulletin?note=<id>`,
 * `/tools/diagrams?diagram=<id>`. Ids are ids, never the search term.
 */
export function quickSearchHref(item: Pick<QuickSearchItem, 'tool' | 'id'>): string {
  const { path, param } = TARGETS[item.tool];
  return `${path}?${new URLSearchParams({ [param]: item.id }).toString()}`;
}
