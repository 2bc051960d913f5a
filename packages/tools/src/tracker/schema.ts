/**
 * zod schemas of tracker content and operations (spec §3 Shared phase/issue tool content).
 * BRIDGE: to be replaced by the full schemas (strict and lenient) — see the issue 14 work.
 */
import { z } from 'zod';

import type { TrackerOperation } from './operations.ts';
import { parseTrackerContent } from './parse.ts';
import type { KanbanContent, TicketContent } from './types.ts';

export const TRACKER_OPERATIONS: readonly TrackerOperation['type'][] = [
  'addPhase',
  'updatePhase',
  'deletePhase',
  'movePhase',
  'movePhaseTo',
  'addIssue',
  'updateIssue',
  'deleteIssue',
  'moveIssue',
  'addComment',
  'deleteComment',
  'addTeamMember',
];

export function trackerContentSchema(tool: 'kanban', mode: 'strict' | 'lenient'): z.ZodType<KanbanContent>;
export function trackerContentSchema(tool: 'ticket', mode: 'strict' | 'lenient'): z.ZodType<TicketContent>;
export function trackerContentSchema(tool: 'kanban' | 'ticket', _mode: 'strict' | 'lenient'): z.ZodType {
  return z.custom((value) => {
    try {
      parseTrackerContent(value, tool);
      return true;
    } catch {
      return false;
    }
  });
}

export const trackerOperationSchema = z.custom<TrackerOperation>(
  (value) => typeof value === 'object' && value !== null,
);
