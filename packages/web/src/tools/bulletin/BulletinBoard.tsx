/**
 * The Pinboard canvas (spec §2 /tools/bulletin "free-positioned sticky notes on a canvas", §4
 * Bulletin, §9 Bulletin layout): every note at its percent position, at the size for the
 * viewport (scaled 0.8 / 0.9 / 0.95, clamped 188..438 px), draggable with mouse, touch and
 * keyboard (dnd-kit), notes past their expiry left out (spec §4), and the empty board.
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
  displayedNoteSize,
  droppedPosition,
  isPostExpired,
  type NotePosition,
  type Post,
} from '@cipherspace/tools/bulletin';
import { EmptyState } from '../../components/EmptyState.tsx';
import { m } from '../../paraglide/messages.js';
import { bulletinAnnouncements, bulletinScreenReaderInstructions } from './bulletin-dnd.ts';
import type { PendingPositions } from './bulletin-hooks.ts';
import { DraggableStickyNote } from './StickyNote.tsx';

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
  const canvasRef = useRef<HTMLDivElement>(null);
  const posts = allPosts.filter((post) => !isPostExpired(post, new Date(now)));
  const positionOf = (post: Post): NotePosition => pending.get(post.id) ?? post.position;

  function handleDragEnd(event: DragEndEvent) {
    const postId = String(event.active.id);
    const post = posts.find((candidate) => candidate.id === postId);
    const canvas = canvasRef.current;
    // Deleted by someone else while being dragged: nothing left to move.
    if (!post || !canvas || (event.delta.x === 0 && event.delta.y === 0)) return;
    const start = positionOf(post);
    const position = droppedPosition(
      start,
      event.delta,
      { width: canvas.clientWidth, height: canvas.clientHeight },
      viewportWidth,
    );
    if (position.x !== start.x || position.y !== start.y) onMove(postId, position);
  }

  return (
    <DndContext sensors={sensors} accessibility={accessibility} onDragEnd={handleDragEnd}>
      <div
        ref={canvasRef}
        className="bulletin-canvas"
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
        ) : (
          posts.map((post) => (
            <DraggableStickyNote
              key={post.id}
              post={post}
              position={positionOf(post)}
              size={displayedNoteSize(post.size, viewportWidth)}
              language={language}
              showAuthor={showAuthor}
              allowMarkdown={allowMarkdown}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))
        )}
      </div>
    </DndContext>
  );
}
