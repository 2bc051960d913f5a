/**
 * zod schemas of tracker content and operations (spec §3 Shared phase/issue tool content, §4
 * Issue/card moves): what the Kanban and Issue Management registry entries (./definition.ts) check
 * decrypted content and received operations against. Rules about values (titles, phase counts,
 * capacity…) are not here: ./validation.ts reports them, ./operations.ts enforces them.
 *
 * Each content schema comes in two modes built from one definition ({@link trackerContentSchema}):
 * strict (load, before every save) and lenient (export of older or foreign shapes).
 */
import { z } from 'zod';

import { operationNames, type SameType } from '../operation-union.ts';
import { schemaModeKit, type SchemaMode } from '../schema-modes.ts';
import { DEFAULT_TITLES, KANBAN_DEFAULT_SETTINGS, TICKET_DEFAULT_SETTINGS } from './defaults.ts';
import type { TrackerOperation } from './operations.ts';
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

// The fields of both modes, written once with the shared building blocks (../schema-modes.ts).
function contentParts(mode: SchemaMode) {
  const { lenient, field, text, textField, flag, list } = schemaModeKit(mode);

  const comment = z.looseObject({
    id: textField(),
    content: textField(),
    createdAt: textField(),
    createdBy: textField(),
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

// ---------------------------------------------------------------------------------------------
// Operations

const phaseId = z.string();
const issueId = z.string();

// The optional fields a new issue and an issue's changes share (spec §3 Issue/card).
const optionalIssueFields = {
  description: z.string().optional(),
  type: issueTypeSchema.optional(),
  priority: issuePrioritySchema.optional(),
  estimation: z.string().optional(),
  assignedPerson: z.string().optional(),
  tags: z.array(z.string()).optional(),
};

// The fields an edit changes, and (as `from`) their values when the member started (../edits.ts).
const phaseChangesSchema = z.object({
  name: z.string().optional(),
  color: z.string().optional(),
  description: z.string().optional(),
  maxIssues: maxIssuesSchema.nullable().optional(),
  isEndPhase: z.boolean().optional(),
});
const issueChangesSchema = z.object({ title: z.string().optional(), ...optionalIssueFields });
const settingsChangesSchema = z.object({
  showTicketNumbers: z.boolean().optional(),
  autoAssignCreator: z.boolean().optional(),
});

/**
 * Every tracker operation with its arguments (`{type, ...args}`, ./operations.ts
 * TrackerOperation), discriminated by `type`: the fields mirror the `…Args` interfaces, optional
 * ones optional; `maxIssues` is a count (integer ≥ 0). Unknown argument fields are dropped.
 * Whether the values are acceptable (blank names, positions out of range…) is the operation's
 * rule, not the schema's (spec §4, §5).
 */
export const trackerOperationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('addPhase'),
    name: z.string(),
    color: z.string().optional(),
    description: z.string().optional(),
    maxIssues: maxIssuesSchema.optional(),
    isEndPhase: z.boolean().optional(),
  }),
  z.object({
    type: z.literal('updatePhase'),
    phaseId,
    changes: phaseChangesSchema,
    from: phaseChangesSchema.optional(),
  }),
  z.object({ type: z.literal('deletePhase'), phaseId }),
  z.object({ type: z.literal('movePhase'), phaseId, direction: z.enum(['left', 'right']) }),
  z.object({ type: z.literal('movePhaseTo'), phaseId, toIndex: z.number() }),
  z.object({
    type: z.literal('addIssue'),
    phaseId,
    issue: z.object({ title: z.string(), ...optionalIssueFields }),
    createdBy: z.string(),
  }),
  z.object({
    type: z.literal('updateIssue'),
    issueId,
    changes: issueChangesSchema,
    from: issueChangesSchema.optional(),
  }),
  z.object({ type: z.literal('deleteIssue'), issueId }),
  z.object({
    type: z.literal('moveIssue'),
    issueId,
    toPhaseId: phaseId,
    toIndex: z.number().optional(),
  }),
  z.object({ type: z.literal('addComment'), issueId, content: z.string(), createdBy: z.string() }),
  z.object({ type: z.literal('deleteComment'), issueId, commentId: z.string() }),
  z.object({ type: z.literal('addTeamMember'), name: z.string() }),
  z.object({
    type: z.literal('updateSettings'),
    changes: settingsChangesSchema,
    from: settingsChangesSchema.optional(),
  }),
]);

// Compile-time proof that the schema describes TrackerOperation exactly (each assignable to the
// other), so the type and the schema cannot drift apart.
const _sameType: SameType<TrackerOperation, z.output<typeof trackerOperationSchema>> = true;

/** The name of every tracker operation, in the schema's order (`Operation.name` on the wire). */
export const TRACKER_OPERATIONS: readonly TrackerOperation['type'][] =
  operationNames(trackerOperationSchema);
