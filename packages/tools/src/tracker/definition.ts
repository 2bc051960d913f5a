/**
 * The Kanban and Issue Management registry entries (spec §3 Tool metadata, Shared phase/issue
 * tool content; §4; §5): one tracker domain, two tools that differ in `toolType`, defaults and
 * settings.
 */
import { defineTool } from '../tool.ts';
import { defaultContent } from './defaults.ts';
import { applyOperation, trackerOperations, type TrackerOperation } from './operations.ts';
import {
  kanbanContentSchema,
  lenientKanbanContentSchema,
  lenientTicketContentSchema,
  ticketContentSchema,
} from './schema.ts';
import { TrackerError, type KanbanContent, type TicketContent } from './types.ts';
import { validateContent } from './validation.ts';
import { TOOL_METADATA } from '../metadata.ts';

// Kept up by the operations: the next ticket number, the team from assignees, positions.
const TRACKER_BOOKKEEPING = ['nextTicketNumber', 'teamMembers', 'order'] as const;

// The tracker operations over one tool's content: `applyOperation` keeps the content's type
// (Kanban content stays Kanban content).
const operations = { ...trackerOperations, apply: applyOperation };

/** The Kanban board (content `toolType` 'kanban'). */
export const kanbanTool = defineTool<KanbanContent, TrackerOperation>({
  metadata: TOOL_METADATA.kanban,
  contentSchema: kanbanContentSchema,
  lenientContentSchema: lenientKanbanContentSchema,
  operations,
  parseError: () => new TrackerError('NO_DATA'),
  bookkeepingFields: TRACKER_BOOKKEEPING,
  validate: validateContent,
  defaultContent: (ctx) => defaultContent('kanban', ctx),
});

/** Issue Management (content `toolType` 'ticket'). */
export const ticketTool = defineTool<TicketContent, TrackerOperation>({
  metadata: TOOL_METADATA['ticket-system'],
  contentSchema: ticketContentSchema,
  lenientContentSchema: lenientTicketContentSchema,
  operations,
  parseError: () => new TrackerError('NO_DATA'),
  bookkeepingFields: TRACKER_BOOKKEEPING,
  validate: validateContent,
  defaultContent: (ctx) => defaultContent('ticket', ctx),
});
