/**
 * The issue selector of Scrum Poker over the backlog tool's phases (spec §2 Issue selector, §3
 * Backlog issue, §9 Poker: first 20 without a search, at most 50 matches, debounce 300 ms).
 */
import type { BacklogIssue, BacklogPhase } from './types.ts';

/** spec §9: how many issues the list shows while the search is empty. */
export const ISSUE_LIST_INITIAL_LIMIT = 20;
/** spec §9: the most matches a search shows. */
export const ISSUE_SEARCH_MAX_RESULTS = 50;
/** spec §9: the search runs this long after the last keystroke. */
export const ISSUE_SEARCH_DEBOUNCE_MS = 300;

/** Every issue of `phases`, phase by phase in array order. */
export function allBacklogIssues(phases: readonly BacklogPhase[]): BacklogIssue[] {
  return phases.flatMap((phase) => phase.issues);
}

/** The issue with id `issueId` in any phase, or undefined. */
export function findBacklogIssue(
  phases: readonly BacklogPhase[],
  issueId: string,
): BacklogIssue | undefined {
  for (const phase of phases) {
    const issue = phase.issues.find((candidate) => candidate.id === issueId);
    if (issue) return issue;
  }
  return undefined;
}

/**
 * Whether `issue` matches the search text `query` (already trimmed, non-empty): a
 * case-insensitive substring of its title, description, id, one of its tags or its assignee.
 */
export function issueMatches(issue: BacklogIssue, query: string): boolean {
  const needle = query.toLowerCase();
  const fields = [issue.title, issue.description, issue.id, issue.assignedPerson, ...issue.tags];
  return fields.some((field) => field.toLowerCase().includes(needle));
}

/**
 * The issues the selector lists for `search` (spec §2, §9): with a blank search the first 20
 * issues of all phases; otherwise the issues matching it ({@link issueMatches}), at most 50, in
 * phase order.
 */
export function searchIssues(phases: readonly BacklogPhase[], search: string): BacklogIssue[] {
  return selectForSearch(allBacklogIssues(phases), search, (issue) => issue);
}

// The §9 selection rule shared by every search: first 20 when blank, else at most 50 matches.
function selectForSearch<T>(
  items: readonly T[],
  search: string,
  issueOf: (item: T) => BacklogIssue,
): T[] {
  const query = search.trim();
  if (query === '') return items.slice(0, ISSUE_LIST_INITIAL_LIMIT);
  return items
    .filter((item) => issueMatches(issueOf(item), query))
    .slice(0, ISSUE_SEARCH_MAX_RESULTS);
}

/**
 * The phases of one backlog tool Scrum Poker reads issues from (spec §7: Issue Management and
 * Kanban). `tool` names the tool the issues live in (e.g. its content id), so a final
 * estimation can be written back into that tool.
 */
export interface BacklogSource<Tool extends string = string> {
  tool: Tool;
  phases: readonly BacklogPhase[];
}

/** An issue together with the tool and the phase (by name) it lives in. */
export interface SourcedIssue<Tool extends string = string> {
  tool: Tool;
  phaseName: string;
  issue: BacklogIssue;
}

/** Every issue of every source: source by source, then phase by phase, in array order. */
export function allSourcedIssues<Tool extends string>(
  sources: readonly BacklogSource<Tool>[],
): SourcedIssue<Tool>[] {
  return sources.flatMap((source) =>
    source.phases.flatMap((phase) =>
      phase.issues.map((issue) => ({ tool: source.tool, phaseName: phase.name, issue })),
    ),
  );
}

/**
 * The issues the selector lists over several backlog tools (spec §2, §9): the rule of
 * {@link searchIssues} applied to {@link allSourcedIssues} — first 20 with a blank search,
 * otherwise at most 50 matches.
 */
export function searchSourcedIssues<Tool extends string>(
  sources: readonly BacklogSource<Tool>[],
  search: string,
): SourcedIssue<Tool>[] {
  return selectForSearch(allSourcedIssues(sources), search, (item) => item.issue);
}

/** The issue with id `issueId` in any source, with its tool and phase; undefined when none. */
export function locateSourcedIssue<Tool extends string>(
  sources: readonly BacklogSource<Tool>[],
  issueId: string,
): SourcedIssue<Tool> | undefined {
  return allSourcedIssues(sources).find((item) => item.issue.id === issueId);
}
