/**
 * The backlog Scrum Poker estimates (spec §3 Backlog issue; §7 "Poker … read backlog/kanban/
 * ticket content through the content service; poker writes an issue's estimation into the
 * backlog"): the issues of Issue Management ('ticket-system') and of the Kanban board
 * ('kanban'), each through the shared sync engine of its own tool, so the list stays live
 * and a final estimation is saved into the issue's own tool with the versioned save (a 409
 * re-applies the change to the latest board).
 */
import { useCallback, useMemo } from 'react';

import type { BacklogPhase, BacklogSource } from '@cipherspace/tools/poker';
import { locateSourcedIssue } from '@cipherspace/tools/poker';
import {
  kanbanTool,
  sortByOrder,
  ticketTool,
  type TrackerContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import type { PerformResult } from '@cipherspace/sync';
import { useToolContent, type ToolContent } from '../content/use-tool-content.ts';

/** The content ids of the tools Scrum Poker reads issues from, in the order they are listed. */
export type BacklogTool = 'ticket-system' | 'kanban';

/** How saving a final estimation into the backlog ended. */
export type BacklogSaveResult =
  | PerformResult<TrackerContent>
  /** The issue is in neither tool (deleted, or the backlog is not loaded). */
  | { status: 'not-found' };

export interface PokerBacklog {
  /** Issue Management first, then Kanban; phases and issues in board order. Loaded tools only. */
  sources: BacklogSource<BacklogTool>[];
  /**
   * 'loading' until both tools answered, 'error' when either failed to load (its issues are then
   * missing from `sources`, spec §8: a failed backlog load yields an empty list), else 'loaded'.
   */
  status: 'loading' | 'loaded' | 'error';
  /** Loads both tools again (the Retry of the error bar). */
  reload: () => void;
  /**
   * Writes `estimation` (already the backlog text, e.g. '5' or 'M') into issue `issueId` of the
   * tool it lives in, as the tracker's updateIssue operation from the estimation shown (a
   * teammate's estimation written meanwhile makes it a conflict). Never throws.
   */
  saveEstimation: (issueId: string, estimation: string) => Promise<BacklogSaveResult>;
}

// Phases and their issues in the order the tools show them.
function phasesOf(content: TrackerContent | null): BacklogPhase[] {
  if (content === null) return [];
  return sortByOrder(content.phases).map((phase) => ({
    name: phase.name,
    issues: sortByOrder(phase.issues),
  }));
}

function loadedContent<C>(tool: ToolContent<C, TrackerOperation>): C | null {
  return tool.state.status === 'loaded' ? tool.state.content : null;
}

/** The backlog of the signed-in space; see {@link PokerBacklog}. */
export function usePokerBacklog(): PokerBacklog {
  const ticket = useToolContent(ticketTool);
  const kanban = useToolContent(kanbanTool);
  const ticketContent = loadedContent(ticket);
  const kanbanContent = loadedContent(kanban);

  const sources = useMemo(
    (): BacklogSource<BacklogTool>[] => [
      { tool: 'ticket-system', phases: phasesOf(ticketContent) },
      { tool: 'kanban', phases: phasesOf(kanbanContent) },
    ],
    [ticketContent, kanbanContent],
  );

  const statuses = [ticket.state.status, kanban.state.status];
  const status = statuses.includes('error')
    ? 'error'
    : statuses.includes('loading')
      ? 'loading'
      : 'loaded';

  const { reload: reloadTicket, perform: performTicket } = ticket;
  const { reload: reloadKanban, perform: performKanban } = kanban;
  const reload = useCallback(() => {
    reloadTicket();
    reloadKanban();
  }, [reloadTicket, reloadKanban]);

  const saveEstimation = useCallback(
    async (issueId: string, estimation: string): Promise<BacklogSaveResult> => {
      const located = locateSourcedIssue(sources, issueId);
      if (located === undefined) return { status: 'not-found' };
      // From the estimation shown: one a teammate wrote meanwhile is not overwritten unasked.
      const operation: TrackerOperation = {
        type: 'updateIssue',
        issueId,
        changes: { estimation },
        from: { estimation: located.issue.estimation },
      };
      return located.tool === 'ticket-system' ? performTicket(operation) : performKanban(operation);
    },
    [sources, performTicket, performKanban],
  );

  return { sources, status, reload, saveEstimation };
}
