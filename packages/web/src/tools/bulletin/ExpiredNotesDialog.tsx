/**
 * The expired notes of the Pinboard, listed on demand (spec §4 Bulletin: notes whose expiresAt
 * is past are hidden from the board). Each row shows the note's title and when it expired, a
 * new expiry (a week from now unless changed; empty for no expiry) with Extend, and Delete.
 * Presentational: the page runs updatePost and deletePost.
 */
import { useState } from 'react';

import {
  defaultExtendedExpiry,
  extendsPast,
  fromDateTimeLocal,
  toDateTimeLocal,
  type Post,
} from '@cipherspace/tools/bulletin';
import { Modal } from '../../components/Modal.tsx';
import { m } from '../../paraglide/messages.js';
import { formatExpiry } from './StickyNote.tsx';

export interface ExpiredNotesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The expired notes, in the order to list them. */
  posts: readonly Post[];
  /** The time expiry is judged at, epoch ms. */
  now: number;
  /** Interface language, for dates. */
  language: string;
  /** Sets a note's expiry (ISO 8601, or null for none); true when saved. */
  onExtend: (post: Post, expiresAt: string | null) => Promise<boolean>;
  /** Deletes a note; true when saved. */
  onDelete: (post: Post) => Promise<boolean>;
}

/** The dialog; see {@link ExpiredNotesDialogProps}. */
export function ExpiredNotesDialog({
  open,
  onOpenChange,
  posts,
  now,
  language,
  onExtend,
  onDelete,
}: ExpiredNotesDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={m.bulletin_expired_title()}
      description={m.bulletin_expired_description()}
    >
      {posts.length === 0 ? (
        <p>{m.bulletin_expired_none()}</p>
      ) : (
        <ul className="bulletin-expired-list">
          {posts.map((post) => (
            <ExpiredNoteRow
              key={post.id}
              post={post}
              now={now}
              language={language}
              onExtend={onExtend}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => onOpenChange(false)}>
          {m.common_close()}
        </button>
      </div>
    </Modal>
  );
}

function ExpiredNoteRow({
  post,
  now,
  language,
  onExtend,
  onDelete,
}: Pick<ExpiredNotesDialogProps, 'now' | 'language' | 'onExtend' | 'onDelete'> & {
  post: Post;
}) {
  const [value, setValue] = useState(() => toDateTimeLocal(defaultExtendedExpiry(now)));
  const [problem, setProblem] = useState(false);
  const [busy, setBusy] = useState(false);
  const inputId = `bulletin-expiry-${post.id}`;
  const hintId = `${inputId}-hint`;

  async function act(action: () => Promise<boolean>) {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  function extend() {
    const expiresAt = fromDateTimeLocal(value);
    // A time already past would leave the note hidden: say so instead of saving it.
    if (!extendsPast(expiresAt, Date.now())) {
      setProblem(true);
      return;
    }
    setProblem(false);
    void act(() => onExtend(post, expiresAt));
  }

  return (
    <li className="bulletin-expired-item" data-post-id={post.id}>
      <div className="bulletin-expired-head">
        <strong>{post.title}</strong>
        <span className="bulletin-expired-when">
          {m.bulletin_expired_at({ date: formatExpiry(post.expiresAt ?? '', language) })}
        </span>
      </div>
      <div className="bulletin-expired-actions">
        <div className="field">
          <label htmlFor={inputId}>{m.bulletin_expired_new_expiry()}</label>
          <input
            id={inputId}
            type="datetime-local"
            value={value}
            aria-describedby={hintId}
            aria-invalid={problem || undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setProblem(false);
            }}
          />
        </div>
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          aria-label={m.bulletin_expired_extend_note({ title: post.title })}
          onClick={extend}
        >
          {m.bulletin_expired_extend()}
        </button>
        <button
          type="button"
          className="button button-danger-outline"
          disabled={busy}
          aria-label={m.bulletin_delete_note({ title: post.title })}
          onClick={() => void act(() => onDelete(post))}
        >
          {m.common_delete()}
        </button>
      </div>
      <p id={hintId} className={problem ? 'field-error' : 'field-hint'}>
        {problem ? m.bulletin_expired_past() : m.bulletin_expired_hint()}
      </p>
    </li>
  );
}
