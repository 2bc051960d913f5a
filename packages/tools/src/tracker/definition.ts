/**
 * The Kanban and Issue Management registry entries (spec §3 Tool metadata, Shared phase/issue
 * tool content; §4; §5): one tracker domain, two tools that differ in `toolType`, defaults and
 * settings.
 */
import { defineTool, type ToolMetadata } from '../tool.ts';
import { defaultContent } from './defaults.ts';
import { applyOperation, type TrackerOperation } from './operations.ts';
import {
  kanbanContentSchema,
  lenientKanbanContentSchema,
  lenientTicketContentSchema,
  ticketContentSchema,
  trackerOperationSchema,
  TRACKER_OPERATIONS,
} from './schema.ts';
import { TrackerError, type KanbanContent, type TicketContent } from './types.ts';
import { validateContent } from './validation.ts';
import { TOOL_ROUTES } from '../routes.ts';

const KANBAN_METADATA: ToolMetadata = {
  name: 'kanban',
  displayName: 'Kanban Board',
  description: 'Plan and track work in columns, from backlog to done.',
  icon: '📋',
  route: TOOL_ROUTES.kanban,
  color: '#17a2b8',
};

const TICKET_METADATA: ToolMetadata = {
  name: 'ticket-system',
  displayName: 'Issue Management',
  description: 'Organise issues in phases with details, estimations and comments.',
  icon: '🎫',
  route: TOOL_ROUTES['ticket-system'],
  color: '#6f42c1',
};

/** The Kanban board (content `toolType` 'kanban'). */
export const kanbanTool = defineTool<KanbanContent, TrackerOperation>({
  metadata: KANBAN_METADATA,
  contentSchema: kanbanContentSchema,
  lenientContentSchema: lenientKanbanContentSchema,
  operationSchema: trackerOperationSchema,
  operations: TRACKER_OPERATIONS,
  parseError: () => new TrackerError('NO_DATA'),
  validate: validateContent,
  defaultContent: (ctx) => defaultContent('kanban', ctx),
  applyOperation: (content, operation, ctx) => applyOperation(content, operation, ctx),
});

/** Issue Management (content `toolType` 'ticket'). */
export const ticketTool = defineTool<TicketContent, TrackerOperation>({
  metadata: TICKET_METADATA,
  contentSchema: ticketContentSchema,
  lenientContentSchema: lenientTicketContentSchema,
  operationSchema: trackerOperationSchema,
  operations: TRACKER_OPERATIONS,
  parseError: () => new TrackerError('NO_DATA'),
  validate: validateContent,
  defaultContent: (ctx) => defaultContent('ticket', ctx),
  applyOperation: (content, operation, ctx) => applyOperation(content, operation, ctx),
});
