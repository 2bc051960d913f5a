/**
 * The drag-and-drop glue of the Kanban board (spec §2 "Cards are draggable between columns",
 * §4 Issue/card moves) for dnd-kit: what a dragged card and a column carry as `data`, the
 * translated screen-reader instructions and announcements, the keyboard step from column to
 * column, and a collision detection that works for both pointer and keyboard.
 */
import {
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';

import { m } from '../../paraglide/messages.js';
import { containerCollisions } from '../tracker/dnd-collisions.ts';
import { columnStep, type Box } from './kanban-board.ts';

/** What a draggable card carries (`useDraggable({ data })`). */
export interface CardDragData {
  kind: 'card';
  title: string;
  /** The column the card is in when the drag starts. */
  phaseId: string;
  phaseName: string;
}

/** What a droppable column carries (`useDroppable({ data })`). */
export interface ColumnDropData {
  kind: 'column';
  name: string;
  /** The column holds its `maxIssues`: a card from elsewhere is refused. */
  full: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The card data of a dnd-kit `active.data.current`, or null when it is not a card. */
export function cardData(value: unknown): CardDragData | null {
  if (!isRecord(value) || value.kind !== 'card') return null;
  const { title, phaseId, phaseName } = value;
  if (typeof title !== 'string' || typeof phaseId !== 'string' || typeof phaseName !== 'string')
    return null;
  return { kind: 'card', title, phaseId, phaseName };
}

/** The column data of a dnd-kit `over.data.current`, or null when it is not a column. */
export function columnData(value: unknown): ColumnDropData | null {
  if (!isRecord(value) || value.kind !== 'column') return null;
  const { name, full } = value;
  if (typeof name !== 'string' || typeof full !== 'boolean') return null;
  return { kind: 'column', name, full };
}

/** The translated instructions dnd-kit attaches to every drag handle (aria-describedby). */
export function kanbanScreenReaderInstructions(): ScreenReaderInstructions {
  return { draggable: m.kanban_sr_instructions() };
}

interface Target {
  id: string | number;
  data: { current?: unknown };
}

// Texts are built when dnd-kit asks, so they follow the current language.
function describeDrop(active: Target, over: Target | null, ended: boolean): string | undefined {
  const card = cardData(active.data.current);
  if (!card) return undefined;
  const column = over ? columnData(over.data.current) : null;
  const title = card.title;
  if (!over || !column) {
    return ended ? m.kanban_sr_dropped_outside({ title }) : m.kanban_sr_outside({ title });
  }
  const same = String(over.id) === card.phaseId;
  if (!ended) {
    return column.full && !same
      ? m.kanban_sr_over_full({ title, column: column.name })
      : m.kanban_sr_over({ title, column: column.name });
  }
  if (same) return m.kanban_sr_dropped_same({ title, column: column.name });
  if (column.full) return m.kanban_sr_dropped_full({ title, column: column.name });
  return m.kanban_sr_dropped({ title, column: column.name });
}

/**
 * The live-region announcements of a card drag, translated: picked up, over a column (or a full
 * one, or none), dropped (moved, back in its own column, refused because full, outside), and
 * cancelled. Non-card drags are not announced. A column is announced only when the card reaches
 * a different one, so "picked up" is not overwritten at once by "over its own column". Create
 * one set per board (it remembers the last column announced).
 */
export function kanbanAnnouncements(): Announcements {
  let announcedOver: string | null = null;
  return {
    onDragStart({ active }) {
      const card = cardData(active.data.current);
      announcedOver = card?.phaseId ?? null;
      return card
        ? m.kanban_sr_picked_up({ title: card.title, column: card.phaseName })
        : undefined;
    },
    onDragOver({ active, over }) {
      const overId = over ? String(over.id) : null;
      if (overId === announcedOver) return undefined;
      announcedOver = overId;
      return describeDrop(active, over, false);
    },
    onDragEnd({ active, over }) {
      return describeDrop(active, over, true);
    },
    onDragCancel({ active }) {
      const card = cardData(active.data.current);
      return card
        ? m.kanban_sr_cancelled({ title: card.title, column: card.phaseName })
        : undefined;
    },
  };
}

/**
 * Keyboard movement of a picked-up card: ArrowRight/ArrowLeft jump to the centre of the next
 * column in that direction (see {@link columnStep}); other keys do not move the card.
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const direction =
    event.code === 'ArrowRight' ? 'right' : event.code === 'ArrowLeft' ? 'left' : null;
  const card = context.collisionRect;
  if (direction === null || !card) return undefined;
  event.preventDefault();
  const columns: Box[] = [];
  for (const container of context.droppableContainers.getEnabled()) {
    const rect = context.droppableRects.get(container.id);
    if (rect && columnData(container.data.current)) columns.push(rect);
  }
  return columnStep(columns, card, direction) ?? undefined;
};

/** The column under the pointer, or the one a keyboard-moved card overlaps most. */
export const kanbanCollisions: CollisionDetection = containerCollisions;
