/**
 * The search and filter bar of Issue Management (spec §3 Issue filter; ticket settings
 * `enableSearch` and `enableFiltering` switch its parts on): a text search and type, priority
 * and assignee filters, plus how many issues are shown. Controlled: the page keeps the
 * {@link FilterState} and turns it into the domain filter with `toIssueFilter`.
 */
import { useId } from 'react';

import { ISSUE_PRIORITIES, type IssuePriority, type IssueType } from '@cipherspace/tools/tracker';
import { m } from '../../paraglide/messages.js';
import { issueTypeText, priorityText } from '../tracker/tracker-messages.ts';
import { EMPTY_FILTER_STATE, isFilterStateEmpty, type FilterState } from './ticket-view.ts';

// Select values for "no restriction" and "unassigned" that no person, type or priority can have.
const ALL = '__all__';
const UNASSIGNED = '__unassigned__';

/**
 * Takes the current state, the flags, the issue types and assignees offered, and the counts
 * (`shown` of `total`); calls `onChange` with the next state. Renders nothing when both flags
 * are off.
 */
export function IssueFilterBar({
  state,
  enableSearch,
  enableFiltering,
  issueTypes,
  assignees,
  shown,
  total,
  onChange,
}: {
  state: FilterState;
  enableSearch: boolean;
  enableFiltering: boolean;
  issueTypes: readonly IssueType[];
  assignees: readonly string[];
  shown: number;
  total: number;
  onChange: (next: FilterState) => void;
}) {
  const ids = {
    search: useId(),
    type: useId(),
    priority: useId(),
    assignee: useId(),
  };
  if (!enableSearch && !enableFiltering) return null;
  const active = !isFilterStateEmpty(state);
  const assigneeValue =
    state.assignee === null ? ALL : state.assignee === '' ? UNASSIGNED : state.assignee;

  return (
    <div role="search" className="ticket-filter card" aria-label={m.ticket_filter_label()}>
      <div className="ticket-filter-fields">
        {enableSearch ? (
          <div className="field ticket-filter-search">
            <label htmlFor={ids.search}>{m.ticket_search_label()}</label>
            <input
              id={ids.search}
              type="search"
              value={state.text}
              placeholder={m.ticket_search_placeholder()}
              onChange={(event) => onChange({ ...state, text: event.target.value })}
            />
          </div>
        ) : null}
        {enableFiltering ? (
          <>
            <div className="field">
              <label htmlFor={ids.type}>{m.ticket_filter_type()}</label>
              <select
                id={ids.type}
                value={state.type ?? ALL}
                onChange={(event) => {
                  const value = event.target.value;
                  const type = issueTypes.find((candidate) => candidate === value) ?? null;
                  onChange({ ...state, type });
                }}
              >
                <option value={ALL}>{m.ticket_filter_all_types()}</option>
                {issueTypes.map((type) => (
                  <option key={type} value={type}>
                    {issueTypeText(type)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.priority}>{m.ticket_filter_priority()}</label>
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
                <option value={ALL}>{m.ticket_filter_all_priorities()}</option>
                {ISSUE_PRIORITIES.map((priority) => (
                  <option key={priority} value={priority}>
                    {priorityText(priority)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={ids.assignee}>{m.ticket_filter_assignee()}</label>
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
                <option value={ALL}>{m.ticket_filter_all_assignees()}</option>
                <option value={UNASSIGNED}>{m.ticket_unassigned()}</option>
                {state.assignee !== null &&
                state.assignee !== '' &&
                !assignees.includes(state.assignee) ? (
                  <option value={state.assignee}>{state.assignee}</option>
                ) : null}
                {assignees.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </>
        ) : null}
        {active ? (
          <div className="ticket-filter-clear">
            <button type="button" className="button" onClick={() => onChange(EMPTY_FILTER_STATE)}>
              {m.ticket_filter_clear()}
            </button>
          </div>
        ) : null}
      </div>
      <p className="ticket-filter-result" role="status">
        {!active
          ? null
          : shown === 0
            ? m.ticket_filter_no_results()
            : m.ticket_filter_result({ shown, total })}
      </p>
    </div>
  );
}
