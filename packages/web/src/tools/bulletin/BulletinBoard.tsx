/**
 * The Pinboard canvas (spec §2 /tools/bulletin "free-positioned sticky notes on a canvas", §4
 * Bulletin, §9 Bulletin layout): every note at its percent position, at the size for the
 * viewport (scaled 0.8 / 0.9 / 0.95, clamped 188..438 px), draggable with mouse, touch and
 * keyboard (dnd-kit), notes past their expiry left out (spec §4), and the empty board. The
 * notes sit on a board inside the canvas that is at least BOARD_MIN_WIDTH_PX wide (a narrower
 * canvas scrolls sideways) and grows so that no note is cut off, so notes placed apart stay
 * apart at every width (placement.ts); viewports up to 600 px show the notes as a list in
 * reading order instead (positions stay percent, so wide screens keep their layout).
 * Presentational: it renders the notes it is given and reports what the user asked for; the page
 * dispatches the operations.
 */
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { StickyNote as StickyNoteIcon } from 'lucide-react';
import { useMemo, useRef } from 'react';

import {
  BOARD_MIN_HEIGHT_PX,
  BOARD_MIN_WIDTH_PX,
  canvasHeightFor,
  displayedNoteSize,
  droppedPosition,
  isPostExpired,
  isStackedLayout,
  readingOrder,
  type NotePosition,
  type Post,
} from '@cipherspace/tools/bulletin';
import { EmptyState } from '../../components/EmptyState.tsx';
import { m } from '../../paraglide/messages.js';
import { bulletinAnnouncements, bulletinScreenReaderInstructions } from './bulletin-dnd.ts';
import type { PendingPositions } from './bulletin-hooks.ts';
import { DraggableStickyNote, StackedStickyNote } from './StickyNote.tsx';

/** Pixels the pointer must travel before a drag starts, so clicks on note buttons stay clicks. */
export const NOTE_DRAG_ACTIVATION_DISTANCE_PX = 5;

export interface BulletinBoardProps {
  /** All notes of the board, bottom to top; expired ones are not shown. */
  posts: readonly Post[];
  /** The time expiry is judged at, epoch ms (the page's clock). */
  now: number;
  /** Positions of notes dropped here and not yet saved; they win over the stored ones. */
  pending: PendingPositions;
  /** Viewport width in CSS px, for the §9 scaling and clamps. */
  viewportWidth: number;
  /** Interface language, for dates. */
  language: string;
  showAuthor: boolean;
  allowMarkdown: boolean;
  /** A note was dropped somewhere else: its new position in percent (clamped). */
  onMove: (postId: string, position: NotePosition) => void;
  onEdit: (post: Post) => void;
  /** The user asked to delete a note (the page confirms first). */
  onDelete: (post: Post) => void;
  /** The Add First Note button of the empty board. */
  onAddFirst: () => void;
  /** Whether adding is possible now (the button is disabled otherwise). */
  addDisabled?: boolean;
}

/** Renders the canvas with the notes; see {@link BulletinBoardProps}. */
export function BulletinBoard({
  posts: allPosts,
  now,
  pending,
  viewportWidth,
  language,
  showAuthor,
  allowMarkdown,
  onMove,
  onEdit,
  onDelete,
  onAddFirst,
  addDisabled = false,
}: BulletinBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, {
      activationConstraint: { distance: NOTE_DRAG_ACTIVATION_DISTANCE_PX },
    }),
    useSensor(KeyboardSensor),
  );
  const accessibility = useMemo(
    () => ({
      announcements: bulletinAnnouncements(),
      screenReaderInstructions: bulletinScreenReaderInstructions(),
    }),
    [],
  );
  // Percent positions refer to this board, not to the canvas that may scroll around it.
  const boardRef = useRef<HTMLDivElement>(null);
  const posts = allPosts.filter((post) => !isPostExpired(post, new Date(now)));
  const positionOf = (post: Post): NotePosition => pending.get(post.id) ?? post.position;
  const sizeOf = (post: Post) => displayedNoteSize(post.size, viewportWidth);
  // Narrow screens list the notes in reading order; wide ones grow the canvas to hold them all.
  const stacked = isStackedLayout(viewportWidth);
  const height = canvasHeightFor(
    posts.map((post) => ({ position: positionOf(post), size: sizeOf(post) })),
    0,
  );
  const viewProps = (post: Post) => ({
    post,
    size: sizeOf(post),
    language,
    showAuthor,
    allowMarkdown,
    onEdit,
    onDelete,
  });

  function handleDragEnd(event: DragEndEvent) {
    const postId = String(event.active.id);
    const post = posts.find((candidate) => candidate.id === postId);
    const board = boardRef.current;
    // Deleted by someone else while being dragged: nothing left to move.
    if (!post || !board || (event.delta.x === 0 && event.delta.y === 0)) return;
    const start = positionOf(post);
    const position = droppedPosition(
      start,
      event.delta,
      { width: board.clientWidth, height: board.clientHeight },
      viewportWidth,
    );
    if (position.x !== start.x || position.y !== start.y) onMove(postId, position);
  }

  return (
    <DndContext sensors={sensors} accessibility={accessibility} onDragEnd={handleDragEnd}>
      <div
        className={stacked ? 'bulletin-canvas bulletin-canvas-stacked' : 'bulletin-canvas'}
        role="region"
        aria-label={m.bulletin_canvas_label()}
      >
        {posts.length === 0 ? (
          <EmptyState
            className="bulletin-empty"
            icon={StickyNoteIcon}
            title={m.bulletin_empty_title()}
            text={m.bulletin_empty_text()}
            action={
              <button
                type="button"
                className="button button-primary"
                disabled={addDisabled}
                onClick={onAddFirst}
              >
                {m.bulletin_add_first_note()}
              </button>
            }
          />
        ) : stacked ? (
          <ol className="bulletin-stack">
            {readingOrder(posts.map((post) => ({ post, position: positionOf(post) }))).map(
              ({ post }) => (
                <StackedStickyNote key={post.id} {...viewProps(post)} />
              ),
            )}
          </ol>
        ) : (
          <div
            ref={boardRef}
            className="bulletin-board"
            // The height is rounded up, less a float's error.
            style={{
              minWidth: `${BOARD_MIN_WIDTH_PX}px`,
              minHeight: `${BOARD_MIN_HEIGHT_PX}px`,
              height: `${Math.ceil(height - 0.001)}px`,
            }}
          >
            {posts.map((post) => (
              <DraggableStickyNote key={post.id} position={positionOf(post)} {...viewProps(post)} />
            ))}
          </div>
        )}
      </div>
    </DndContext>
  );
}
