/**
 * Drag and drop of both trackers (dnd-kit): only columns and phases are droppables — a droppable
 * per card would make every card that a search or scroll brings into view register with dnd-kit
 * and re-render the whole board once more — and the card or issue under the pointer is found by
 * hit-testing the page ({@link itemUnderPointer}).
 */
import {
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type DragMoveEvent,
} from '@dnd-kit/core';

/** Pointer drags hit the container under the pointer; keyboard drags the one overlapped most. */
export const containerCollisions: CollisionDetection = (args) => {
  const underPointer = pointerWithin(args);
  return underPointer.length > 0 ? underPointer : rectIntersection(args);
};

/**
 * The id (`data-issue-id`) of the card or issue under the pointer of a pointer drag, other than
 * the dragged one `activeId`, inside `root`; null for a keyboard drag or when there is none.
 */
export function itemUnderPointer(
  event: Pick<DragMoveEvent, 'activatorEvent' | 'delta'>,
  activeId: string,
  root: Element | null,
): string | null {
  const start = event.activatorEvent;
  if (root === null || !('clientX' in start) || typeof start.clientX !== 'number') return null;
  const x = start.clientX + event.delta.x;
  const y = (start as PointerEvent).clientY + event.delta.y;
  for (const element of document.elementsFromPoint(x, y)) {
    const item = element.closest<HTMLElement>('[data-issue-id]');
    const id = item?.dataset.issueId;
    if (item && id !== undefined && root.contains(item)) return id === activeId ? null : id;
  }
  return null;
}
