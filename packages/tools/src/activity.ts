/**
 * The activity log entry of any tool's serialised operation (spec §3 Activity log entry), so a
 * client records and shows the log without switching over tools: {@link activityOf} reads the
 * operation's args with the tool's registry entry and hands them to the tool's own
 * `activity.ts`. The entry's shape and helpers are in ./activity-log.ts.
 */
import {
  activityLogEntry,
  sameValue,
  type ActivityActor,
  type ActivityLogEntry,
} from './activity-log.ts';
import { bulletinActivityEntry } from './bulletin/activity.ts';
import { diagramActivityEntry } from './diagrams/activity.ts';
import type { Operation } from './operation.ts';
import { pokerActivityEntry } from './poker/activity.ts';
import { randomizerActivityEntry } from './randomizer/activity.ts';
import { isToolName, tools } from './registry.ts';
import type { ToolName } from './metadata.ts';
import { OperationFormatError, type NamedOperation } from './tool.ts';
import { activityEntry as trackerActivityEntry } from './tracker/activity.ts';

export type {
  ActivityActor,
  ActivityEntityType,
  ActivityLogEntry,
  ActivityValue,
} from './activity-log.ts';
export { activityMessageKey, operationMessageKey } from './activity-log.ts';

// The generic operation every tool has besides its own (an undo or a restore, args
// `{changes: [...]}`; ./patch.ts PATCH_OPERATION_NAME): one entry for every tool, made here
// before the tool's args are read.
const PATCH = 'patch';

type PatchLike = NamedOperation & { type: typeof PATCH };

/**
 * Who made an operation, beyond what the operation says (`by` is the display name, `at` the
 * time): `userId` the member's id (default: `by`, the name, which spec §6 uses as the id where
 * nothing else is known); `newId()` the entry's id (default: the operation's `id`, so one
 * operation has one entry, the same in every client).
 */
export interface OperationActivityActor {
  userId?: string;
  /** The name shown as who did it: the member the server recorded for the version (default `by`). */
  userDisplayName?: string;
  newId?: () => string;
}

type ToolActivity = (
  operation: Operation,
  actor: ActivityActor,
  before: unknown,
  after: unknown,
) => ActivityLogEntry | null;

// A tool's own operation: `patch` is answered before the tool's args are read.
function ownOperation<Parsed extends NamedOperation>(op: Parsed): Exclude<Parsed, PatchLike> {
  if (op.type === PATCH) throw new OperationFormatError(`'${PATCH}' has no tool entry`);
  return op as Exclude<Parsed, PatchLike>;
}

// `before` and `after` are the tool's parsed content (the caller's contract, as for
// registry.ts applyOperation); the args are checked by the tool's registry entry.
function throughRegistry<C, Parsed extends NamedOperation>(
  tool: { parseOperation: (name: string, args: unknown) => Parsed },
  entry: (
    operation: Exclude<Parsed, PatchLike>,
    actor: ActivityActor,
    before: C,
    after: C,
  ) => ActivityLogEntry | null,
): ToolActivity {
  return (operation, actor, before, after) =>
    entry(
      ownOperation(tool.parseOperation(operation.name, operation.args)),
      actor,
      before as C,
      after as C,
    );
}

// Every tool of the registry: a new tool without its activity entries does not compile.
const TOOL_ACTIVITY: Readonly<Record<ToolName, ToolActivity>> = {
  kanban: throughRegistry(tools.kanban, trackerActivityEntry),
  'ticket-system': throughRegistry(tools['ticket-system'], trackerActivityEntry),
  bulletin: throughRegistry(tools.bulletin, bulletinActivityEntry),
  diagrams: throughRegistry(tools.diagrams, diagramActivityEntry),
  poker: throughRegistry(tools.poker, pokerActivityEntry),
  randomizer: throughRegistry(tools.randomizer, randomizerActivityEntry),
};

function patchEntry(
  toolName: ToolName,
  operation: Operation,
  actor: ActivityActor,
): ActivityLogEntry | null {
  const changes = operation.args.changes;
  const count = Array.isArray(changes) ? changes.length : 0;
  return activityLogEntry(toolName, PATCH, actor, {
    entityType: 'content',
    entityId: toolName,
    details: 'Reverted changes',
    oldValue: null,
    newValue: count,
    params: { count },
  });
}

/**
 * The activity log entry (spec §3) of `operation`, a serialised operation of tool `toolName`
 * (./operation.ts) that turned `before` into `after` (both that tool's parsed content, as
 * registry.ts applyOperation takes it): `tool` is `toolName`, `timestamp` the operation's `at`,
 * `userDisplayName` its `by`; `userId` and `id` come from the optional `actor`
 * ({@link OperationActivityActor}: by default `by` and the operation's `id`). The rest is the
 * tool's own entry (tracker `activityEntry`, `bulletinActivityEntry`,
 * `pokerActivityEntry`, `randomizerActivityEntry`, `diagramActivityEntry`: see each for
 * `entityType`, values and `params`). An operation named 'patch' (./patch.ts: undo or
 * restore) gives action 'patch', entityType 'content', entityId the tool's name, details
 * 'Reverted changes', oldValue null, newValue and `params.count` the number of its `changes`.
 * Returns null when the operation changed nothing. Throws {@link OperationFormatError} for an
 * unknown tool, an operation of another tool, or a name or args not of the tool's operations.
 */
export function activityOf(
  toolName: string,
  operation: Operation,
  before: unknown,
  after: unknown,
): ActivityLogEntry | null;
export function activityOf(
  toolName: string,
  operation: Operation,
  actor: OperationActivityActor,
  before: unknown,
  after: unknown,
): ActivityLogEntry | null;
export function activityOf(
  toolName: string,
  operation: Operation,
  ...rest: [before: unknown, after: unknown] | [OperationActivityActor, unknown, unknown]
): ActivityLogEntry | null {
  const [actor, before, after] = rest.length === 3 ? rest : [{}, ...rest];
  if (!isToolName(toolName)) throw new OperationFormatError(`unknown tool '${toolName}'`);
  if (operation.tool !== toolName)
    throw new OperationFormatError(`an operation of ${operation.tool} is not one of ${toolName}`);
  const stamped: ActivityActor = {
    userId: actor.userId ?? actor.userDisplayName ?? operation.by,
    userDisplayName: actor.userDisplayName ?? operation.by,
    now: () => operation.at,
    newId: actor.newId ?? (() => operation.id),
  };
  if (operation.name === PATCH)
    return sameValue(before, after) ? null : patchEntry(toolName, operation, stamped);
  return TOOL_ACTIVITY[toolName](operation, stamped, before, after);
}
