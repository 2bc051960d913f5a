/**
 * A sticky note on the Pinboard (spec §2 /tools/bulletin: "Each note shows title,
 * markdown-formatted content, author, type icon, priority icon, tags, expiry text, and edit and
 * delete buttons on hover"). The buttons also show while anything in the note has keyboard
 * focus, and always on touch screens; they sit in a row of their own under the content, so they
 * cover nothing. {@link DraggableStickyNote} places the note on the canvas
 * and makes it draggable with the pointer (anywhere on the note) and the keyboard (its move
 * handle).
 */
import { useDraggable } from '@dnd-kit/core';
import { GripVertical, Pencil, Trash2 } from 'lucide-react';
import { useId, type CSSProperties, type ReactNode } from 'react';

import {
  noteLinkHref,
  type NotePosition,
  type NoteSize,
  type Post,
} from '@cipherspace/tools/bulletin';
import { formatDate } from '../../lib/date-format.ts';
import { m } from '../../paraglide/messages.js';
import type { NoteDragData } from './bulletin-dnd.ts';
import { postPriorityText, postTypeText } from './bulletin-messages.ts';
import { PostPriorityIcon, PostTypeIcon } from './icons.tsx';
import { Markdown, MARKDOWN_LINK_REL } from '../../components/Markdown.tsx';

/** The expiry of a note as shown ('Jun 1, 2024, 2:30 PM'); the raw text when unreadable. */
export function formatExpiry(iso: string, language: string): string {
  return formatDate(iso, language, 'dateTime');
}

export interface StickyNoteViewProps {
  post: Post;
  /** Interface language, for the expiry date. */
  language: string;
  /** settings.showAuthor */
  showAuthor: boolean;
  /** settings.allowMarkdown: false shows the content as plain text. */
  allowMarkdown: boolean;
  /** The move handle (left of the title). */
  handle?: ReactNode;
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
}

/** The note's content as an `<article>` named by its title. */
export function StickyNoteView({
  post,
  language,
  showAuthor,
  allowMarkdown,
  handle,
  onEdit,
  onDelete,
}: StickyNoteViewProps) {
  const titleId = useId();
  const href = post.type === 'Link' ? noteLinkHref(post.url) : null;
  const typeText = postTypeText(post.type);
  const priorityText = postPriorityText(post.priority);
  return (
    <article className="bulletin-note-body" aria-labelledby={titleId}>
      <header className="bulletin-note-header">
        {handle}
        <span className="bulletin-note-icon" title={typeText}>
          <PostTypeIcon type={post.type} />
          <span className="visually-hidden">{m.bulletin_note_type({ type: typeText })}</span>
        </span>
        <h2 id={titleId} className="bulletin-note-title">
          {post.title}
        </h2>
        <span
          className={`bulletin-note-icon bulletin-priority-${post.priority.toLowerCase()}`}
          title={priorityText}
        >
          <PostPriorityIcon priority={post.priority} />
          <span className="visually-hidden">
            {m.bulletin_note_priority({ priority: priorityText })}
          </span>
        </span>
      </header>
      {/* Focusable, so that a long note can be scrolled with the keyboard (WCAG 2.1.1). */}
      <div className="bulletin-note-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
        {post.type === 'Link' && post.url.trim() !== '' ? (
          <p className="bulletin-note-link">
            {href ? (
              <a href={href} target="_blank" rel={MARKDOWN_LINK_REL}>
                {post.url.trim()}
              </a>
            ) : (
              // Not a web or mail address: shown, never linked.
              <span>{m.bulletin_note_link({ url: post.url.trim() })}</span>
            )}
          </p>
        ) : null}
        {post.content.trim() === '' ? null : allowMarkdown ? (
          <Markdown text={post.content} />
        ) : (
          <p className="bulletin-note-plain">{post.content}</p>
        )}
      </div>
      {post.tags.length > 0 ? (
        <ul className="bulletin-note-tags" aria-label={m.bulletin_note_tags()}>
          {post.tags.map((tag) => (
            <li key={tag} className="bulletin-note-tag">
              #{tag}
            </li>
          ))}
        </ul>
      ) : null}
      {showAuthor || post.expiresAt ? (
        <footer className="bulletin-note-footer">
          {showAuthor ? <span>{m.bulletin_note_author({ name: post.author })}</span> : null}
          {post.expiresAt ? (
            <span className="bulletin-note-expiry">
              {m.bulletin_note_expires({ date: formatExpiry(post.expiresAt, language) })}
            </span>
          ) : null}
        </footer>
      ) : null}
      {/* In the flow below the content, so they cover nothing (44 px targets in the CSS). */}
      <div className="bulletin-note-actions">
        <button
          type="button"
          className="bulletin-icon-button"
          aria-label={m.bulletin_edit_note({ title: post.title })}
          title={m.bulletin_edit_note({ title: post.title })}
          onClick={() => onEdit(post)}
        >
          <Pencil size={16} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="bulletin-icon-button bulletin-icon-danger"
          aria-label={m.bulletin_delete_note({ title: post.title })}
          title={m.bulletin_delete_note({ title: post.title })}
          onClick={() => onDelete(post)}
        >
          <Trash2 size={16} aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}

export interface DraggableStickyNoteProps extends Omit<StickyNoteViewProps, 'handle'> {
  /** Where the note is shown, in percent of the canvas (left, top). */
  position: NotePosition;
  /** The displayed size in CSS px (spec §9 scaling and clamps already applied). */
  size: NoteSize;
}

/**
 * A note placed at `position` percent on the canvas with `size` px, in its colour. Drag it with
 * the mouse or touch anywhere on the note (after a few pixels, so its buttons stay clickable),
 * or with the keyboard from its move handle: Space/Enter picks it up, the arrow keys move it,
 * Space/Enter drops it, Escape cancels.
 */
export function DraggableStickyNote({ position, size, ...view }: DraggableStickyNoteProps) {
  const { post } = view;
  const data: NoteDragData = { kind: 'note', title: post.title };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } =
    useDraggable({ id: post.id, data, attributes: { roleDescription: m.bulletin_drag_role() } });
  const style: CSSProperties = {
    left: `${position.x}%`,
    top: `${position.y}%`,
    width: `${size.width}px`,
    height: `${size.height}px`,
    backgroundColor: post.color,
    transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
  };
  const handle = (
    <button
      ref={setActivatorNodeRef}
      type="button"
      className="bulletin-note-handle"
      {...attributes}
      aria-label={m.bulletin_move_note({ title: post.title })}
      title={m.bulletin_move_note({ title: post.title })}
    >
      <GripVertical size={16} aria-hidden="true" />
    </button>
  );
  return (
    <div
      ref={setNodeRef}
      className={`bulletin-note${isDragging ? ' bulletin-note-dragging' : ''}`}
      style={style}
      data-post-id={post.id}
      {...listeners}
    >
      <StickyNoteView {...view} handle={handle} />
    </div>
  );
}

/**
 * A note in the stacked list of narrow screens: full width, at its displayed height, in its
 * colour; not draggable (its percent position keeps the wide screens' layout).
 */
export function StackedStickyNote({ size, ...view }: Omit<DraggableStickyNoteProps, 'position'>) {
  const { post } = view;
  return (
    <li
      className="bulletin-note bulletin-note-stacked"
      style={{ height: `${size.height}px`, backgroundColor: post.color }}
      data-post-id={post.id}
    >
      <StickyNoteView {...view} />
    </li>
  );
}
