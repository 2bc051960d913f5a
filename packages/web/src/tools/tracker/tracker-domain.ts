/**
 * The tracker domain (src/domain/tracker) plugged into the shared content lifecycle for Kanban
 * and Issue Management (spec §3 Shared phase/issue tool content, §4 Tool content): default
 * board, shape check after decryption, named operations, validation before every save, and the
 * version/lastModified stamp the document carries.
 */
import {
  applyOperation,
  defaultContent,
  parseTrackerContent,
  validateContent,
  type KanbanContent,
  type TicketContent,
  type TrackerOperation,
} from '@cipherspace/tools/tracker';
import type { ContentDomain } from '../content/content-lifecycle.ts';

function trackerDomain<C extends KanbanContent | TicketContent>(
  tool: C['toolType'],
): ContentDomain<C, TrackerOperation> {
  return {
    // defaultContent/parseTrackerContent return the content of exactly `tool`, i.e. C.
    createDefault: (ctx) => defaultContent(tool, ctx) as C,
    parse: (value) => parseTrackerContent(value, tool) as C,
    apply: (content, operation, ctx) => applyOperation(content, operation, ctx),
    validate: validateContent,
    stamp: (content, { version, lastModified }) => ({ ...content, version, lastModified }),
  };
}

/** The lifecycle domain of the Kanban board. */
export const kanbanDomain = trackerDomain<KanbanContent>('kanban');

/** The lifecycle domain of the Issue Management backlog. */
export const ticketDomain = trackerDomain<TicketContent>('ticket');
