/**
 * The issue selector of Scrum Poker (spec §2 /tools/scrum-poker "Issue selector"; §9 Poker:
 * first 20 issues without a search, at most 50 matches, search debounced 300 ms): a search box
 * with a clear button, the count of listed issues and the list — each row with title, assignee,
 * type and priority badges, tags, and the phase and tool it lives in. Renders nothing when there
 * are no issues and no search text.
 */
import { SearchX, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';

import {
  ISSUE_SEARCH_DEBOUNCE_MS,
  allSourcedIssues,
  searchSourcedIssues,
  type BacklogSource,
  type SourcedIssue,
} from '@cipherspace/tools/poker';
import { EmptyState } from '../../components/EmptyState.tsx';
import { m } from '../../paraglide/messages.js';
import { IssueBadges } from './IssueBadges.tsx';
import { backlogToolText } from './poker-messages.ts';
import type { BacklogTool } from './use-poker-backlog.ts';

export interface IssueSelectorProps {
  sources: readonly BacklogSource<BacklogTool>[];
  /** The issue selected for this round (spec §3 selectedIssueId). */
  selectedIssueId: string | null;
  /** Called with the id of the issue clicked. */
  onSelect: (issueId: string) => void;
}

function IssueRow({
  item,
  selected,
  onSelect,
}: {
  item: SourcedIssue<BacklogTool>;
  selected: boolean;
  onSelect: (issueId: string) => void;
}) {
  const { issue } = item;
  return (
    <li>
      <button
        type="button"
        className={`poker-issue${selected ? ' is-selected' : ''}`}
        aria-pressed={selected}
        onClick={() => onSelect(issue.id)}
      >
        <span className="poker-issue-title">{issue.title}</span>
        <span className="poker-issue-meta">
          <IssueBadges issue={issue} />
          <span className="poker-issue-assignee">
            {issue.assignedPerson === ''
              ? m.poker_unassigned()
              : m.poker_issue_assignee({ name: issue.assignedPerson })}
          </span>
        </span>
        {issue.tags.length > 0 ? (
          <span className="poker-issue-tags">
            <span className="visually-hidden">
              {m.poker_issue_tags({ tags: issue.tags.join(', ') })}
            </span>
            {issue.tags.map((tag) => (
              <span key={tag} className="poker-tag" aria-hidden="true">
                {tag}
              </span>
            ))}
          </span>
        ) : null}
        <span className="poker-issue-source">
          {m.poker_issue_source({ phase: item.phaseName, tool: backlogToolText(item.tool) })}
        </span>
      </button>
    </li>
  );
}

/** See the module comment. */
export function IssueSelector({ sources, selectedIssueId, onSelect }: IssueSelectorProps) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // What is typed, and the search that runs 300 ms after the last keystroke.
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');

  useEffect(() => {
    if (search === query) return;
    const timer = window.setTimeout(() => setQuery(search), ISSUE_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, query]);

  const total = useMemo(() => allSourcedIssues(sources).length, [sources]);
  const listed = useMemo(() => searchSourcedIssues(sources, query), [sources, query]);

  if (total === 0 && search === '' && query === '') return null;

  const clear = () => {
    setSearch('');
    setQuery('');
    inputRef.current?.focus();
  };
  const searching = query.trim() !== '';

  return (
    <section className="poker-panel poker-issues" aria-labelledby={headingId}>
      <div className="poker-panel-header">
        <h2 id={headingId}>{m.poker_issues_heading()}</h2>
        <span className="badge poker-count" role="status">
          {listed.length === 1
            ? m.poker_issue_count_one()
            : m.poker_issue_count_other({ count: listed.length })}
        </span>
      </div>
      <div className="poker-search">
        <input
          ref={inputRef}
          type="search"
          aria-label={m.poker_search_label()}
          placeholder={m.poker_search_placeholder()}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && search !== '') {
              event.preventDefault();
              clear();
            }
          }}
        />
        <button
          type="button"
          className="button"
          onClick={clear}
          disabled={search === '' && query === ''}
          aria-label={m.poker_search_clear()}
          title={m.poker_search_clear()}
        >
          <X size={16} aria-hidden="true" />
        </button>
      </div>
      {searching && listed.length === 0 ? (
        <EmptyState
          className="poker-empty"
          icon={SearchX}
          text={m.poker_no_matches({ search: query.trim() })}
        />
      ) : (
        <ul className="poker-issue-list" aria-labelledby={headingId}>
          {listed.map((item) => (
            <IssueRow
              key={`${item.tool}:${item.issue.id}`}
              item={item}
              selected={item.issue.id === selectedIssueId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
      {!searching && total > listed.length ? (
        <p className="field-hint">{m.poker_issue_list_limited({ shown: listed.length, total })}</p>
      ) : null}
    </section>
  );
}
