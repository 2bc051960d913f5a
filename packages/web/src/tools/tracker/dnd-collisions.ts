/**
 * The collision detection of both trackers' drag and drop (dnd-kit): a pointer drag hits the
 * item (card or issue) under the pointer, taking its place, else the column or phase under it;
 * a drag without a pointer (the keyboard) hits the column or phase the dragged item overlaps
 * most, never an item.
 */
import { pointerWithin, rectIntersection, type CollisionDetection } from '@dnd-kit/core';

/**
 * Builds the detection from two tests on a droppable's `data.current`: whether it is an item
 * and whether it is a container (column or phase).
 */
export function itemFirstCollisions(
  isItem: (data: unknown) => boolean,
  isContainer: (data: unknown) => boolean,
): CollisionDetection {
  return (args) => {
    const underPointer = pointerWithin(args);
    if (underPointer.length > 0) {
      const dataOf = (id: string | number) =>
        args.droppableContainers.find((container) => container.id === id)?.data.current;
      const item = underPointer.find((hit) => isItem(dataOf(hit.id)));
      return item ? [item] : underPointer;
    }
    return rectIntersection({
      ...args,
      droppableContainers: args.droppableContainers.filter((container) =>
        isContainer(container.data.current),
      ),
    });
  };
}
