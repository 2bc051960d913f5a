/**
 * Pure helpers of the Kanban board screen (spec §2 /tools/kanban, §4 Issue/card moves): which
 * column controls show, what a card drop means, and where the keyboard moves a dragged card.
 * No React and no dnd-kit here, so the rules are unit-tested with plain content objects.
 */
import {
  canDeletePhase,
  canMovePhase,
  activeIssueCount,
  dropMove,
  isPhaseFull,
  issueMatcher,
  sortByOrder,
  type Issue,
  type IssueFilter,
  type KanbanContent,
  type Phase,
  type PlannedMove,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';

import { formatDate } from '../../lib/date-format.ts';
import { activeIssuesInOrder } from '../tracker/tracker-filter.ts';

/** A column as the board draws it: the phase, its cards in order and which controls it shows. */
export interface BoardColumn {
  phase: Phase;
  /**
   * The phase's issues on the board (archived ones left out) sorted by `order`; while a filter is
   * active, only those it matches (archived ones too when it includes them).
   */
  cards: Issue[];
  /** The search `cards` come from (spec §3 Issue filter); null when the whole column shows. */
  search: BoardSearch | null;
  /** spec §2: the move-left arrow shows only when a move is possible. */
  canMoveLeft: boolean;
  /** spec §2: the move-right arrow shows only when a move is possible. */
  canMoveRight: boolean;
  /** spec §2: delete shows only when deletion is allowed and the count is above the minimum. */
  canDelete: boolean;
  /** Whether the phase holds its `maxIssues` on the board (a drop from elsewhere is refused). */
  full: boolean;
}

// The issues of each phase object in board order, sorted once: operations keep an untouched
// phase by reference, so a keystroke in the search re-filters without sorting again.
const sortedCards = new WeakMap<Phase, Issue[]>();

function cardsInOrder(phase: Phase): Issue[] {
  let sorted = sortedCards.get(phase);
  if (!sorted) {
    sorted = sortByOrder(phase.issues);
    sortedCards.set(phase, sorted);
  }
  return sorted;
}

/**
 * A search over the board (spec §3 Issue filter): the matching cards of each phase in board order
 * (every phase has an entry, empty when nothing matches), how many match and how many there are
 * (the cards on the board, plus the archived ones when the filter includes them), and how many
 * archived cards the search would find besides (`archivedMatches`; 0 when the filter includes
 * archived cards, which are then among the matches).
 */
export interface BoardSearch {
  filter: IssueFilter;
  cards: ReadonlyMap<string, Issue[]>;
  shown: number;
  total: number;
  archivedMatches: number;
}

/** Matches every card of `content` against `filter` once (the domain's `issueMatcher`). */
export function searchBoard(content: KanbanContent, filter: IssueFilter): BoardSearch {
  const cards = new Map<string, Issue[]>();
  const matches = issueMatcher(filter);
  const includeArchived = filter.includeArchived === true;
  // The same search over the archived cards the filter leaves out (usually few).
  const matchesArchived = includeArchived
    ? null
    : issueMatcher({ ...filter, includeArchived: true });
  let shown = 0;
  let total = 0;
  let archivedMatches = 0;
  for (const phase of content.phases) {
    const all = cardsInOrder(phase);
    const matching = all.filter((issue) => matches(issue, phase));
    cards.set(phase.id, matching);
    shown += matching.length;
    total += includeArchived ? all.length : activeIssueCount(phase);
    if (matchesArchived !== null)
      for (const issue of all)
        if (issue.archived === true && matchesArchived(issue, phase)) archivedMatches += 1;
  }
  return { filter, cards, shown, total, archivedMatches };
}

/**
 * The columns of `content` left to right (by `order`), each with its sorted cards — only those
 * `search` found when one is given ({@link searchBoard} of this content) — and the visibility of
 * its move and delete controls (spec §2 /tools/kanban). A column of `previous` (the last result)
 * whose phase object, search and controls are unchanged is returned as it was, and its `cards`
 * array where they hold the same cards.
 */
export function boardColumns(
  content: KanbanContent,
  previous: readonly BoardColumn[] = [],
  search: BoardSearch | null = null,
): BoardColumn[] {
  const deletable = canDeletePhase(content);
  const before = new Map(previous.map((column) => [column.phase.id, column]));
  return sortByOrder(content.phases).map((phase) => {
    const canMoveLeft = canMovePhase(content, phase.id, 'left');
    const canMoveRight = canMovePhase(content, phase.id, 'right');
    const last = before.get(phase.id);
    // Operations keep untouched phases by reference: such a column stays the same object, so
    // its memoised component skips the re-render (a remote change re-renders what it touched).
    if (
      last?.phase === phase &&
      last.search === search &&
      last.canMoveLeft === canMoveLeft &&
      last.canMoveRight === canMoveRight &&
      last.canDelete === deletable
    )
      return last;
    const cards = search?.cards.get(phase.id) ?? activeIssuesInOrder(phase);
    return {
      phase,
      // A keystroke that leaves a column's cards as they were keeps its list: the column's
      // window of cards is not rebuilt (its overscan not dropped and rendered again).
      cards: last !== undefined && sameItems(last.cards, cards) ? last.cards : cards,
      search,
      canMoveLeft,
      canMoveRight,
      canDelete: deletable,
      full: isPhaseFull(phase),
    };
  });
}

/** Whether `a` and `b` hold the same items (by reference) in the same order. */
function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The droppable id of a card: a drop on it puts the dragged card in its place. */
export function cardSlotId(issueId: string): string {
  return `card:${issueId}`;
}

/**
 * What dropping card `issueId` on the droppable `overId` (a column's phase id, or a card's
 * {@link cardSlotId}) does (spec §4 Issue/card moves, the rules of `dropMove`):
 * - `none`: dropped outside any column, on its own column or itself, or the card is gone;
 * - `full`: the target column is at `maxIssues`, the move is refused;
 * - `move`: the operation to dispatch — on a column `moveIssue` without `toIndex` (appended), on
 *   a card `moveIssue` to that card's place.
 */
export type CardDrop =
  | { kind: 'none' }
  | { kind: 'full' }
  | { kind: 'move'; operation: Extract<TrackerOperation, { type: 'moveIssue' }> };

/** See {@link CardDrop}; `overId` null means the card was dropped outside every column. */
export function planCardDrop(
  content: KanbanContent,
  issueId: string,
  overId: string | null,
): CardDrop {
  if (overId === null) return { kind: 'none' };
  const slot = overId.startsWith('card:') ? overId.slice('card:'.length) : null;
  return asCardDrop(
    dropMove(content, issueId, slot === null ? { phaseId: overId } : { issueId: slot }),
  );
}

function asCardDrop(plan: PlannedMove): CardDrop {
  return plan.kind === 'move'
    ? { kind: 'move', operation: { type: 'moveIssue', ...plan.args } }
    : plan;
}

/** A rectangle in viewport pixels (the shape dnd-kit measures). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the keyboard moves a dragged card (spec §2 "Cards are draggable between columns",
 * reachable without a mouse): ArrowRight/ArrowLeft put the card's top-left corner so that it is
 * centred horizontally in the nearest column to the right/left of the card's centre, at the
 * same height; null when there is no such column (or for any other direction).
 * `columns` are the columns' rectangles in any order, `card` the dragged card's current one.
 */
export function columnStep(
  columns: readonly Box[],
  card: Box,
  direction: 'left' | 'right',
): { x: number; y: number } | null {
  const centre = card.left + card.width / 2;
  const centreOf = (box: Box) => box.left + box.width / 2;
  const candidates = columns
    .filter((box) =>
      direction === 'right' ? centreOf(box) > centre + 1 : centreOf(box) < centre - 1,
    )
    .toSorted((a, b) =>
      direction === 'right' ? centreOf(a) - centreOf(b) : centreOf(b) - centreOf(a),
    );
  const next = candidates[0];
  if (!next) return null;
  return { x: centreOf(next) - card.width / 2, y: card.top };
}

/**
 * The creation date of a card for display, e.g. 'Mar 5, 2025' (en) or '05.03.2025' (de);
 * the raw text when it is not a valid date. One formatter per language (lib/date-format.ts).
 */
export function formatCardDate(iso: string, language: string): string {
  return formatDate(iso, language, 'date');
}
