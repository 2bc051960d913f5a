/**
 * Archived cards (Kanban) or issues (Issue Management): the header's "Archived (n)" button and
 * the dialog it opens, listing the archived items with their column or phase, a search over them
 * (the domain's `issueMatcher` with `archivedOnly`) and Restore for each. Restoring into a full
 * column or phase is refused with the phase-full message before anything is sent.
 */
import { Archive, ArchiveRestore } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

import {
  isPhaseFull,
  issueMatcher,
  sortByOrder,
  type Issue,
  type Phase,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { Modal } from '../../components/Modal.tsx';
import { formatDate } from '../../lib/date-format.ts';
import { m } from '../../paraglide/messages.js';
import { archivedCount } from './tracker-filter.ts';
import './tracker-plan.css';

/** An archived item with the phase it sits in. */
export interface ArchivedItem {
  issue: Issue;
  phase: Phase;
}

/**
 * The archived issues of `content` whose text matches `search` (the domain's text search: title,
 * description, assignee, tags, comments, checklist, `#number`), in board order.
 */
export function archivedItems(content: TrackerContent, search: string): ArchivedItem[] {
  const matches = issueMatcher({ archivedOnly: true, textSearch: search });
  const items: ArchivedItem[] = [];
  for (const phase of sortByOrder(content.phases))
    for (const issue of sortByOrder(phase.issues))
      if (matches(issue, phase)) items.push({ issue, phase });
  return items;
}

const TEXTS = {
  card: {
    title: m.tracker_archived_title_card,
    empty: m.tracker_archived_empty_card,
    none: m.tracker_archived_no_matches_card,
    restore: m.tracker_restore_card,
    where: m.tracker_archived_in_column,
  },
  issue: {
    title: m.tracker_archived_title_issue,
    empty: m.tracker_archived_empty_issue,
    none: m.tracker_archived_no_matches_issue,
    restore: m.tracker_restore_issue,
    where: m.tracker_archived_in_phase,
  },
} as const;

/**
 * The "Archived (n)" header button and its dialog. `onRestore(issueId)` runs the restoring
 * `updateIssue` and resolves whether it was saved.
 */
export function ArchivedButton({
  content,
  noun,
  language,
  onRestore,
}: {
  content: TrackerContent | null;
  noun: 'card' | 'issue';
  language: string;
  onRestore: (issueId: string) => Promise<boolean>;
}) {
  const [open, setOpen] = useState(false);
  const count = content ? archivedCount(content) : 0;
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={content === null}
        onClick={() => setOpen(true)}
      >
        <Archive aria-hidden="true" />
        {m.tracker_archived_button({ count })}
      </button>
      {content ? (
        <ArchivedDialog
          open={open}
          content={content}
          noun={noun}
          language={language}
          onRestore={onRestore}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** The dialog of archived items; see {@link ArchivedButton}. */
export function ArchivedDialog({
  open,
  content,
  noun,
  language,
  onRestore,
  onClose,
}: {
  open: boolean;
  content: TrackerContent;
  noun: 'card' | 'issue';
  language: string;
  onRestore: (issueId: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const texts = TEXTS[noun];
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [refused, setRefused] = useState<{ issueId: string; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const all = useMemo(() => archivedItems(content, ''), [content]);
  const items = useMemo(() => archivedItems(content, search), [content, search]);

  async function restore({ issue, phase }: ArchivedItem) {
    if (isPhaseFull(phase)) {
      setRefused({ issueId: issue.id, text: m.tracker_error_phase_full() });
      return;
    }
    setRefused(null);
    setBusy(issue.id);
    await onRestore(issue.id);
    setBusy(null);
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setRefused(null);
          onClose();
        }
      }}
      title={texts.title()}
    >
      {all.length === 0 ? (
        <p className="field-hint">{texts.empty()}</p>
      ) : (
        <div className="stack">
          <div className="field">
            <label htmlFor={searchId}>{m.tracker_archived_search()}</label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {items.length === 0 ? (
            <p className="field-hint" role="status">
              {texts.none()}
            </p>
          ) : (
            <ul className="tracker-archived-list">
              {items.map((item) => (
                <li key={item.issue.id} className="tracker-archived-item">
                  <div className="tracker-archived-text">
                    <strong>{item.issue.title}</strong>
                    <span className="field-hint">
                      {texts.where({ name: item.phase.name })} ·{' '}
                      {formatDate(item.issue.createdAt, language, 'date')}
                    </span>
                    {refused?.issueId === item.issue.id ? (
                      <span className="field-error" role="alert">
                        {refused.text}
                      </span>
                    ) : null}
                  </div>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={texts.restore({ title: item.issue.title })}
                    disabled={busy === item.issue.id}
                    onClick={() => void restore(item)}
                  >
                    <ArchiveRestore size={16} aria-hidden="true" />
                    {m.tracker_restore()}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          {m.common_close()}
        </button>
      </div>
    </Modal>
  );
}
