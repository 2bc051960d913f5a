/**
 * Kanban's card details in a side drawer (a Radix modal dialog at the window's right edge, full
 * width on small screens): the shared {@link IssueDetails} of the card as the board holds it now,
 * so a teammate's comment or ticked checklist item appears while it is open. Escape, Close and
 * the backdrop close it (Escape first closes an open mention list or cancels an inline edit); focus
 * starts on the card's title and returns to what opened the drawer. When the card is deleted
 * meanwhile the drawer says so and closes after {@link DETAILS_GONE_CLOSE_MS}.
 */
import type { Issue } from '@cipherspace/tools/tracker';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';

import { m } from '../../paraglide/messages.js';
import type { IssueDiscussionActions } from './issue-details-actions.ts';
import { IssueDetails } from './IssueDetails.tsx';

/** How long the drawer shows that its card was deleted before it closes, in milliseconds. */
export const DETAILS_GONE_CLOSE_MS = 4000;

/** What the drawer takes; see {@link IssueDetailsDrawer}. */
export interface IssueDetailsDrawerProps extends IssueDiscussionActions {
  /** The card whose details are open; null: closed. */
  issueId: string | null;
  /** That card as the board holds it now; null when it is not on the board (deleted). */
  issue: Issue | null;
  /** The name of the column the card is in. */
  phaseName: string | null;
  me: string;
  members: readonly string[];
  /** Opens the card form on the card (the drawer stays open behind it). */
  onEdit: (issue: Issue) => void;
  /** Archives (true) or restores (false) the card; absent: no Archive/Restore button. */
  onArchive?: (issueId: string, archived: boolean) => void;
  onClose: () => void;
}

/** Whether a key event comes from a field that handles Escape itself. */
function handledInside(event: KeyboardEvent): boolean {
  const target = event.target;
  return target instanceof Element && target.closest('[data-handles-escape="true"]') !== null;
}

/** The drawer; render it once per page, open while `issueId` is set. */
export function IssueDetailsDrawer({
  issueId,
  issue,
  phaseName,
  me,
  members,
  onEdit,
  onArchive,
  onClose,
  ...actions
}: IssueDetailsDrawerProps) {
  const open = issueId !== null;
  // The card's title, still shown once the card is gone.
  const [lastTitle, setLastTitle] = useState('');
  if (issue && issue.title !== lastTitle) setLastTitle(issue.title);
  const gone = open && issue === null;
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Keep the latest onClose for the timer without restarting it on every render.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!gone) return;
    const timer = window.setTimeout(() => close.current(), DETAILS_GONE_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [gone]);

  const id = issue?.id ?? '';
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content
          className="tracker-drawer"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            const active = document.activeElement;
            opener.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
            event.preventDefault();
            heading.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          onEscapeKeyDown={(event) => {
            if (handledInside(event)) event.preventDefault();
          }}
        >
          {issue ? (
            <IssueDetails
              // A new view per card: drafts and open edits never carry over to another card.
              key={issue.id}
              issue={issue}
              noun="card"
              me={me}
              members={members}
              phaseFact={
                phaseName === null ? null : (
                  <div>
                    <dt>{m.kanban_details_column()}</dt>
                    <dd>{phaseName}</dd>
                  </div>
                )
              }
              renderTitle={(content) => (
                <Dialog.Title asChild>
                  <h2 ref={heading} className="tracker-details-title" tabIndex={-1}>
                    {content}
                  </h2>
                </Dialog.Title>
              )}
              onEdit={() => onEdit(issue)}
              {...(onArchive && { onArchive: (archived: boolean) => onArchive(id, archived) })}
              onClose={onClose}
              onAddComment={(text) => actions.onAddComment(id, text)}
              onUpdateComment={(commentId, text, from) =>
                actions.onUpdateComment(id, commentId, text, from)
              }
              onDeleteComment={(commentId) => actions.onDeleteComment(id, commentId)}
              onAddChecklistItem={(text) => actions.onAddChecklistItem(id, text)}
              onUpdateChecklistItem={(itemId, changes, from) =>
                actions.onUpdateChecklistItem(id, itemId, changes, from)
              }
              onDeleteChecklistItem={(itemId) => actions.onDeleteChecklistItem(id, itemId)}
            />
          ) : (
            <>
              <Dialog.Title asChild>
                <h2 ref={heading} className="tracker-details-title" tabIndex={-1}>
                  {lastTitle || m.kanban_details_label()}
                </h2>
              </Dialog.Title>
              {gone ? (
                <p role="alert" className="tracker-details-gone">
                  {m.kanban_details_gone()}
                </p>
              ) : null}
              <div className="row">
                <button type="button" className="button button-small" onClick={onClose}>
                  {m.common_close()}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
