/**
 * A version of Scrum Poker as the history shows it: the issue selected in that round (looked up in
 * today's backlog, as the page does), the viewer's own card and the scale, and the results — the
 * members who had voted, each vote a question mark unless the round was revealed in that version
 * (spec §2 Results: votes stay hidden until revealed), the statistics only when revealed. Who was
 * merely present then is not stored, so only voters are listed. Read-only: every handler does
 * nothing, and the history panel renders it inside an `inert` container.
 */
import {
  allSourcedIssues,
  locateSourcedIssue,
  pokerParticipants,
  suggestedFinalEstimations,
  userEstimation,
  type BacklogSource,
  type PokerContent,
} from '@cipherspace/tools/poker';
import type { Language } from '../../lib/i18n.ts';
import { EstimationCards } from './EstimationCards.tsx';
import { PokerResults } from './PokerResults.tsx';
import { SelectedIssuePanel } from './SelectedIssuePanel.tsx';
import type { BacklogTool } from './use-poker-backlog.ts';
import './poker.css';

/** What a read-only panel does with a user's action: nothing. */
const ignore = () => undefined;
const notSaved = () => Promise.resolve(false);

export interface PokerHistoryPreviewProps {
  /** One version's content. */
  content: PokerContent;
  /** The backlog the selected issue is looked up in (the page's, i.e. as it is now). */
  sources: readonly BacklogSource<BacklogTool>[];
  /** Whether that backlog is still loading. */
  backlogLoading: boolean;
  /** The viewer's username (spec §6 user id): their own card shows, marked '(you)' in results. */
  username: string;
  language: Language;
}

/** Renders one version's round, read-only; see {@link PokerHistoryPreviewProps}. */
export function PokerHistoryPreview({
  content,
  sources,
  backlogLoading,
  username,
  language,
}: PokerHistoryPreviewProps) {
  const selectedIssueId = content.selectedIssueId;
  const item = selectedIssueId === null ? undefined : locateSourcedIssue(sources, selectedIssueId);
  const myVote = userEstimation(content, username)?.value ?? null;
  return (
    <div className="poker-layout poker-history-preview">
      <SelectedIssuePanel
        selectedIssueId={selectedIssueId}
        item={item}
        backlogLoading={backlogLoading}
        hasIssues={allSourcedIssues(sources).length > 0}
        // Empty while the votes are hidden: the select never gives a hidden vote away.
        suggestions={suggestedFinalEstimations(content)}
        onSave={notSaved}
        onClearSelection={ignore}
        topic={content.topic ?? ''}
        onSetTopic={notSaved}
      />
      <EstimationCards
        scale={content.scale}
        myVote={myVote}
        disabled={false}
        onChangeScale={ignore}
        onVote={ignore}
        onClearVote={ignore}
        customDeck={content.customDeck ?? []}
      />
      <PokerResults
        content={content}
        // Presence is not part of a version: the members who had voted.
        participants={pokerParticipants(content.estimations, [])}
        currentUserId={username}
        language={language}
        disabled={false}
        onToggleReveal={ignore}
        onReset={ignore}
        spectators={content.spectators ?? []}
      />
    </div>
  );
}
