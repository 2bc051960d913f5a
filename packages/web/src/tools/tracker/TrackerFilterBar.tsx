/**
 * The search and filter bar of Kanban and Issue Management (spec §3 Issue filter; on Issue
 * Management the ticket settings `enableSearch` and `enableFiltering` switch its parts on): a
 * text search, type, priority, assignee and tag filters, the active filters as chips that remove
 * themselves, and how many items are shown, announced as it changes. `/` anywhere on the page
 * (outside a text field) focuses the search. Controlled: the page keeps the {@link FilterState}
 * and turns it into the domain filter with `toIssueFilter`.
 */
import { X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

import {
  ISSUE_PRIORITIES,
  prepareTextSearch,
  type IssuePriority,
  type IssueType,
  type TrackerContent,
} from '@cipherspace/tools/tracker';
import { dialogOpen } from '../../lib/dialog-open.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { m } from '../../paraglide/messages.js';
import { issueTypeText, priorityText } from './tracker-messages.ts';
import {
  DUE_FILTER_CHOICES,
  EMPTY_FILTER_STATE,
  isFilterStateEmpty,
  type DueFilterChoice,
  type FilterState,
} from './tracker-filter.ts';
import './tracker.css';
import './tracker-plan.css';

const DUE_TEXT: Record<DueFilterChoice, () => string> = {
  overdue: m.tracker_due_filter_overdue,
  dueSoon: m.tracker_due_filter_soon,
  none: m.tracker_due_filter_none,
};

/** The translated name of a due filter choice ('Overdue', 'Due soon', 'No due date'). */
export function dueFilterText(choice: DueFilterChoice): string {
  return DUE_TEXT[choice]();
}

// Select values for "no restriction" and "unassigned" that no person, type or priority can have.
const ALL = '__all__';
const UNASSIGNED = '__unassigned__';

const TEXTS = {
  card: {
    label: m.tracker_filter_label_card,
    result: m.tracker_filter_result_card,
    none: m.tracker_filter_no_results_card,
    archivedHint: m.tracker_filter_archived_hint_card,
    archivedMatches: (count: number) =>
      count === 1
        ? m.tracker_filter_archived_matches_card_one()
        : m.tracker_filter_archived_matches_card_other({ count: String(count) }),
  },
  issue: {
    label: m.tracker_filter_label_issue,
    result: m.tracker_filter_result_issue,
    none: m.tracker_filter_no_results_issue,
    archivedHint: m.tracker_filter_archived_hint_issue,
    archivedMatches: (count: number) =>
      count === 1
        ? m.tracker_filter_archived_matches_issue_one()
        : m.tracker_filter_archived_matches_issue_other({ count: String(count) }),
  },
} as const;

/** One removable chip per active filter: its label, its value as shown, and the state without it. */
function activeChips(
  state: FilterState,
): { filter: string; value: string; without: FilterState }[] {
  const chips: { filter: string; value: string; without: FilterState }[] = [];
  if (state.type !== null)
    chips.push({
      filter: m.tracker_filter_type(),
      value: issueTypeText(state.type),
      without: { ...state, type: null },
    });
  if (state.priority !== null)
    chips.push({
      filter: m.tracker_filter_priority(),
      value: priorityText(state.priority),
      without: { ...state, priority: null },
    });
  if (state.assignee !== null)
    chips.push({
      filter: m.tracker_filter_assignee(),
      value: state.assignee === '' ? m.tracker_filter_unassigned() : state.assignee,
      without: { ...state, assignee: null },
    });
  if (state.tag !== null)
    chips.push({
      filter: m.tracker_filter_tag(),
      value: state.tag,
      without: { ...state, tag: null },
    });
  if (state.due !== null)
    chips.push({
      filter: m.tracker_due_filter(),
      value: dueFilterText(state.due),
      without: { ...state, due: null },
    });
  return chips;
}

/**
 * Prepares the text search over `content` while the browser is idle, after it loads and after
 * each change (only the issues a change replaced are worked out again), so that the first
 * keystroke of a search does not wait for it.
 */
export function useTextSearchPrepared(content: TrackerContent | null): void {
  useEffect(() => {
    if (content === null) return;
    return whenIdle(() => prepareTextSearch(content), 2000, 50);
  }, [content]);
}

/**
 * Takes the current state, what the tool calls its items (`noun`), the flags, the choices offered
 * (issue types, assignees, tags) and the counts (`shown` of `total`, and `archivedMatches`: how
 * many archived items the search finds besides while the Archived toggle is off); calls
 * `onChange` with the next state. Archived matches get a button that turns the toggle on, so a
 * search whose only match is archived does not just say that nothing matches. Renders nothing
 * when both flags are off.
 */
export function TrackerFilterBar({
  state,
  noun,
  enableSearch = true,
  enableFiltering = true,
  issueTypes,
  assignees,
  tags,
  shown,
  total,
  archivedMatches = 0,
  onChange,
}: {
  state: FilterState;
  noun: 'card' | 'issue';
  enableSearch?: boolean;
  enableFiltering?: boolean;
  issueTypes: readonly IssueType[];
  assignees: readonly string[];
  tags: readonly string[];
  shown: number;
  total: number;
  archivedMatches?: number;
  onChange: (next: FilterState) => void;
}) {
  const ids = {
    search: useId(),
    hint: useId(),
    type: useId(),
    priority: useId(),
    assignee: useId(),
    tag: useId(),
    due: useId(),
  };
  const searchRef = useRef<HTMLInputElement>(null);

  // Outside text fields only (the library's default), whatever keys the layout types `/` with.
  useHotkeys(
    '/',
    () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    {
      enabled: enableSearch,
      useKey: true,
      ignoreModifiers: true,
      preventDefault: true,
      ignoreEventWhen: dialogOpen,
    },
  );

  if (!enableSearch && !enableFiltering) return null;
  const texts = TEXTS[noun];
  const active = !isFilterStateEmpty(state);
  const chips = activeChips(state);
  const assigneeValue =
    state.assignee === null ? ALL : state.assignee === '' ? UNASSIGNED : state.assignee;
  // A chosen person or tag that left the board stays selectable, so the select shows it.
  const assigneeChoices =
    state.assignee !== null && state.assignee !== '' && !assignees.includes(state.assignee)
      ? [state.assignee, ...assignees]
      : assignees;
  const tagChoices = state.tag !== null && !tags.includes(state.tag) ? [state.tag, ...tags] : tags;

  return (
    <div role="search" className="tracker-filter card" aria-label={texts.label()}>
      <div className="tracker-filter-fields">
        {enableSearch ? (
          <div className="field tracker-filter-search">
            <label htmlFor={ids.search} className="visually-hidden">
              {m.tracker_search_label()}
            </label>
            <input
              ref={searchRef}
              id={ids.search}
              type="search"
              value={state.text}
              placeholder={m.tracker_search_placeholder()}
              aria-keyshortcuts="/"
              aria-describedby={ids.hint}
              onChange={(event) => onChange({ ...state, text: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && state.text !== '') {
                  event.preventDefault();
                  onChange({ ...state, text: '' });
                }
              }}
            />
            <kbd id={ids.hint} className="tracker-filter-key" title={m.tracker_search_hint()}>
              <span aria-hidden="true">/</span>
              <span className="visually-hidden">{m.tracker_search_hint()}</span>
            </kbd>
          </div>
        ) : null}
        {enableFiltering ? (
          <>
            <div className="field">
              <label htmlFor={ids.type} className="visually-hidden">
                {m.tracker_filter_type()}
              </label>
              <select
                id={ids.type}
                value={state.type ?? ALL}
                onChange={(event) => {
                  const value = event.target.value;
                  const type = issueTypes.find((candidate) => candidate === value) ?? null;
                  onChange({ ...state, type });
                }}
              >
                <option value={ALL}>{m.tracker_filter_all_types()}</option>
                {issueTypes.map((type) => (
                  <option key={type} value={type}>
                    {issueTypeText(type)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.priority} className="visually-hidden">
                {m.tracker_filter_priority()}
              </label>
              <select
                id={ids.priority}
                value={state.priority ?? ALL}
                onChange={(event) => {
                  const value = event.target.value;
                  const priority: IssuePriority | null =
                    ISSUE_PRIORITIES.find((candidate) => candidate === value) ?? null;
                  onChange({ ...state, priority });
                }}
              >
                <option value={ALL}>{m.tracker_filter_all_priorities()}</option>
                {ISSUE_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {priorityText(priority)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.assignee} className="visually-hidden">
                {m.tracker_filter_assignee()}
              </label>
              <select
                id={ids.assignee}
                value={assigneeValue}
                onChange={(event) => {
                  const value = event.target.value;
                  onChange({
                    ...state,
                    assignee: value === ALL ? null : value === UNASSIGNED ? '' : value,
                  });
                }}
              >
                <option value={ALL}>{m.tracker_filter_all_assignees()}</option>
                <option value={UNASSIGNED}>{m.tracker_filter_unassigned()}</option>
                {assigneeChoices.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            {tagChoices.length > 0 ? (
              <div className="field">
                <label htmlFor={ids.tag} className="visually-hidden">
                  {m.tracker_filter_tag()}
                </label>
                <select
                  id={ids.tag}
                  value={state.tag ?? ALL}
                  onChange={(event) => {
                    const value = event.target.value;
                    onChange({ ...state, tag: value === ALL ? null : value });
                  }}
                >
                  <option value={ALL}>{m.tracker_filter_all_tags()}</option>
                  {tagChoices.map((tag) => (
                    <option key={tag} value={tag}>
                      {tag}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="field">
              <label htmlFor={ids.due} className="visually-hidden">
                {m.tracker_due_filter()}
              </label>
              <select
                id={ids.due}
                value={state.due ?? ALL}
                onChange={(event) => {
                  const value = event.target.value;
                  const due = DUE_FILTER_CHOICES.find((choice) => choice === value) ?? null;
                  onChange({ ...state, due });
                }}
              >
                <option value={ALL}>{m.tracker_due_filter_all()}</option>
                {DUE_FILTER_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {dueFilterText(choice)}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        <div className="tracker-filter-archived">
          <button
            type="button"
            className={`tracker-toggle-chip${state.archived ? ' is-on' : ''}`}
            aria-pressed={state.archived}
            title={texts.archivedHint()}
            onClick={() => onChange({ ...state, archived: !state.archived })}
          >
            {m.tracker_filter_archived()}
          </button>
        </div>
        {active ? (
          <div className="tracker-filter-clear">
            <button type="button" className="button" onClick={() => onChange(EMPTY_FILTER_STATE)}>
              {m.tracker_filter_clear()}
            </button>
          </div>
        ) : null}
      </div>
      {chips.length > 0 ? (
        <ul className="tracker-filter-chips" aria-label={m.tracker_filter_active()}>
          {chips.map(({ filter, value, without }) => (
            <li key={filter}>
              <button
                type="button"
                className="tracker-filter-chip"
                aria-label={m.tracker_filter_chip_remove({ filter, value })}
                onClick={() => onChange(without)}
              >
                {m.tracker_filter_chip({ filter, value })}
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="tracker-filter-result" role="status">
        {!active ? null : shown === 0 ? texts.none() : texts.result({ shown, total })}
      </p>
      {active && !state.archived && archivedMatches > 0 ? (
        <p className="tracker-filter-archived-matches">
          <button
            type="button"
            className="button-link"
            onClick={() => onChange({ ...state, archived: true })}
          >
            {texts.archivedMatches(archivedMatches)}
          </button>
        </p>
      ) : null}
    </div>
  );
}
