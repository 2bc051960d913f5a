/**
 * The Kanban board (spec §2 /tools/kanban, §4 Issue/card moves): columns side by side with
 * horizontal scrolling, and drag and drop of cards between columns with the mouse, touch or the
 * keyboard (dnd-kit), announced to screen readers. Presentational: it renders `content` and
 * reports what the user asked for; the page dispatches the named operations.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

import {
  findIssue,
  type Issue,
  type MoveStep,
  type KanbanContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { itemUnderPointer } from '../tracker/dnd-collisions.ts';
import { keyboardStep, type StepTexts } from '../tracker/keyboard-step.ts';
import { useMoveRefocus } from '../tracker/use-move-refocus.ts';
import { boardColumns, cardSlotId, planCardDrop, type BoardSearch } from './kanban-board.ts';
import {
  columnKeyboardCoordinates,
  kanbanAnnouncements,
  kanbanCollisions,
  kanbanScreenReaderInstructions,
} from './kanban-dnd.ts';
import { KanbanCardView } from './KanbanCard.tsx';
import { KanbanColumn } from './KanbanColumn.tsx';

/** What a screen reader hears of an Alt+arrow step on Kanban. */
const KANBAN_STEP_TEXTS: StepTexts = {
  cannotMove: m.kanban_sr_cannot_move,
  movedTo: ({ phase, ...rest }) => m.kanban_sr_moved_to({ ...rest, column: phase }),
};
/** Pixels the pointer must travel before a drag starts, so clicks on card buttons stay clicks. */
export const DRAG_ACTIVATION_DISTANCE_PX = 5;

// Sensor options made once: dnd-kit memoises its sensors on these objects, and new ones on every
// render would hand every draggable card a new context, re-rendering all of them on any change.
const POINTER_SENSOR_OPTIONS = {
  activationConstraint: { distance: DRAG_ACTIVATION_DISTANCE_PX },
};
const KEYBOARD_SENSOR_OPTIONS = { coordinateGetter: columnKeyboardCoordinates };

export interface KanbanBoardProps {
  content: KanbanContent;
  /** Show only the cards this search found (`searchBoard` of `content`); null or absent: all. */
  search?: BoardSearch | null;
  /** Interface language, for dates. */
  language: string;
  onMoveColumn: (phaseId: string, direction: 'left' | 'right') => void;
  /** The user asked to delete a column (the page confirms first). */
  onDeleteColumn: (phaseId: string) => void;
  onAddCard: (phaseId: string) => void;
  onEditCard: (issue: Issue) => void;
  /** The user asked to delete a card (the page confirms first). */
  onDeleteCard: (issue: Issue) => void;
  /**
   * A card was dropped on another column that accepts it (`moveIssue` appending it there), or on
   * another card (`moveIssue` to its place), or moved one step with Alt+arrow.
   */
  onMoveCard: (operation: Extract<TrackerOperation, { type: 'moveIssue' }>) => void;
  /** A card was dropped on a full column; nothing was moved. */
  onDropRefused: () => void;
  /** Archive (true) or restore (false) a card; absent: cards have no archive button. */
  onArchiveCard?: (issue: Issue, archived: boolean) => void;
  /** Edit a column (the page opens the column form); absent: no edit button. */
  onEditColumn?: (phaseId: string) => void;
  /** Archive every card of a done column; absent: no such button. */
  onArchiveDone?: (phaseId: string) => void;
  /** Compact cards (title, badges, initials); default false. */
  compact?: boolean;
  /** The member's local day `YYYY-MM-DD` for the due badges; absent: no due badges. */
  today?: string;
}

/** Renders the columns of `content` and handles card drags; see {@link KanbanBoardProps}. */
export function KanbanBoard({
  content,
  search = null,
  language,
  onMoveColumn,
  onDeleteColumn,
  onAddCard,
  onEditCard,
  onDeleteCard,
  onMoveCard,
  onDropRefused,
  onArchiveCard,
  onEditColumn,
  onArchiveDone,
  compact = false,
  today,
}: KanbanBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_SENSOR_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_SENSOR_OPTIONS),
  );
  // One set per board: it remembers which column it announced last.
  const accessibility = useMemo(
    () => ({
      announcements: kanbanAnnouncements(),
      screenReaderInstructions: kanbanScreenReaderInstructions(),
    }),
    [],
  );
  const [activeId, setActiveId] = useState<string | null>(null);
  // What a dragged card is over: the column, and the card under the pointer there, if any.
  const [over, setOver] = useState<{ phaseId: string; cardId: string | null } | null>(null);
  // The last Alt+arrow step, said to screen readers (dnd-kit announces only drags).
  const [stepNews, setStepNews] = useState('');
  const boardRef = useRef<HTMLDivElement>(null);
  // A card moved with the keyboard re-mounts in its new column; its handle gets the focus back
  // (and the card stays rendered in a long column until it has it).
  const {
    movedId,
    expectMove,
    forget: forgetMove,
  } = useMoveRefocus(
    content,
    (issueId) =>
      boardRef.current?.querySelector<HTMLElement>(
        `[data-issue-id="${CSS.escape(issueId)}"] .kanban-drag-handle`,
      ) ?? null,
  );
  // The same column objects while the board is unchanged, so memoised columns and cards skip
  // re-rendering on drag state changes; after a change, the same objects for every column the
  // change did not touch (derived state, computed during the render that sees new content).
  const [derived, setDerived] = useState(() => ({
    content,
    search,
    columns: boardColumns(content, [], search),
  }));
  let columns = derived.columns;
  if (derived.content !== content || derived.search !== search) {
    columns = boardColumns(content, derived.columns, search);
    setDerived({ content, search, columns });
  }
  // The settings a card shows, as one object that changes only when one of them does (a new
  // settings object from a reloaded snapshot re-renders no card).
  const { showEstimation, showPriority, showAssignedPerson, showComments, showTags } =
    content.settings;
  const { tagColors } = content;
  const display = useMemo(
    () => ({
      showEstimation,
      showPriority,
      showAssignedPerson,
      showComments,
      showTags,
      tagColors,
      compact,
      today,
    }),
    [
      showEstimation,
      showPriority,
      showAssignedPerson,
      showComments,
      showTags,
      tagColors,
      compact,
      today,
    ],
  );
  // Stable callbacks for the memoised columns and cards, calling the page's latest handlers.
  const latest = {
    content,
    onMoveColumn,
    onDeleteColumn,
    onAddCard,
    onEditCard,
    onDeleteCard,
    onMoveCard,
    onDropRefused,
    onArchiveCard,
    onEditColumn,
    onArchiveDone,
  };
  const handlers = useRef(latest);
  useLayoutEffect(() => {
    handlers.current = latest;
  });
  const moveColumn = useCallback(
    (phaseId: string, direction: 'left' | 'right') =>
      handlers.current.onMoveColumn(phaseId, direction),
    [],
  );
  const deleteColumn = useCallback(
    (phaseId: string) => handlers.current.onDeleteColumn(phaseId),
    [],
  );
  const addCard = useCallback((phaseId: string) => handlers.current.onAddCard(phaseId), []);
  const editCard = useCallback((issue: Issue) => handlers.current.onEditCard(issue), []);
  const deleteCard = useCallback((issue: Issue) => handlers.current.onDeleteCard(issue), []);
  const archiveCard = useCallback(
    (issue: Issue, archived: boolean) => handlers.current.onArchiveCard?.(issue, archived),
    [],
  );
  const editColumn = useCallback((phaseId: string) => handlers.current.onEditColumn?.(phaseId), []);
  const archiveDone = useCallback(
    (phaseId: string) => handlers.current.onArchiveDone?.(phaseId),
    [],
  );
  const stepCard = useCallback(
    (issueId: string, step: MoveStep) => {
      const { content: board, onMoveCard: move, onDropRefused: refused } = handlers.current;
      const planned = keyboardStep(board, issueId, step, KANBAN_STEP_TEXTS);
      if (planned.full) refused();
      if (planned.move) {
        expectMove(issueId, planned.move.toPhaseId);
        move({ type: 'moveIssue', ...planned.move });
      }
      if (planned.news !== null) setStepNews(planned.news);
    },
    [expectMove],
  );
  // A card deleted by someone else while being dragged simply has no preview any more.
  const active = activeId === null ? null : findIssue(content, activeId);
  // The dragged card (or the one just moved) and its column, which keeps it rendered.
  const pinnedId = activeId ?? movedId;
  const pinned = pinnedId === null ? null : (active ?? findIssue(content, pinnedId));
  const pinnedPhaseId = pinned?.phase.id ?? null;

  function reset() {
    setActiveId(null);
    setOver(null);
  }

  function handleDragStart(event: DragStartEvent) {
    forgetMove();
    setActiveId(String(event.active.id));
    setOver(null);
  }

  // The column and the card under the pointer; a state change only when either changes.
  function trackOver(event: DragOverEvent | DragMoveEvent) {
    const phaseId = event.over ? String(event.over.id) : null;
    const cardId =
      phaseId === null ? null : itemUnderPointer(event, String(event.active.id), boardRef.current);
    setOver((last) =>
      phaseId === null
        ? null
        : last?.phaseId === phaseId && last.cardId === cardId
          ? last
          : { phaseId, cardId },
    );
  }

  function handleDragEnd(event: DragEndEvent) {
    reset();
    const activeCard = String(event.active.id);
    const cardId = event.over ? itemUnderPointer(event, activeCard, boardRef.current) : null;
    const plan = planCardDrop(
      content,
      activeCard,
      cardId !== null ? cardSlotId(cardId) : event.over ? String(event.over.id) : null,
    );
    if (plan.kind === 'move') {
      if (event.activatorEvent instanceof KeyboardEvent) {
        expectMove(plan.operation.issueId, plan.operation.toPhaseId);
      }
      onMoveCard(plan.operation);
    } else if (plan.kind === 'full') onDropRefused();
  }

  function dropState(phaseId: string): 'idle' | 'accept' | 'refuse' {
    if (activeId === null || over?.phaseId !== phaseId) return 'idle';
    const plan = planCardDrop(
      content,
      activeId,
      over.cardId !== null ? cardSlotId(over.cardId) : phaseId,
    );
    return plan.kind === 'full' ? 'refuse' : 'accept';
  }

  // The card a dragged card is over (not itself): it would take its place.
  const dropCardId = activeId !== null ? (over?.cardId ?? null) : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={kanbanCollisions}
      accessibility={accessibility}
      onDragStart={handleDragStart}
      onDragOver={trackOver}
      onDragMove={trackOver}
      onDragEnd={handleDragEnd}
      onDragCancel={reset}
    >
      <div
        ref={boardRef}
        className="kanban-board"
        role="region"
        aria-label={m.kanban_board_label()}
      >
        {columns.map((column) => (
          <KanbanColumn
            key={column.phase.id}
            column={column}
            display={display}
            language={language}
            dropState={dropState(column.phase.id)}
            pinnedCardId={column.phase.id === pinnedPhaseId ? pinnedId : null}
            dropCardId={over?.phaseId === column.phase.id ? dropCardId : null}
            onMove={moveColumn}
            onDelete={deleteColumn}
            onAddCard={addCard}
            onEditCard={editCard}
            onDeleteCard={deleteCard}
            onStepCard={stepCard}
            onArchiveCard={onArchiveCard ? archiveCard : undefined}
            onEdit={onEditColumn ? editColumn : undefined}
            onArchiveDone={onArchiveDone ? archiveDone : undefined}
          />
        ))}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {stepNews}
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className="kanban-card kanban-card-overlay" aria-hidden="true">
            <KanbanCardView issue={active.issue} display={display} language={language} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
