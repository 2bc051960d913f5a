/**
 * The results of a Scrum Poker round (spec §2 /tools/scrum-poker "Results"; §3 Statistics; §9
 * Poker: average to 1 decimal, consensus levels): Reveal/Hide and Reset (both disabled with no
 * estimations), the participants with a question mark while hidden, the value when revealed, or
 * 'Not voted', and the statistics column — Fibonacci: average, median, most frequent ('N tied'),
 * valid votes and the consensus bar; T-shirt: most frequent, valid votes, consensus.
 */
import { useId } from 'react';

import {
  computeConsensus,
  computePokerStatistics,
  hasEstimations,
  participantVote,
  summarizeMode,
  type PokerContent,
  type PokerParticipant,
} from '@cipherspace/tools/poker';
import type { Language } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { CardFace } from './CardFace.tsx';
import { consensusLevelText, voteText } from './poker-messages.ts';

export interface PokerResultsProps {
  content: PokerContent;
  /** Everyone taking part (see pokerParticipants). */
  participants: readonly PokerParticipant[];
  /** The current user's id (their username, spec §6), marked '(you)'. */
  currentUserId: string;
  language: Language;
  /** While content loads or a change is being saved. */
  disabled: boolean;
  onToggleReveal: () => void;
  onReset: () => void;
  /** The members watching without voting, shown apart from the participants. */
  spectators?: readonly string[];
}

function ParticipantRow({
  participant,
  revealed,
  isSelf,
}: {
  participant: PokerParticipant;
  revealed: boolean;
  isSelf: boolean;
}) {
  const vote = participantVote(participant, revealed);
  return (
    <li className="poker-participant">
      <span className="poker-participant-name">
        {isSelf ? m.poker_you({ name: participant.username }) : participant.username}
      </span>
      {vote.kind === 'none' ? (
        <span className="poker-participant-vote is-none">{m.poker_not_voted()}</span>
      ) : vote.kind === 'hidden' ? (
        <span className="poker-participant-vote is-hidden">
          <span aria-hidden="true">?</span>
          <span className="visually-hidden">{m.poker_vote_hidden()}</span>
        </span>
      ) : (
        <span className="poker-participant-vote is-revealed" title={voteText(vote.value)}>
          <span aria-hidden="true">
            <CardFace value={vote.value} />
          </span>
          <span className="visually-hidden">{voteText(vote.value)}</span>
        </span>
      )}
    </li>
  );
}

function Statistics({ content, language }: { content: PokerContent; language: Language }) {
  const statistics = computePokerStatistics(content.estimations);
  const consensus = computeConsensus(content.estimations);
  const mode = summarizeMode(statistics.mode);
  const oneDecimal = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const plain = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const na = m.poker_stat_na();
  const percent = consensus === null ? 0 : Math.round(consensus.percent);
  const consensusText =
    consensus === null
      ? na
      : m.poker_consensus_value({ percent, level: consensusLevelText(consensus.level) });

  return (
    <dl className="poker-statistics">
      {content.scale !== 'tshirt' ? (
        <>
          <div>
            <dt>{m.poker_stat_average()}</dt>
            <dd>{statistics.average === null ? na : oneDecimal.format(statistics.average)}</dd>
          </div>
          <div>
            <dt>{m.poker_stat_median()}</dt>
            <dd>{statistics.median === null ? na : plain.format(statistics.median)}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>{m.poker_stat_mode()}</dt>
        <dd>
          {mode.kind === 'none'
            ? na
            : mode.kind === 'single'
              ? mode.value
              : m.poker_stat_tied({ count: mode.count })}
        </dd>
      </div>
      <div>
        <dt>{m.poker_stat_valid()}</dt>
        <dd>{`${statistics.validCount}/${statistics.count}`}</dd>
      </div>
      <div className="poker-consensus">
        <dt>{m.poker_stat_consensus()}</dt>
        <dd>
          <span>{consensusText}</span>
          {consensus === null ? null : (
            <span
              className={`poker-consensus-bar is-${consensus.level.toLowerCase()}`}
              role="meter"
              aria-label={m.poker_stat_consensus()}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={consensusText}
            >
              <span style={{ width: `${percent}%` }} />
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}

/** See the module comment. */
export function PokerResults({
  content,
  participants,
  currentUserId,
  language,
  disabled,
  onToggleReveal,
  onReset,
  spectators = [],
}: PokerResultsProps) {
  const headingId = useId();
  const spectatorsId = useId();
  const participantsId = useId();
  const statisticsId = useId();
  const noVotes = !hasEstimations(content);

  return (
    <section className="poker-panel poker-results" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_results_heading()}</h2>
        <div className="row poker-results-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={noVotes || disabled}
            onClick={onToggleReveal}
          >
            {content.isRevealed ? m.poker_hide() : m.poker_reveal()}
          </button>
          <button type="button" className="button" disabled={noVotes || disabled} onClick={onReset}>
            {m.poker_reset()}
          </button>
        </div>
      </div>
      <div className="poker-results-columns">
        <section className="poker-participants" aria-labelledby={participantsId}>
          <h3 id={participantsId}>
            {m.poker_participants_heading({ count: participants.length })}
          </h3>
          {noVotes ? <p className="field-hint">{m.poker_waiting()}</p> : null}
          {participants.length > 0 ? (
            <ul aria-labelledby={participantsId}>
              {participants.map((participant) => (
                <ParticipantRow
                  key={participant.userId}
                  participant={participant}
                  revealed={content.isRevealed}
                  isSelf={participant.userId === currentUserId}
                />
              ))}
            </ul>
          ) : null}
          {spectators.length > 0 ? (
            <>
              <h3 id={spectatorsId}>{m.poker_spectators_heading({ count: spectators.length })}</h3>
              <ul className="poker-spectators" aria-labelledby={spectatorsId}>
                {spectators.map((name) => (
                  <li key={name} className="poker-participant">
                    <span className="poker-participant-name">
                      {name === currentUserId ? m.poker_you({ name }) : name}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className="poker-statistics-column" aria-labelledby={statisticsId}>
          <h3 id={statisticsId}>{m.poker_statistics_heading()}</h3>
          {content.isRevealed ? (
            <Statistics content={content} language={language} />
          ) : (
            <p className="field-hint">{m.poker_statistics_hidden()}</p>
          )}
        </section>
      </div>
    </section>
  );
}
