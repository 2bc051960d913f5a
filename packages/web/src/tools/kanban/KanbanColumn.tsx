/**
 * One Kanban column (spec §2 /tools/kanban): coloured top border, header with name and card
 * count (with a work-in-progress limit `count/limit`, warned at and over the limit),
 * move-left/move-right arrows only when a move is possible, an edit button (name, colour, limit,
 * done flag), delete button only when deletion is allowed and the board is above its minimum,
 * for a done column "Archive done cards", an add-card button, and for an empty column a hint and
 * an add-first-card button. Archived cards are not counted. The column is a drop target for cards.
 */
import { useDroppable } from '@dnd-kit/core';
import { ArrowLeft, ArrowRight, Inbox, Plus, SearchX, X } from 'lucide-react';
import { memo, useId, useMemo, type CSSProperties } from 'react';

import {
  activeIssueCount,
  wipState,
  type Issue,
  type MoveStep,
  type Phase,
} from '@cipherspace/tools/tracker';
import { EmptyState } from '../../components/EmptyState.tsx';
import { m } from '../../paraglide/messages.js';
import { LongList } from '../tracker/LongList.tsx';
import { PhaseButtons } from '../tracker/PhaseButtons.tsx';
import { wipWarning } from '../tracker/tracker-filter.ts';
import type { BoardColumn } from './kanban-board.ts';
import type { ColumnDropData } from './kanban-dnd.ts';
import { DraggableKanbanCard, type CardDisplay } from './KanbanCard.tsx';

/** A card's height with the gap below it before it is measured (a card with a short description). */
export const CARD_ESTIMATE_PX = 170;

const issueKey = (issue: Issue) => issue.id;

// The due badge needs only whether the column is done: one object each, so cards keep their props.
const DONE_COLUMN: Pick<Phase, 'isEndPhase'> = { isEndPhase: true };
const OPEN_COLUMN: Pick<Phase, 'isEndPhase'> = { isEndPhase: false };

/**
 * The height of a long column's scroll box before layout, in CSS pixels: kanban.css bounds
 * `.kanban-cards-scroll` to `max(20rem, 100vh - 14rem)` (at the default 16 px rem), so its first
 * render does not fill in cards for the whole window height.
 */
export function cardsViewportPx(): number {
  const REM_PX = 16;
  return Math.max(20 * REM_PX, window.innerHeight - 14 * REM_PX);
}

export interface KanbanColumnProps {
  column: BoardColumn;
  display: CardDisplay;
  language: string;
  /** How a dragged card over this column would land: accepted, refused (full) or not over it. */
  dropState: 'idle' | 'accept' | 'refuse';
  /**
   * A card of this column that stays rendered while a long column shows only the cards in view:
   * the one being dragged, or the one just moved here with the keyboard (gets the focus back).
   */
  pinnedCardId?: string | null;
  /** The card of this column a dragged card is over (it would take its place), or null. */
  dropCardId?: string | null;
  onMove: (phaseId: string, direction: 'left' | 'right') => void;
  onDelete: (phaseId: string) => void;
  onAddCard: (phaseId: string) => void;
  onEditCard: (issue: Issue) => void;
  onDeleteCard: (issue: Issue) => void;
  /** Alt+arrow on a card's handle (see `stepMove`). */
  onStepCard: (issueId: string, step: MoveStep) => void;
  /** Edit the column (name, colour, limit, done flag); absent: no edit button. */
  onEdit?: (phaseId: string) => void;
  /** Archive (true) or restore (false) a card; absent: no archive buttons. */
  onArchiveCard?: (issue: Issue, archived: boolean) => void;
  /** Archive every card of this done column; absent: no such button. */
  onArchiveDone?: (phaseId: string) => void;
}

/**
 * A column of the board; takes its cards and control visibility from `column`. Memoised, like
 * its cards: pass stable callbacks and the same `column` object while the board is unchanged.
 */
export const KanbanColumn = memo(function KanbanColumn({
  column,
  display,
  language,
  dropState,
  pinnedCardId = null,
  dropCardId = null,
  onMove,
  onDelete,
  onAddCard,
  onEditCard,
  onDeleteCard,
  onStepCard,
  onEdit,
  onArchiveCard,
  onArchiveDone,
}: KanbanColumnProps) {
  const { phase, cards } = column;
  const headingId = useId();
  const data = useMemo<ColumnDropData>(
    () => ({ kind: 'column', name: phase.name, full: column.full }),
    [phase.name, column.full],
  );
  const { setNodeRef } = useDroppable({ id: phase.id, data });
  const count = activeIssueCount(phase);
  const filtered = column.search !== null;
  const wip = wipState(phase);
  const warning = wipWarning(phase);
  const countLabel = filtered
    ? m.kanban_column_count_filtered({ shown: String(cards.length), total: String(count) })
    : wip !== null
      ? m.kanban_column_count_limit({ count: String(count), max: String(wip.limit) })
      : m.kanban_column_count({ count: String(count) });
  const countShown = filtered ? `${String(cards.length)}/${String(count)}` : String(count);
  const style = { '--kanban-column-color': phase.color } as CSSProperties;
  const dueContext = phase.isEndPhase === true ? DONE_COLUMN : OPEN_COLUMN;
  const warningId = `${headingId}-wip`;

  return (
    <section
      ref={setNodeRef}
      className={`kanban-column kanban-drop-${dropState}${warning ? ' is-wip-warning' : ''}`}
      style={style}
      aria-labelledby={headingId}
      data-phase-id={phase.id}
    >
      <header className="kanban-column-header">
        <h2 id={headingId} className="kanban-column-name">
          {phase.name}
        </h2>
        <span
          className={`badge kanban-column-count${warning ? ' tracker-wip-badge' : ''}`}
          title={countLabel}
        >
          <span className="visually-hidden">{countLabel}</span>
          <span aria-hidden="true">
            {wip !== null && !filtered ? `${String(wip.count)}/${String(wip.limit)}` : countShown}
          </span>
        </span>
        <div className="kanban-column-controls">
          <PhaseButtons noun="card" phase={phase} onEdit={onEdit} onArchiveDone={onArchiveDone} />
          {column.canMoveLeft ? (
            <button
              type="button"
              className="kanban-icon-button"
              aria-label={m.kanban_move_column_left({ name: phase.name })}
              title={m.kanban_move_column_left({ name: phase.name })}
              onClick={() => onMove(phase.id, 'left')}
            >
              <ArrowLeft size={16} aria-hidden="true" />
            </button>
          ) : null}
          {column.canMoveRight ? (
            <button
              type="button"
              className="kanban-icon-button"
              aria-label={m.kanban_move_column_right({ name: phase.name })}
              title={m.kanban_move_column_right({ name: phase.name })}
              onClick={() => onMove(phase.id, 'right')}
            >
              <ArrowRight size={16} aria-hidden="true" />
            </button>
          ) : null}
          {column.canDelete ? (
            <button
              type="button"
              className="kanban-icon-button kanban-icon-danger"
              aria-label={m.kanban_delete_column({ name: phase.name })}
              title={m.kanban_delete_column({ name: phase.name })}
              onClick={() => onDelete(phase.id)}
            >
              <X size={16} aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </header>
      {warning ? (
        <p id={warningId} className="tracker-wip-warning" role="status">
          {warning}
        </p>
      ) : null}
      {phase.description.trim() !== '' ? (
        <p className="kanban-column-description">{phase.description}</p>
      ) : null}
      {cards.length === 0 && filtered ? (
        <EmptyState
          className="kanban-column-empty"
          icon={SearchX}
          text={m.kanban_column_no_matches()}
        />
      ) : cards.length === 0 ? (
        <EmptyState
          className="kanban-column-empty"
          icon={Inbox}
          text={m.kanban_empty_column()}
          action={
            <button
              type="button"
              className="button"
              aria-label={m.kanban_add_first_card_to({ name: phase.name })}
              disabled={column.full}
              onClick={() => onAddCard(phase.id)}
            >
              {m.kanban_add_first_card()}
            </button>
          }
        />
      ) : (
        <>
          <LongList
            items={cards}
            itemKey={issueKey}
            renderItem={(issue) => (
              <DraggableKanbanCard
                issue={issue}
                phaseId={phase.id}
                phaseName={phase.name}
                dropHere={issue.id === dropCardId}
                onStep={onStepCard}
                display={display}
                language={language}
                onEdit={onEditCard}
                onDelete={onDeleteCard}
                onArchive={onArchiveCard}
                phase={dueContext}
              />
            )}
            listClassName="kanban-cards"
            scrollClassName="kanban-cards-scroll"
            estimateItemPx={CARD_ESTIMATE_PX}
            initialViewportPx={cardsViewportPx}
            pinnedKey={pinnedCardId}
            fullCount={count}
          />
          {column.full ? <p className="kanban-column-full">{m.kanban_column_full()}</p> : null}
          <button
            type="button"
            className="button kanban-add-card"
            aria-label={m.kanban_add_card_to({ name: phase.name })}
            disabled={column.full}
            onClick={() => onAddCard(phase.id)}
          >
            <Plus size={16} aria-hidden="true" />
            {m.kanban_add_card()}
          </button>
        </>
      )}
    </section>
  );
});
