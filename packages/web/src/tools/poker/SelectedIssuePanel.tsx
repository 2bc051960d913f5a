/**
 * The selected-issue panel of Scrum Poker (spec §2 /tools/scrum-poker): title, type and priority
 * badges, description, assignee, tags and current estimation of the issue being estimated, and the
 * 'Set Final Estimation' card — a select with the groups 'Suggested Values' (the most frequent
 * votes once revealed, labelled 'Most Frequent') and 'Standard Values' (1, 2, 3, 5, 8, 13, 21, XS,
 * S, M, L, XL), 'Save Estimation' (disabled until a value is chosen) and 'Clear Selection'. Without
 * a selection it shows the spec's placeholder — or, when the backlog has no issue at all, a field
 * for the free topic everyone votes on, live for every member through the round's `topic`.
 */
import { useId, useState, type SyntheticEvent } from 'react';

import {
  FINAL_ESTIMATION_OPTIONS,
  normalizeTopic,
  POKER_TOPIC_MAX_LENGTH,
  takeOverEstimation,
  type SourcedIssue,
} from '@cipherspace/tools/poker';
import { m } from '../../paraglide/messages.js';
import {
  EditConflictPanel,
  chosenValues,
  isConflictOutcome,
  type ConflictChoices,
  type EditConflict,
  type SaveOutcome,
} from '../content/EditConflictPanel.tsx';
import { IssueBadges } from './IssueBadges.tsx';
import { backlogToolText, voteText } from './poker-messages.ts';
import type { BacklogTool } from './use-poker-backlog.ts';

export interface SelectedIssuePanelProps {
  /** spec §3 selectedIssueId of the round. */
  selectedIssueId: string | null;
  /** That issue as found in the backlog; undefined when it is not (yet) there. */
  item: SourcedIssue<BacklogTool> | undefined;
  /** Whether the backlog is still loading (a selected issue may then not be found yet). */
  backlogLoading: boolean;
  /** Whether the backlog holds any issue at all (for the hint where to create some). */
  hasIssues: boolean;
  /** The 'Suggested Values' (most frequent votes; empty while hidden). */
  suggestions: readonly string[];
  /** Saves the chosen value into the issue; resolves true when it was saved. */
  onSave: (value: string) => Promise<boolean>;
  /** Clears the round's issue selection. */
  onClearSelection: () => void;
  /** The round's free topic ('' when none), voted on while the backlog has no issue. */
  topic: string;
  /**
   * Sets the round's topic ('' clears it), typed from the topic `from`; resolves true when it
   * was saved, or a conflict when a teammate set another topic meanwhile.
   */
  onSetTopic: (topic: string, from: string) => Promise<SaveOutcome>;
  /** The final estimate saved for the selected issue in this session, if any. */
  recorded?: string | undefined;
}

/** The issue's current estimation, with the card it is taken over as when that differs (§5). */
function currentEstimationText(estimation: string): string {
  if (estimation.trim() === '') return m.poker_no_estimation();
  const card = takeOverEstimation(estimation);
  return card === estimation
    ? estimation
    : m.poker_estimation_as_card({ estimation, card: voteText(card) });
}

function FinalEstimation({
  suggestions,
  onSave,
  onClearSelection,
}: Pick<SelectedIssuePanelProps, 'suggestions' | 'onSave' | 'onClearSelection'>) {
  const headingId = useId();
  const selectId = useId();
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  // A suggestion may vanish (votes reset by someone else): then nothing is chosen any more.
  const chosen =
    suggestions.includes(value) || FINAL_ESTIMATION_OPTIONS.includes(value) ? value : '';

  async function save() {
    if (chosen === '') return;
    setSaving(true);
    const saved = await onSave(chosen);
    setSaving(false);
    if (saved) setValue('');
  }

  return (
    <section className="poker-final" aria-labelledby={headingId}>
      <h3 id={headingId}>{m.poker_final_heading()}</h3>
      <div className="field">
        <label htmlFor={selectId}>{m.poker_final_label()}</label>
        <select
          id={selectId}
          value={chosen}
          onChange={(event) => setValue(event.target.value)}
          disabled={saving}
        >
          <option value="">{m.poker_final_choose()}</option>
          {suggestions.length > 0 ? (
            <optgroup label={m.poker_final_suggested()}>
              {suggestions.map((suggestion) => (
                <option key={suggestion} value={suggestion}>
                  {m.poker_final_most_frequent({ value: voteText(suggestion) })}
                </option>
              ))}
            </optgroup>
          ) : null}
          <optgroup label={m.poker_final_standard()}>
            {FINAL_ESTIMATION_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {voteText(option)}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="row poker-final-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={chosen === '' || saving}
          aria-busy={saving}
          onClick={() => void save()}
        >
          {m.poker_save_estimation()}
        </button>
        <button type="button" className="button" onClick={onClearSelection}>
          {m.poker_clear_selection()}
        </button>
      </div>
    </section>
  );
}

/**
 * The free topic of a round without backlog issues: what is set now, a field to type it and
 * 'Set Topic' (Enter too) / 'Clear Topic'. A topic another member sets replaces the field's text
 * unless this member is typing a different one.
 */
function TopicForm({ topic, onSetTopic }: Pick<SelectedIssuePanelProps, 'topic' | 'onSetTopic'>) {
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(topic);
  const [shownTopic, setShownTopic] = useState(topic);
  // The topic the draft was typed from: a teammate's topic set since is not overwritten unasked.
  const [base, setBase] = useState(topic);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  if (topic !== shownTopic) {
    setShownTopic(topic);
    if (normalizeTopic(draft) === shownTopic) {
      setDraft(topic);
      setBase(topic);
    }
  }

  async function save(next: string, from = base) {
    setSaving(true);
    setConflict(null);
    const outcome = await onSetTopic(next, from);
    setSaving(false);
    if (isConflictOutcome(outcome)) setConflict(outcome);
    else if (outcome) setBase(normalizeTopic(next));
  }

  function resolve(choices: ConflictChoices) {
    if (conflict === null) return;
    const theirs = conflict.conflicts[0]?.theirs;
    const stored = typeof theirs === 'string' ? theirs : '';
    const chosen = chosenValues(conflict.conflicts, choices).topic;
    setBase(stored);
    setConflict(null);
    if (choices.topic === 'theirs') {
      setDraft(stored);
      return;
    }
    const next = typeof chosen === 'string' ? chosen : draft;
    setDraft(next);
    void save(next, stored);
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (normalizeTopic(draft) !== topic) void save(draft);
  }

  return (
    <form className="poker-topic" onSubmit={submit}>
      <p className="poker-topic-current">
        {topic === '' ? m.poker_topic_none() : m.poker_topic_current({ topic })}
      </p>
      <div className="field">
        <label htmlFor={inputId}>{m.poker_topic_label()}</label>
        <input
          id={inputId}
          value={draft}
          maxLength={POKER_TOPIC_MAX_LENGTH}
          placeholder={m.poker_topic_placeholder()}
          aria-describedby={hintId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <p id={hintId} className="field-hint">
          {m.poker_topic_hint()}
        </p>
      </div>
      <div className="row poker-final-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={saving || normalizeTopic(draft) === topic}
          aria-busy={saving}
        >
          {m.poker_topic_set()}
        </button>
        {topic === '' ? null : (
          <button
            type="button"
            className="button"
            disabled={saving}
            onClick={() => {
              setDraft('');
              void save('');
            }}
          >
            {m.poker_topic_clear()}
          </button>
        )}
      </div>
      {conflict ? (
        <EditConflictPanel
          conflict={conflict}
          busy={saving}
          fieldLabel={() => m.poker_topic_label()}
          onResolve={resolve}
        />
      ) : null}
    </form>
  );
}

/** See the module comment. */
export function SelectedIssuePanel({
  selectedIssueId,
  item,
  backlogLoading,
  hasIssues,
  suggestions,
  onSave,
  onClearSelection,
  topic,
  onSetTopic,
  recorded,
}: SelectedIssuePanelProps) {
  const headingId = useId();

  let body;
  if (selectedIssueId === null && !hasIssues && !backlogLoading) {
    body = (
      <>
        <TopicForm topic={topic} onSetTopic={onSetTopic} />
        <p className="field-hint">{m.poker_no_issues()}</p>
      </>
    );
  } else if (selectedIssueId === null) {
    body = (
      <div className="poker-placeholder">
        <p>{m.poker_select_placeholder()}</p>
      </div>
    );
  } else if (item === undefined) {
    body = backlogLoading ? (
      <p className="poker-placeholder" role="status">
        {m.poker_selected_loading()}
      </p>
    ) : (
      <div className="poker-placeholder">
        <p>{m.poker_selected_missing()}</p>
        <button type="button" className="button" onClick={onClearSelection}>
          {m.poker_clear_selection()}
        </button>
      </div>
    );
  } else {
    const { issue } = item;
    body = (
      <>
        <article className="poker-selected-issue" aria-label={issue.title}>
          <h3 className="poker-selected-title">{issue.title}</h3>
          <p className="poker-issue-meta">
            <IssueBadges issue={issue} />
            <span className="poker-issue-source">
              {m.poker_issue_source({ phase: item.phaseName, tool: backlogToolText(item.tool) })}
            </span>
          </p>
          <dl className="poker-facts">
            <dt>{m.poker_description()}</dt>
            <dd className="poker-description">
              {issue.description.trim() === '' ? m.poker_no_description() : issue.description}
            </dd>
            <dt>{m.poker_assignee()}</dt>
            <dd>{issue.assignedPerson === '' ? m.poker_unassigned() : issue.assignedPerson}</dd>
            <dt>{m.poker_tags()}</dt>
            <dd>
              {issue.tags.length === 0 ? (
                m.poker_no_tags()
              ) : (
                <span className="poker-issue-tags">
                  {issue.tags.map((tag) => (
                    <span key={tag} className="poker-tag">
                      {tag}
                    </span>
                  ))}
                </span>
              )}
            </dd>
            <dt>{m.poker_current_estimation()}</dt>
            <dd>{currentEstimationText(issue.estimation)}</dd>
          </dl>
          {recorded === undefined ? null : (
            <p className="poker-final-recorded" role="status">
              {m.poker_final_recorded({ estimate: recorded })}
            </p>
          )}
        </article>
        <FinalEstimation
          // A fresh choice for every issue.
          key={issue.id}
          suggestions={suggestions}
          onSave={onSave}
          onClearSelection={onClearSelection}
        />
      </>
    );
  }

  return (
    <section className="poker-panel poker-selected" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_selected_heading()}</h2>
      </div>
      {body}
    </section>
  );
}
