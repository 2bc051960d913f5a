/**
 * The Scrum Poker screen, route /tools/scrum-poker, content id 'poker' (spec §2; §3 Scrum poker
 * content, cards, statistics; §4 Scrum poker; §5 taking over an estimation; §6 the username as
 * user id; §8 Poker; §9 Poker). The round lives in the tool's own content through the shared
 * sync engine — votes, reveal, reset, scale and the selected issue are named poker operations,
 * live for everyone in the space. The issues come from Issue Management and Kanban
 * (./use-poker-backlog.ts); Save Estimation writes the final value into the issue's own tool
 * and keeps it in the session's results. Each issue has its own round (the domain's selectIssue);
 * the round panel runs the timer, auto-reveal and the member's spectator switch.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';

import { isEditConflict } from '@cipherspace/tools';

import { StatusMessage } from '../../components/StatusMessage.tsx';
import {
  allSourcedIssues,
  backlogEstimation,
  departureCompletesRound,
  departureRevealSender,
  isSpectator,
  locateSourcedIssue,
  pokerParticipants,
  suggestedFinalEstimations,
  userEstimation,
  type PokerContent,
  type PokerOperation,
  type PokerScale,
  pokerTool,
} from '@cipherspace/tools/poker';
import { useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useFlashMessage } from '../../lib/use-flash-message.ts';
import { m } from '../../paraglide/messages.js';
import type { SaveOutcome } from '../content/EditConflictPanel.tsx';
import { ToolContentState } from '../content/ToolContentState.tsx';
import { ToolHeader } from '../content/ToolHeader.tsx';
import { ToolHistory } from '../content/ToolHistory.tsx';
import { performMessage } from '../content/tool-messages.ts';
import { useToolContent } from '../content/use-tool-content.ts';
import { useToolPresence } from '../content/use-tool-presence.ts';
import { EstimationCards } from './EstimationCards.tsx';
import { IssueSelector } from './IssueSelector.tsx';
import { PokerHistoryPreview } from './poker-history-preview.tsx';
import { PokerResults } from './PokerResults.tsx';
import { RoundPanel } from './RoundPanel.tsx';
import { SessionResults } from './SessionResults.tsx';
import { forwardEstimation } from './forward-estimation.ts';
import { describePokerError, pokerActionText, type PokerAction } from './poker-messages.ts';
import { SelectedIssuePanel } from './SelectedIssuePanel.tsx';
import { usePokerBacklog } from './use-poker-backlog.ts';
import './poker.css';

/** spec §2 /tools/scrum-poker; the router lazy-loads this default export. */
export default function PokerPage() {
  const tool = useToolContent(pokerTool);
  const backlog = usePokerBacklog();
  const presence = useToolPresence('poker');
  const session = useSession();
  const language = useLanguage();
  const [message, showMessage] = useFlashMessage();

  // spec §6: Scrum Poker uses the stored username as user id and name.
  const username = session?.user.username ?? '';
  const content = tool.state.status === 'loaded' ? tool.state.content : null;
  const busy = tool.state.saving;
  const { perform } = tool;

  /**
   * Runs a poker operation. With an `action` a failure is shown ('Failed to {action}…', the
   * rule's text, or the conflict texts); without one it is only logged (spec §8: selecting an
   * issue, clearing a vote and toggling reveal).
   */
  const run = useCallback(
    async (operation: PokerOperation, action: PokerAction | null): Promise<boolean> => {
      const result = await perform(operation);
      if (result.status === 'saved') return true;
      if (action === null) {
        const reason = result.error instanceof Error ? result.error.message : result.status;
        console.warn(`Scrum Poker: ${operation.type} not saved (${result.status}): ${reason}`);
        return false;
      }
      const shown = performMessage(result, pokerActionText(action), describePokerError);
      if (shown) showMessage(shown.kind, shown.text);
      return false;
    },
    [perform, showMessage],
  );

  /** Sets the topic typed from `from`: a topic a teammate set meanwhile comes back as a conflict. */
  const setTopic = useCallback(
    async (topic: string, from: string): Promise<SaveOutcome> => {
      const operation: PokerOperation = { type: 'setTopic', topic, from };
      const result = await perform(operation);
      if (result.status === 'conflict' && isEditConflict(result.error))
        return { conflicts: result.error.conflicts, by: result.by ?? null };
      if (result.status === 'saved') return true;
      const shown = performMessage(result, pokerActionText('setTopic'), describePokerError);
      if (shown) showMessage(shown.kind, shown.text);
      return false;
    },
    [perform, showMessage],
  );

  // Everyone in the tool right now: the current user and the members present.
  const present = useMemo(
    () => [username, ...presence.map((member) => member.username)],
    [username, presence],
  );
  // A voter leaving can complete the round: with auto-reveal on, the lowest user id present
  // sends the reveal (one sender, not one per screen); the operation re-checks the round when
  // applied, so a second sender on a screen whose roster lagged changes nothing.
  const presentBefore = useRef<readonly string[]>(present);
  useEffect(() => {
    const before = presentBefore.current;
    presentBefore.current = present;
    if (content === null || !departureCompletesRound(content, before, present)) return;
    if (departureRevealSender(present) !== username.trim()) return;
    void run({ type: 'reveal', presentVoters: present }, null);
  }, [content, present, run, username]);
  const spectators = useMemo(() => content?.spectators ?? [], [content]);
  const participants = useMemo(
    () =>
      content === null
        ? []
        : pokerParticipants(
            content.estimations,
            present.filter((name) => !spectators.includes(name.trim())),
          ),
    [content, present, spectators],
  );
  const hasIssues = allSourcedIssues(backlog.sources).length > 0;
  // Without any backlog issue the round votes on a free topic, and there is no list to show.
  const freeTopic = !hasIssues && backlog.status !== 'loading';
  const selectedIssueId = content?.selectedIssueId ?? null;
  const selected =
    selectedIssueId === null ? undefined : locateSourcedIssue(backlog.sources, selectedIssueId);
  const myVote = content === null ? null : (userEstimation(content, username)?.value ?? null);

  async function saveFinalEstimation(value: string): Promise<boolean> {
    const title = selected?.issue.title ?? '';
    const outcome = await forwardEstimation(content, value, title, backlog.saveEstimation);
    showMessage(outcome.message.kind, outcome.message.text);
    const estimate = backlogEstimation(value);
    // The session's results keep what was written into the issue.
    if (outcome.saved && selectedIssueId !== null && estimate !== null)
      await run({ type: 'recordResult', issueId: selectedIssueId, title, estimate }, null);
    return outcome.saved;
  }

  function changeScale(scale: PokerScale) {
    void run({ type: 'changeScale', scale }, 'changeScale');
  }

  // A version from the history: its round, votes hidden unless it was revealed (read-only: the
  // panel makes it inert).
  const renderPreview = (round: PokerContent) => (
    <PokerHistoryPreview
      content={round}
      sources={backlog.sources}
      backlogLoading={backlog.status === 'loading'}
      username={username}
      language={language}
    />
  );

  return (
    <section className="tool-page poker-page">
      <ToolHeader title={m.tools_poker_name()} presence={presence}>
        <ToolHistory tool={tool} show={showMessage} renderPreview={renderPreview} />
        {busy ? (
          <span className="poker-saving" role="status">
            {m.tool_saving()}
          </span>
        ) : null}
      </ToolHeader>

      <StatusMessage kind={message?.kind ?? 'info'}>{message?.text}</StatusMessage>
      {tool.entry === null && tool.state.status === 'loading' ? (
        <div className="poker-loading" role="status">
          <span className="spinner-circle" aria-hidden="true" />
          <span>{m.poker_loading()}</span>
        </div>
      ) : (
        // An offline topic edit that met another one names its field.
        <ToolContentState tool={tool} fieldLabel={() => m.poker_topic_label()} />
      )}

      {content ? (
        <>
          <RoundPanel
            content={content}
            userId={username}
            disabled={busy}
            onStartTimer={() => void run({ type: 'startTimer' }, null)}
            onPauseTimer={() => void run({ type: 'pauseTimer' }, null)}
            onResetTimer={() => void run({ type: 'resetTimer' }, null)}
            onAutoReveal={(enabled) => run({ type: 'setAutoReveal', enabled }, null)}
            onSpectator={(spectator) =>
              run(
                { type: 'setSpectator', userId: username, spectator, presentVoters: present },
                null,
              )
            }
          />
          {backlog.status === 'error' ? (
            <div className="poker-error-bar">
              <StatusMessage kind="error">{m.poker_backlog_error()}</StatusMessage>
              <button type="button" className="button" onClick={backlog.reload}>
                {m.common_retry()}
              </button>
            </div>
          ) : null}
          <div className={freeTopic ? 'poker-layout poker-layout-topic' : 'poker-layout'}>
            {freeTopic ? null : backlog.status === 'loading' && !hasIssues ? (
              <section className="poker-panel poker-issues" aria-busy="true">
                <p className="poker-loading" role="status">
                  <span className="spinner-circle" aria-hidden="true" />
                  <span>{m.poker_backlog_loading()}</span>
                </p>
              </section>
            ) : (
              <IssueSelector
                sources={backlog.sources}
                selectedIssueId={selectedIssueId}
                onSelect={(issueId) => {
                  if (issueId !== selectedIssueId) void run({ type: 'selectIssue', issueId }, null);
                }}
              />
            )}
            <SelectedIssuePanel
              selectedIssueId={selectedIssueId}
              item={selected}
              backlogLoading={backlog.status === 'loading'}
              hasIssues={hasIssues}
              suggestions={suggestedFinalEstimations(content)}
              onSave={saveFinalEstimation}
              onClearSelection={() => void run({ type: 'selectIssue', issueId: null }, null)}
              topic={content.topic ?? ''}
              onSetTopic={setTopic}
              recorded={
                content.results?.find((result) => result.issueId === selectedIssueId)?.estimate
              }
            />
            <EstimationCards
              scale={content.scale}
              myVote={myVote}
              disabled={busy}
              onChangeScale={changeScale}
              onVote={(value) =>
                void run(
                  { type: 'submitVote', userId: username, username, value, presentVoters: present },
                  'submit',
                )
              }
              customDeck={content.customDeck ?? []}
              onSetCustomDeck={(values) =>
                void run({ type: 'setCustomDeck', values }, 'customDeck')
              }
              spectator={isSpectator(content, username)}
              onClearVote={() => void run({ type: 'clearVote', userId: username }, null)}
            />
            <PokerResults
              content={content}
              participants={participants}
              currentUserId={username}
              language={language}
              disabled={busy}
              onToggleReveal={() =>
                void run(content.isRevealed ? { type: 'hide' } : { type: 'reveal' }, null)
              }
              onReset={() => void run({ type: 'reset' }, 'reset')}
              spectators={spectators}
            />
          </div>
          <SessionResults content={content} onMessage={showMessage} />
        </>
      ) : null}
    </section>
  );
}
