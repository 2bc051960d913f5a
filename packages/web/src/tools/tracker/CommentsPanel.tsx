/**
 * The comments of one issue or card (spec §2 /tools/ticket "comments section 'Comments (n)' with
 * textarea, Add Comment button, list newest first, per-comment delete, empty text 'No comments
 * yet. Be the first to comment!'"), shared by Kanban and Issue Management: comments are
 * sanitised markdown with `@mentions` highlighted; the box offers members after `@`
 * (MentionTextarea); Ctrl+Enter adds. A member edits (inline, Save/Cancel, Ctrl+Enter/Escape) and
 * deletes (after confirming) only their own comments; an edited one says so ("edited", with the
 * time as its title). An edit goes from the text the member started with: when the comment was
 * changed meanwhile (on their other device, or by an edit replayed later) the editor keeps their
 * text and shows both with the choice of the edit dialogs (EditConflictPanel). Layout: the list
 * is at most 300 px high (spec §9), tracker-details.css.
 */
import type { Comment } from '@cipherspace/tools/tracker';
import { useId, useRef, type KeyboardEvent } from 'react';

import { Markdown } from '../../components/Markdown.tsx';
import { useLanguage } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { formatDateTime } from '../../lib/date-format.ts';
import { DeleteConfirmDialog, useDeleteConfirmation } from '../content/DeleteConfirmDialog.tsx';
import { EditConflictPanel, type SaveOutcome } from '../content/EditConflictPanel.tsx';
import { commentsNewestFirst } from './issue-view.ts';
import { EditDeleteButtons, InlineEditButtons, useAddText, useInlineEdit } from './inline-edit.tsx';
import { MentionTextarea } from './MentionTextarea.tsx';

const isSubmitKey = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/** Case-insensitive name comparison, as the tracker compares authors. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The comments section. `me` is the current member's name (their comments get Edit and Delete;
 * blank: none does), `members` the names `@` offers and highlights. `onAdd`, `onUpdate`,
 * `onDelete` resolve true when the change was saved (an added comment's text is then cleared, an
 * edit closes; otherwise the text stays); `onUpdate` gets the text the edit started `from` and
 * may resolve a conflict, which the edit shows.
 */
export function CommentsPanel({
  comments,
  me,
  members,
  onAdd,
  onUpdate,
  onDelete,
}: {
  comments: readonly Comment[];
  me: string;
  members: readonly string[];
  onAdd: (text: string) => Promise<boolean>;
  onUpdate: (commentId: string, text: string, from: string) => Promise<SaveOutcome>;
  onDelete: (commentId: string) => Promise<boolean>;
}) {
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  const draft = useAddText(onAdd);
  const deletion = useDeleteConfirmation((comment: Comment) => onDelete(comment.id));

  const mentions = { members, me };

  return (
    <section className="tracker-comments" aria-labelledby={headingId}>
      <h3 id={headingId} className="tracker-section-title">
        {m.ticket_comments_heading({ count: comments.length })}
      </h3>
      <form className="tracker-comment-form" onSubmit={draft.handleSubmit}>
        <div className="field">
          <label htmlFor={fieldId}>{m.ticket_comment_label()}</label>
          <MentionTextarea
            id={fieldId}
            rows={3}
            value={draft.text}
            members={members}
            me={me}
            placeholder={m.ticket_comment_placeholder()}
            aria-describedby={hintId}
            aria-keyshortcuts="Control+Enter"
            onValueChange={draft.setText}
            onKeyDown={(event) => {
              if (!isSubmitKey(event)) return;
              event.preventDefault();
              void draft.add();
            }}
          />
          <span id={hintId} className="field-hint">
            {m.tracker_comment_hint()}
          </span>
        </div>
        <div>
          <button type="submit" className="button button-primary" disabled={!draft.canAdd}>
            {draft.adding ? m.ticket_adding_comment() : m.ticket_add_comment()}
          </button>
        </div>
      </form>
      {comments.length === 0 ? (
        <p className="tracker-comments-empty">{m.ticket_comments_empty()}</p>
      ) : (
        <ul className="tracker-comment-list" aria-labelledby={headingId}>
          {commentsNewestFirst(comments).map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              mine={me.trim() !== '' && sameName(comment.createdBy, me)}
              mentions={mentions}
              onUpdate={onUpdate}
              onDelete={() => deletion.ask(comment)}
            />
          ))}
        </ul>
      )}
      <DeleteConfirmDialog
        confirmation={deletion}
        title={() => m.ticket_delete_comment_title()}
        text={() => m.ticket_delete_comment_text()}
      />
    </section>
  );
}

/** One comment: author, date, "edited", its markdown, and for the author Edit and Delete. */
function CommentItem({
  comment,
  mine,
  mentions,
  onUpdate,
  onDelete,
}: {
  comment: Comment;
  mine: boolean;
  mentions: { members: readonly string[]; me: string };
  onUpdate: (commentId: string, text: string, from: string) => Promise<SaveOutcome>;
  onDelete: () => void;
}) {
  const language = useLanguage();
  const fieldId = useId();
  const hintId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const edit = useInlineEdit(
    comment.content,
    (text, from) => onUpdate(comment.id, text, from),
    editButton,
  );
  const date = formatDateTime(comment.createdAt, language);

  return (
    <li className="tracker-comment">
      <div className="tracker-comment-header">
        <span className="tracker-comment-author">{comment.createdBy}</span>
        <time className="tracker-comment-date" dateTime={comment.createdAt}>
          {date}
        </time>
        {comment.editedAt ? (
          <span
            className="tracker-comment-edited"
            title={m.tracker_comment_edited_at({
              date: formatDateTime(comment.editedAt, language),
            })}
          >
            ({m.tracker_comment_edited()})
          </span>
        ) : null}
        {mine && edit.text === null ? (
          <span className="tracker-comment-actions">
            <EditDeleteButtons
              editButton={editButton}
              editLabel={m.tracker_comment_edit_label({ name: comment.createdBy, date })}
              deleteLabel={m.ticket_comment_delete_label({ name: comment.createdBy, date })}
              onEdit={edit.start}
              onDelete={onDelete}
            />
          </span>
        ) : null}
      </div>
      {edit.text === null ? (
        <Markdown text={comment.content} mentions={mentions} className="tracker-comment-content" />
      ) : (
        <form className="tracker-comment-edit" onSubmit={edit.handleSubmit}>
          <label htmlFor={fieldId} className="visually-hidden">
            {m.tracker_comment_edit_field()}
          </label>
          <MentionTextarea
            id={fieldId}
            rows={3}
            value={edit.text}
            members={mentions.members}
            me={mentions.me}
            handlesEscape
            autoFocus
            aria-describedby={hintId}
            onValueChange={edit.setText}
            onKeyDown={(event) => {
              if (isSubmitKey(event)) {
                event.preventDefault();
                void edit.save();
              } else edit.handleKeyDown(event);
            }}
          />
          <span id={hintId} className="field-hint">
            {m.tracker_comment_edit_hint()}
          </span>
          {edit.conflict ? (
            <EditConflictPanel
              conflict={edit.conflict}
              busy={edit.saving}
              fieldLabel={() => m.tracker_comment_edit_field()}
              onResolve={edit.resolveConflict}
            />
          ) : null}
          <div className="row">
            <InlineEditButtons edit={edit} />
          </div>
        </form>
      )}
    </li>
  );
}
