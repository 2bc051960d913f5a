/**
 * The Pinboard screen, route /tools/bulletin, tool content id 'bulletin' (spec §2
 * /tools/bulletin; §3 Bulletin content; §4 Bulletin, Tool content; §5 Bulletin validation, Note
 * dialog; §8 Bulletin; §9 Bulletin layout, Timings, Colours). Loads the board through the shared
 * sync engine, shows it live with who else is here, hides expired notes (the moment they
 * expire), and turns every user action into a named bulletin operation: addPost, updatePost,
 * deletePost, movePost (saved 500 ms after a note is dropped). A new note goes where it overlaps no
 * visible note (placeNewPost); expired notes are listed on demand, to extend or delete.
 */
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';

import { editBetween, isEmptyEdit } from '@cipherspace/tools';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  DEFAULT_NOTE_SIZE,
  expiredPosts,
  findPost,
  nextExpiryMs,
  noteFormChanges,
  noteFormValues,
  placeNewPost,
  visiblePosts,
  type NoteFormValues,
  type BulletinContent,
  type NotePosition,
  type Post,
  bulletinTool,
} from '@cipherspace/tools/bulletin';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import { DeleteConfirmDialog, useDeleteConfirmation } from '../content/DeleteConfirmDialog.tsx';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import { ToolHistory } from '../content/ToolHistory.tsx';
import { useToolContent } from '../content/use-tool-content.ts';
import { useToolPresence } from '../content/use-tool-presence.ts';
import { useDraftToReopen } from '../../lib/draft.ts';
import { useRequestedItem } from '../content/use-requested-item.ts';
import { BulletinBoard } from './BulletinBoard.tsx';
import { BulletinHistoryPreview } from './bulletin-history-preview.tsx';
import { ExpiredNotesDialog } from './ExpiredNotesDialog.tsx';
import { useClock, usePositionSync, useViewportWidth } from './bulletin-hooks.ts';
import { NoteFormModal, formatNoteValue, noteFieldLabel } from './NoteFormModal.tsx';
import { useBulletinEdit, useBulletinPerform } from './use-bulletin-perform.ts';
import './bulletin.css';

/**
 * The open note dialog: adding, or editing a note (its values when opened); `basedOn` is the
 * board version it was opened on, so a note deleted meanwhile is reported as a version conflict
 * (spec §8).
 */
type NoteForm =
  { mode: 'add'; basedOn: number } | { mode: 'edit'; post: Post; basedOn: number } | null;

/** The note a delete confirmation is open for and the board version it was opened on. */
interface PendingDelete {
  post: Post;
  basedOn: number;
}

/** Scrolls the note with this id into view and focuses its text; nothing when it is not shown. */
function focusNote(postId: string): void {
  const text = document.querySelector<HTMLElement>(
    `[data-post-id="${CSS.escape(postId)}"] .bulletin-note-scroll`,
  );
  text?.scrollIntoView({ block: 'center', inline: 'center' });
  text?.focus();
}

/** spec §2 /tools/bulletin; the router lazy-loads this default export. */
export default function BulletinPage() {
  const tool = useToolContent(bulletinTool);
  const presence = useToolPresence('bulletin');
  const session = useSession();
  const language = useLanguage();
  const viewportWidth = useViewportWidth();
  const [message, showMessage] = useFlashMessage();
  const run = useBulletinPerform(tool, showMessage);
  const runEdit = useBulletinEdit(tool, showMessage);

  const content = tool.state.status === 'loaded' ? tool.state.content : null;
  const version = tool.state.version;
  const now = useClock((nowMs) => (content ? nextExpiryMs(content.posts, new Date(nowMs)) : null));

  const [noteForm, setNoteForm] = useState<NoteForm>(null);
  const deletion = useDeleteConfirmation(({ post, basedOn }: PendingDelete) =>
    run({ type: 'deletePost', postId: post.id }, 'deleteNote', basedOn),
  );
  const [expiredOpen, setExpiredOpen] = useState(false);

  const showConflict = useCallback(
    () => showMessage('warning', `${m.tool_conflict()} ${m.tool_latest_loaded()}`),
    [showMessage],
  );

  const { current } = tool;
  const savePosition = useCallback(
    async (postId: string, position: NotePosition) => {
      // Deleted by someone else since it was dropped: the latest board is on screen already.
      const board = current().content;
      if (board === null || !findPost(board, postId)) {
        showConflict();
        return false;
      }
      return run({ type: 'movePost', postId, position }, 'moveNote');
    },
    [current, run, showConflict],
  );
  const { pending, move } = usePositionSync(savePosition);

  // `?note=<id>` (the quick search): the note scrolls into view and its text gets the focus.
  useRequestedItem('note', content !== null, focusNote);

  const username = session?.user.username ?? '';
  const title = content?.title ?? m.tools_bulletin_name();
  const addDisabled = content === null || tool.state.saving;
  const shown = content ? visiblePosts(content, new Date(now)) : [];
  const expired = content ? expiredPosts(content, new Date(now)) : [];

  const openAdd = () => setNoteForm({ mode: 'add', basedOn: version });
  // Back after a sign-out that closed the note dialog: it opens again with its draft.
  useDraftToReopen('note:', content !== null, (rest) => {
    if (rest === 'add') openAdd();
    const post = rest.startsWith('edit:') && content ? findPost(content, rest.slice(5)) : null;
    if (post) setNoteForm({ mode: 'edit', post, basedOn: version });
  });
  const defaultPostType = content?.settings.defaultPostType ?? 'Note';
  const toForm = useCallback(
    (post: Post) => noteFormValues(post, defaultPostType),
    [defaultPostType],
  );

  async function submitNote(values: NoteFormValues, base: Post | null): Promise<SaveOutcome> {
    if (noteForm === null) return false;
    if (noteForm.mode === 'add') {
      // Chosen once, before the operation, so a replay after a 409 lands on the same spot.
      const { position } = placeNewPost(
        shown.map((post) => ({ position: pending.get(post.id) ?? post.position, size: post.size })),
        DEFAULT_NOTE_SIZE,
        viewportWidth,
      );
      return run(
        {
          type: 'addPost',
          post: { ...noteFormChanges(values), position, size: { ...DEFAULT_NOTE_SIZE } },
          author: username,
        },
        'addNote',
        noteForm.basedOn,
      );
    }
    const postId = noteForm.post.id;
    const stored = base ?? noteForm.post;
    // Only the fields the member changed, each with the value the note had (in its own terms).
    const edit = editBetween(noteFormChanges(toForm(stored)), noteFormChanges(values), stored);
    if (isEmptyEdit(edit)) return true;
    const saved = await runEdit(
      { type: 'updatePost', postId, ...edit },
      'updateNote',
      noteForm.basedOn,
    );
    if (typeof saved === 'object') return saved;
    // Nothing left to save the input into (deleted meanwhile): close, the message says why.
    const board = tool.current().content;
    if (!saved && board !== null && !findPost(board, postId)) setNoteForm(null);
    return saved;
  }

  // Extending and deleting an expired note are the usual updatePost and deletePost.
  const extendExpired = (post: Post, expiresAt: string | null) =>
    run(
      {
        type: 'updatePost',
        postId: post.id,
        changes: { expiresAt },
        from: { expiresAt: post.expiresAt },
      },
      'updateNote',
    );
  const deleteExpired = (post: Post) => run({ type: 'deletePost', postId: post.id }, 'deleteNote');

  // A version from the history, as the board showed it (read-only: the panel makes it inert).
  const renderPreview = (board: BulletinContent) => (
    <BulletinHistoryPreview
      content={board}
      now={now}
      viewportWidth={viewportWidth}
      language={language}
    />
  );

  return (
    <section className="tool-page bulletin-page">
      <ToolHeader title={title} presence={presence}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
        {tool.state.saving ? (
          <span className="bulletin-saving" role="status">
            {m.tool_saving()}
          </span>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={addDisabled}
          onClick={openAdd}
        >
          <Plus aria-hidden="true" />
          {m.bulletin_add_note()}
        </button>
      </ToolHeader>

      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      <ToolContentState tool={tool} fieldLabel={noteFieldLabel} formatValue={formatNoteValue} />

      {content ? (
        <>
          <p className="bulletin-summary">
            <span>{m.bulletin_note_count({ count: String(shown.length) })}</span>
            {expired.length > 0 ? (
              <button type="button" className="button" onClick={() => setExpiredOpen(true)}>
                {m.bulletin_show_expired({ count: String(expired.length) })}
              </button>
            ) : null}
          </p>
          <BulletinBoard
            posts={content.posts}
            now={now}
            pending={pending}
            viewportWidth={viewportWidth}
            language={language}
            showAuthor={content.settings.showAuthor}
            allowMarkdown={content.settings.allowMarkdown}
            onMove={move}
            onEdit={(post) => setNoteForm({ mode: 'edit', post, basedOn: version })}
            onDelete={(post) => deletion.ask({ post, basedOn: version })}
            onAddFirst={openAdd}
            addDisabled={addDisabled}
          />
          <ExpiredNotesDialog
            open={expiredOpen}
            onOpenChange={setExpiredOpen}
            posts={expired}
            now={now}
            language={language}
            onExtend={extendExpired}
            onDelete={deleteExpired}
          />
          <NoteFormModal
            // A new form for every note opened, starting from that note's values.
            key={noteForm === null ? 'closed' : noteForm.mode === 'add' ? 'add' : noteForm.post.id}
            open={noteForm !== null}
            mode={noteForm?.mode ?? 'add'}
            initial={noteFormValues(
              noteForm?.mode === 'edit' ? noteForm.post : null,
              content.settings.defaultPostType,
            )}
            stored={noteForm?.mode === 'edit' ? noteForm.post : null}
            toForm={toForm}
            allowExpiration={content.settings.allowPostExpiration}
            onSubmit={submitNote}
            onClose={() => setNoteForm(null)}
          />
          <DeleteConfirmDialog
            confirmation={deletion}
            title={() => m.bulletin_delete_title()}
            text={({ post }) => m.bulletin_delete_text({ title: post.title })}
          />
        </>
      ) : null}
    </section>
  );
}
