/**
 * Default settings and default content of Kanban and Issue Management (spec §3 Kanban settings,
 * Ticket settings, Defaults; spec §4 Tool content: created and saved when the server has none).
 */
import type { ContentLanguage } from '../shared.ts';
import {
  DEFAULT_PHASE_COLOR,
  ISSUE_TYPES,
  type KanbanContent,
  type KanbanSettings,
  type Phase,
  type TicketContent,
  type TicketSettings,
  type ToolType,
  type TrackerContent,
  type TrackerContext,
} from './types.ts';

/**
 * spec §3 Kanban settings: 2 to 10 phases, new issues are Tasks, every type available. The spec
 * names but does not value the flags: everything is shown and allowed, notifications are off and
 * cards are not compact.
 */
export const KANBAN_DEFAULT_SETTINGS: Readonly<KanbanSettings> = {
  allowPhaseReorder: true,
  allowPhaseDelete: true,
  minPhases: 2,
  maxPhases: 10,
  defaultIssueType: 'Task',
  availableIssueTypes: [...ISSUE_TYPES],
  showEstimation: true,
  showPriority: true,
  showAssignedPerson: true,
  showComments: true,
  showTags: true,
  allowBackwardMovement: true,
  notifyOnAssignment: false,
  notifyOnStatusChange: false,
  cardCompactView: false,
};

/**
 * spec §3 Ticket settings: the kanban flags plus search, filtering and ticket numbers (on) and
 * auto-assigning the creator (off); 3 to 10 phases.
 */
export const TICKET_DEFAULT_SETTINGS: Readonly<TicketSettings> = {
  ...KANBAN_DEFAULT_SETTINGS,
  minPhases: 3,
  maxPhases: 10,
  enableSearch: true,
  enableFiltering: true,
  showTicketNumbers: true,
  autoAssignCreator: false,
};

/** Colour of each default phase, in order; the last one ('Done') is the end phase. */
const DEFAULT_PHASE_COLORS: Readonly<Record<ToolType, readonly string[]>> = {
  kanban: ['#6c757d', '#17a2b8', '#ffc107', '#fd7e14', '#28a745'],
  ticket: ['#6c757d', '#17a2b8', '#ffc107', '#6f42c1', '#28a745'],
};

/** Name of each default phase, in order, in each content language (spec §3 Defaults in English). */
export const DEFAULT_PHASE_NAMES: Readonly<
  Record<ContentLanguage, Readonly<Record<ToolType, readonly string[]>>>
> = {
  en: {
    kanban: ['Backlog', 'To Do', 'In Progress', 'Testing', 'Done'],
    ticket: ['Backlog', 'To Do', 'In Progress', 'Review', 'Done'],
  },
  de: {
    kanban: ['Backlog', 'Zu erledigen', 'In Arbeit', 'Test', 'Erledigt'],
    ticket: ['Backlog', 'Zu erledigen', 'In Arbeit', 'Review', 'Erledigt'],
  },
};

/** spec §2: the board title of each tool's default content (and of content that has none). */
export const DEFAULT_TITLES: Readonly<Record<ToolType, string>> = {
  kanban: 'Kanban Board',
  ticket: 'Issue Management',
};

/** {@link DEFAULT_TITLES} in each content language (the tools' German names in the app). */
export const DEFAULT_TITLES_BY_LANGUAGE: Readonly<
  Record<ContentLanguage, Readonly<Record<ToolType, string>>>
> = {
  en: DEFAULT_TITLES,
  de: { kanban: 'Kanban-Board', ticket: 'Issue-Verwaltung' },
};

function defaultPhases(tool: ToolType, ctx: TrackerContext): Phase[] {
  const colors = DEFAULT_PHASE_COLORS[tool];
  const names = DEFAULT_PHASE_NAMES[ctx.language ?? 'en'][tool];
  return names.map((name, order) => ({
    id: ctx.newId(),
    name,
    issues: [],
    order,
    color: colors[order] ?? DEFAULT_PHASE_COLOR,
    description: '',
    isEndPhase: order === names.length - 1,
  }));
}

/**
 * The content a tool starts with (spec §3 Defaults): version 1, no team members, five empty
 * phases in order 0..4 — kanban Backlog, To Do, In Progress, Testing, Done; ticket Backlog,
 * To Do, In Progress, Review, Done — of which only Done is the end phase. Title and phase names
 * are in `ctx.language` (German: Kanban-Board / Issue-Verwaltung; Backlog, Zu erledigen, In
 * Arbeit, Test or Review, Erledigt). Ids come from `ctx.newId`, `createdAt` and `lastModified`
 * from one call of `ctx.now`.
 */
export function defaultContent(tool: 'kanban', ctx: TrackerContext): KanbanContent;
export function defaultContent(tool: 'ticket', ctx: TrackerContext): TicketContent;
export function defaultContent(tool: ToolType, ctx: TrackerContext): TrackerContent;
export function defaultContent(tool: ToolType, ctx: TrackerContext): TrackerContent {
  const now = ctx.now();
  const base = {
    id: ctx.newId(),
    title: DEFAULT_TITLES_BY_LANGUAGE[ctx.language ?? 'en'][tool],
    version: 1,
    lastModified: now,
    createdAt: now,
    phases: defaultPhases(tool, ctx),
    teamMembers: [],
  };
  return tool === 'kanban'
    ? {
        ...base,
        toolType: 'kanban',
        settings: { ...KANBAN_DEFAULT_SETTINGS, availableIssueTypes: [...ISSUE_TYPES] },
      }
    : {
        ...base,
        toolType: 'ticket',
        settings: { ...TICKET_DEFAULT_SETTINGS, availableIssueTypes: [...ISSUE_TYPES] },
      };
}
