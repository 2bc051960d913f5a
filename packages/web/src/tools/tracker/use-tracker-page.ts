/**
 * The page wiring both tracker screens share (spec §2 /tools/kanban and /tools/ticket): the
 * issue a quick-search link asks for, the issue form to reopen after a sign-out, the details of
 * the open issue with its discussion and unread mentions, and the filter bar's choices. Kanban
 * calls its issues cards (`?card=`, draft key `card:…`), Issue Management issues (`?issue=`,
 * `issue:…`).
 */
import { useCallback, useMemo } from 'react';

import { findIssue, type Issue, type Phase, type TrackerContent } from '@cipherspace/tools/tracker';
import { useDraftToReopen } from '../../lib/draft.ts';
import type { Language } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useRequestedItem } from '../content/use-requested-item.ts';
import { useUnreadMentions, type UnreadMentions } from './IssueDetailsContext.tsx';
import {
  issueDiscussionActions,
  type IssueDiscussionActions,
  type RunTrackerEdit,
  type RunTrackerOperation,
} from './issue-details-actions.ts';
import { useMentionMembers } from './mention-members.ts';
import { assigneesOf, tagsOf } from './tracker-filter.ts';
import { useTextSearchPrepared } from './TrackerFilterBar.tsx';

/** What the tracker pages call their issues, in links and draft keys. */
export type TrackerNoun = 'card' | 'issue';

/** The issue form a draft reopens: adding to the phase `phaseId`, or editing `issue`. */
export type IssueFormToReopen = { mode: 'add'; phaseId: string } | { mode: 'edit'; issue: Issue };

/**
 * Back after a sign-out that closed the issue dialog (draft key `<noun>:add:<phaseId>` or
 * `<noun>:edit:<issueId>`): calls `open` once `content` is shown, when that phase or issue is
 * still on the board (nothing otherwise).
 */
export function useIssueFormToReopen(
  noun: TrackerNoun,
  content: TrackerContent | null,
  open: (form: IssueFormToReopen) => void,
): void {
  useDraftToReopen(`${noun}:`, content !== null, (rest) => {
    if (!content) return;
    const [mode, id = ''] = rest.split(':');
    if (mode === 'add' && content.phases.some((phase) => phase.id === id))
      open({ mode: 'add', phaseId: id });
    const found = mode === 'edit' ? findIssue(content, id) : null;
    if (found) open({ mode: 'edit', issue: found.issue });
  });
}

/**
 * `?<noun>=<id>` (the quick search): once `content` is shown, calls `open` with that issue when
 * the board holds it, and removes the parameter either way (see useRequestedItem). `open` should
 * be stable: a new one schedules the call again.
 */
export function useRequestedIssue(
  noun: TrackerNoun,
  content: TrackerContent | null,
  open: (issue: Issue) => void,
): void {
  const openFound = useCallback(
    (issueId: string) => {
      const found = content ? findIssue(content, issueId) : null;
      if (found) open(found.issue);
    },
    [content, open],
  );
  useRequestedItem(noun, content !== null, openFound);
}

/** The open issue's details as {@link useIssueDetails} returns them. */
export interface IssueDetailsWiring {
  /** The open issue and its phase as the board holds them now; null: none open (or gone). */
  details: { phase: Phase; issue: Issue } | null;
  /** Who a comment can mention (see useMentionMembers). */
  members: string[];
  /** The issues with an unread mention of `me` (the open one counts as read). */
  unread: UnreadMentions;
  /** The comment and checklist callbacks, in the name of `me`. */
  discussion: IssueDiscussionActions;
}

/**
 * The details of the issue `openId` on `content` for the member `me` in the signed-in space:
 * the issue itself, the names to mention, the unread mentions and the discussion callbacks,
 * which run their operations through `run` and a comment's edit through `edit` (stable as long
 * as `run`, `edit` and `me` are).
 */
export function useIssueDetails(
  content: TrackerContent | null,
  openId: string | null,
  run: RunTrackerOperation,
  me: string,
  language: Language,
  edit: RunTrackerEdit,
): IssueDetailsWiring {
  const spaceName = useSession()?.space.name ?? '';
  const details = content && openId ? findIssue(content, openId) : null;
  const members = useMentionMembers(content, language);
  const unread = useUnreadMentions(content, me, spaceName, details?.issue ?? null);
  const discussion = useMemo(() => issueDiscussionActions(run, me, edit), [run, me, edit]);
  return { details, members, unread, discussion };
}

/**
 * The filter bar's choices on `content` (assignees and tags, sorted for `language`; empty
 * without content), worked out once per board; also prepares the text search while idle.
 */
export function useFilterChoices(
  content: TrackerContent | null,
  language: Language,
): { assignees: string[]; tags: string[] } {
  useTextSearchPrepared(content);
  return useMemo(
    () =>
      content
        ? { assignees: assigneesOf(content, language), tags: tagsOf(content, language) }
        : { assignees: [], tags: [] },
    [content, language],
  );
}
