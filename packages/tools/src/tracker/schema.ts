/**
 * zod schemas of tracker content (spec §3 Shared phase/issue tool content): what the Kanban and
 * Issue Management registry entries (./definition.ts) check decrypted content against. The
 * operations' schemas are derived from their definitions (./operations.ts), whose arguments take
 * the issue type, priority and `maxIssues` schemas from here. Rules about values (titles, phase
 * counts, capacity…) are not here: ./validation.ts reports them, ./operations.ts enforces them.
 *
 * Each content schema comes in two modes built from one definition ({@link trackerContentSchema}):
 * strict (load, before every save) and lenient (export of older or foreign shapes).
 */
import { z } from 'zod';

import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { DEFAULT_TITLES, KANBAN_DEFAULT_SETTINGS, TICKET_DEFAULT_SETTINGS } from './defaults.ts';
import {
  DEFAULT_PHASE_COLOR,
  ISSUE_PRIORITIES,
  ISSUE_TYPES,
  type KanbanContent,
  type KanbanSettings,
  type TicketContent,
  type TicketSettings,
  type ToolType,
} from './types.ts';

/** spec §3 Issue/card `type`: 'Task', 'Bug', 'User Story' or 'Epic'. */
export const issueTypeSchema = z.enum(ISSUE_TYPES);

/** spec §3 Issue/card `priority`: 'none', 'Low', 'Medium', 'High' or 'Critical'. */
export const issuePrioritySchema = z.enum(ISSUE_PRIORITIES);

/** spec §3 Phase `maxIssues`: a count of issues, an integer ≥ 0 (absent means unlimited). */
export const maxIssuesSchema = z.int().nonnegative();

/** An issue's ticket number and the board's next one: an integer ≥ 1. */
export const ticketNumberSchema = z.int().positive();

// A plain object (not an array), the shape of `tagColors`.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A copy of `entries` as own fields: a key '__proto__' stays a field (zod's record would drop it).
function ownRecord(entries: Iterable<readonly [string, string]>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of entries)
    Object.defineProperty(record, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return record;
}

/**
 * The board's `tagColors` (tag → colour): strictly an object whose values are all strings;
 * leniently the string values of any object (others dropped), anything else absent.
 */
function tagColorsSchema(lenient: boolean): z.ZodType<Record<string, string> | undefined> {
  const strict = z
    .custom<Record<string, unknown>>(isRecord, { message: 'Expected an object' })
    .superRefine((record, ctx) => {
      for (const [key, value] of Object.entries(record))
        if (typeof value !== 'string')
          ctx.addIssue({ code: 'custom', path: [key], message: 'Expected a string', input: value });
    })
    .transform((record) => ownRecord(Object.entries(record) as [string, string][]));
  if (!lenient) return strict.optional();
  return z
    .unknown()
    .transform((value) =>
      isRecord(value)
        ? ownRecord(
            Object.entries(value).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : undefined,
    )
    .optional();
}

/**
 * A due date as read: strictly any string (checked by the operations, like timestamps);
 * leniently a string starting with a date `YYYY-MM-DD` becomes that date (an ISO timestamp its
 * day), anything else absent.
 */
function dueDateSchema(lenient: boolean): z.ZodType<string | undefined> {
  if (!lenient) return z.string().optional();
  return z
    .unknown()
    .transform((value) =>
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())
        ? value.trim().slice(0, 10)
        : undefined,
    )
    .optional();
}

// The fields of both modes, written once with the shared building blocks (../schema-modes.ts).
function contentParts(mode: SchemaMode) {
  const { lenient, field, text, timestamp, textField, flag, list } = schemaModeKit(mode);

  const comment = z.looseObject({
    id: textField(),
    content: textField(),
    createdAt: textField(),
    createdBy: textField(),
    editedAt: field(timestamp.optional(), undefined),
  });

  const checklistItem = z.looseObject({
    id: textField(),
    text: textField(),
    done: flag(false),
  });

  const issue = z.looseObject({
    id: textField(),
    title: textField(),
    description: textField(),
    type: field(issueTypeSchema, KANBAN_DEFAULT_SETTINGS.defaultIssueType),
    priority: field(issuePrioritySchema, 'none'),
    estimation: textField(),
    assignedPerson: textField(),
    comments: field(list(comment), []),
    createdAt: textField(),
    createdBy: textField(),
    order: field(z.number(), 0),
    tags: field(list(text), []),
    number: field(ticketNumberSchema.optional(), undefined),
    dueDate: dueDateSchema(lenient),
    checklist: field(list(checklistItem).optional(), undefined),
    archived: field(z.boolean().optional(), undefined),
  });

  const phase = z.looseObject({
    id: textField(),
    name: textField(),
    issues: field(list(issue), []),
    order: field(z.number(), 0),
    color: textField(DEFAULT_PHASE_COLOR),
    description: textField(),
    maxIssues: field(maxIssuesSchema.optional(), undefined),
    isEndPhase: field(z.boolean().optional(), undefined),
  });

  // spec §3 Kanban settings; `defaults` are the tool's own (the ticket's minPhases differ).
  function kanbanSettingsShape(defaults: Readonly<KanbanSettings>) {
    return {
      allowPhaseReorder: flag(defaults.allowPhaseReorder),
      allowPhaseDelete: flag(defaults.allowPhaseDelete),
      minPhases: field(z.number(), defaults.minPhases),
      maxPhases: field(z.number(), defaults.maxPhases),
      defaultIssueType: field(issueTypeSchema, defaults.defaultIssueType),
      availableIssueTypes: field(list(issueTypeSchema), [...defaults.availableIssueTypes]),
      showEstimation: flag(defaults.showEstimation),
      showPriority: flag(defaults.showPriority),
      showAssignedPerson: flag(defaults.showAssignedPerson),
      showComments: flag(defaults.showComments),
      showTags: flag(defaults.showTags),
      allowBackwardMovement: flag(defaults.allowBackwardMovement),
      notifyOnAssignment: flag(defaults.notifyOnAssignment),
      notifyOnStatusChange: flag(defaults.notifyOnStatusChange),
      cardCompactView: flag(defaults.cardCompactView),
    };
  }

  const kanbanSettings = z.looseObject(kanbanSettingsShape(KANBAN_DEFAULT_SETTINGS));

  const ticketDefaults: Readonly<TicketSettings> = TICKET_DEFAULT_SETTINGS;
  const ticketSettings = z.looseObject({
    ...kanbanSettingsShape(ticketDefaults),
    enableSearch: flag(ticketDefaults.enableSearch),
    enableFiltering: flag(ticketDefaults.enableFiltering),
    showTicketNumbers: flag(ticketDefaults.showTicketNumbers),
    autoAssignCreator: flag(ticketDefaults.autoAssignCreator),
  });

  /**
   * `toolType`: strictly the tool's own; leniently a missing or mistyped one becomes the tool's,
   * but the other tracker tool's name still fails (that is the other tool's content).
   */
  function toolType<T extends ToolType>(tool: T): z.ZodType<T> {
    if (!lenient) return z.literal(tool);
    const other: ToolType = tool === 'kanban' ? 'ticket' : 'kanban';
    return z.preprocess((value) => (value === other ? value : tool), z.literal(tool));
  }

  // Fields both tools' content share (spec §3); `phases` is the core and never defaulted.
  function contentShape(tool: ToolType) {
    return {
      id: textField(),
      title: textField(DEFAULT_TITLES[tool]),
      version: field(z.number(), 1),
      lastModified: textField(),
      createdAt: textField(),
      phases: list(phase),
      teamMembers: field(list(text), []),
      nextTicketNumber: field(ticketNumberSchema.optional(), undefined),
      tagColors: tagColorsSchema(lenient),
    };
  }

  return {
    kanban: (): z.ZodType<KanbanContent> =>
      z.looseObject({
        ...contentShape('kanban'),
        toolType: toolType('kanban'),
        settings: field(kanbanSettings, { ...KANBAN_DEFAULT_SETTINGS }),
      }),
    ticket: (): z.ZodType<TicketContent> =>
      z.looseObject({
        ...contentShape('ticket'),
        toolType: toolType('ticket'),
        settings: field(ticketSettings, { ...TICKET_DEFAULT_SETTINGS }),
      }),
  };
}

/**
 * The content schema of the Kanban (`tool` 'kanban') or Issue Management ('ticket') tool in
 * `mode` (see SchemaMode in ../schema-modes.ts); its output is KanbanContent / TicketContent
 * (spec §3). Strict: ids and timestamps strings, numbers finite, enums one of their values;
 * fields the spec does not name are kept untouched. Lenient: a missing or mistyped field gets
 * its default (estimation 5 → '5'; list entries of the wrong kind are dropped); only a value that
 * is not tracker content at all fails: not an object, no `phases` array, or a `toolType` naming
 * the other tracker tool. The schema itself never throws: `safeParse` reports a ZodError naming
 * the offending fields.
 */
export function trackerContentSchema(tool: 'kanban', mode: SchemaMode): z.ZodType<KanbanContent>;
export function trackerContentSchema(tool: 'ticket', mode: SchemaMode): z.ZodType<TicketContent>;
export function trackerContentSchema(
  tool: ToolType,
  mode: SchemaMode,
): z.ZodType<KanbanContent> | z.ZodType<TicketContent> {
  const parts = contentParts(mode);
  return tool === 'kanban' ? parts.kanban() : parts.ticket();
}

// Built on first use (z.lazy): a screen builds only the schemas it reads, not both modes of every
// tool it loads (building them all at load took ~20 ms of the Kanban screen's first render).
/** Strict Kanban content (spec §3, see {@link trackerContentSchema}): on load and before saves. */
export const kanbanContentSchema = z.lazy(() => trackerContentSchema('kanban', 'strict'));

/** Lenient Kanban content (see {@link trackerContentSchema}): export of older or foreign shapes. */
export const lenientKanbanContentSchema = z.lazy(() => trackerContentSchema('kanban', 'lenient'));

/** Strict Issue Management content (spec §3): used on load and before saves. */
export const ticketContentSchema = z.lazy(() => trackerContentSchema('ticket', 'strict'));

/** Lenient Issue Management content: export of older or foreign shapes. */
export const lenientTicketContentSchema = z.lazy(() => trackerContentSchema('ticket', 'lenient'));
