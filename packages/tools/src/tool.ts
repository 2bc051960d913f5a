/**
 * What one tool contributes to every client (spec §3 Tool metadata and content, §4, §5): the
 * shape of its registry entry ({@link ToolDefinition}) and {@link defineTool}, which builds an
 * entry from the tool's own pure functions. The entries are gathered in ./registry.ts.
 */
import { z } from 'zod';

import type { OperationSet } from './define-operation.ts';
import {
  operationContext,
  parseOperationFields,
  type Operation,
  type OperationStamp,
  type ToolOperation,
} from './operation.ts';
import {
  applyPatch,
  applyPatchPartially,
  diffContent,
  isPatchOperation,
  PATCH_MAX_CHANGES,
  PATCH_OPERATION_NAME,
  patchOperationSchema,
  type PatchChange,
  type PatchConflictError,
  type PatchOperation,
} from './patch.ts';
import { TOOL_NAMES, type ToolMetadata } from './metadata.ts';
import { type DomainError, type DomainContext } from './shared.ts';

/** Checks a tool content id (one of {@link TOOL_NAMES}). */
export const toolNameSchema = z.enum(TOOL_NAMES);

/** A named operation of a tool as its functions take it: `type` is the name, the rest its args. */
export interface NamedOperation {
  readonly type: string;
}

/**
 * How {@link ToolDefinition.parse} reads decrypted content:
 * - strict (the default, used on load and before every save): every field has the type of spec
 *   §3; a value that does not throws. Fields the spec does not name are kept untouched, so a
 *   newer client's additions survive an older client's save.
 * - `lenient: true` (export of older or foreign shapes): a missing or mistyped field gets its
 *   default instead; only a value that is not this tool's content at all throws.
 */
export interface ParseOptions {
  lenient?: boolean;
}

/** The version and modification time the content lifecycle writes into a document it saves. */
export interface ContentStamp {
  /** The version being saved (1 = first). */
  version: number;
  /** ISO 8601 timestamp. */
  lastModified: string;
}

/** The fields of content that the content lifecycle writes on save ({@link ToolDefinition.stamp}). */
export const STAMP_FIELDS = ['version', 'lastModified'] as const;

/**
 * One tool in the registry (spec §3–§5). `C` is its decrypted content, `Op` its own named
 * operations; every member that takes or returns an operation also takes the generic `patch`
 * ({@link PatchOperation}, ./patch.ts) that every tool has. Every function is pure and
 * deterministic: the same input gives the same output in every client.
 */
export interface ToolDefinition<C = unknown, Op extends NamedOperation = NamedOperation> {
  readonly metadata: ToolMetadata;
  /** The names of the tool's operations, as `Operation.name` carries them; the last is 'patch'. */
  readonly operations: readonly (Op['type'] | PatchOperation['type'])[];
  /**
   * Decrypted JSON as this tool's content (see {@link ParseOptions}); throws the tool's
   * DomainError (code 'NO_DATA', or 'NO_CONTENT' / 'NO_COLLECTION') whose `cause` is the
   * ZodError naming the offending fields.
   */
  parse(value: unknown, options?: ParseOptions): C;
  /** The spec §5 problems that forbid saving `content`, in the spec's English; [] when valid. */
  validate(content: C): string[];
  /** The tool's default content (spec §3 Defaults); ids and times come from `ctx`. */
  defaultContent(ctx: DomainContext): C;
  /**
   * The arguments of a named operation checked against the tool's schema: returns `{type: name,
   * ...args}`; throws {@link OperationFormatError} when the name is unknown or an argument has the
   * wrong shape (rules about values are apply's job). 'patch' is checked against
   * patchOperationSchema (at most PATCH_MAX_CHANGES changes).
   */
  parseOperation(name: string, args: unknown): Op | PatchOperation;
  /**
   * Applies a serialised operation (./operation.ts) to `content`: new ids and timestamps come
   * from the operation (`id`, `at`), never from the clock, so every client gets the same result.
   * Never mutates `content`; returns `content` itself when nothing changes. Throws the tool's
   * DomainError when a rule refuses the operation, PatchConflictError when a `patch` no longer
   * matches `content`, {@link OperationFormatError} when it is not one of this tool's operations
   * or a `patch` would leave content that is not this tool's (strict schema).
   */
  apply(content: C, operation: Operation): C;
  /**
   * The tool's operation function itself, for a caller that supplies its own ids and times
   * (tests, default content): `(content, {type, ...args}, ctx) => content`.
   */
  applyWith(content: C, operation: Op | PatchOperation, ctx: DomainContext): C;
  /** Writes the version and modification time being saved into the document. */
  stamp(content: C, stamp: ContentStamp): C;
  /**
   * A serialised operation of this tool: `op` (`{type, ...args}`) with the id, time and author
   * of `stamp`. Checks `op` against the tool's schema (throws {@link OperationFormatError}).
   */
  createOperation(
    op: Op | PatchOperation,
    stamp: OperationStamp,
  ): ToolOperation<Op | PatchOperation>;
  /**
   * The inverse of any operation applied to `before` giving `after` (undo): the `patch` that
   * turns `after` back into `before` exactly — except the {@link STAMP_FIELDS}, which the
   * content lifecycle writes on save and the patch leaves as they are. Applied to content that
   * others changed meanwhile elsewhere it still applies; where they changed what it restores it
   * throws PatchConflictError. Pure; never throws.
   */
  inverse(before: C, after: C): PatchOperation;
  /**
   * The `patch` that turns `from` into `to` ("restore this version": `from` is the current
   * content, `to` an older version's), leaving the {@link STAMP_FIELDS} as `from` has them.
   * At most PATCH_MAX_CHANGES changes: beyond, one `set` per changed top-level field. Pure;
   * never throws.
   */
  patchBetween(from: C, to: C): PatchOperation;
  /**
   * The undo of one of this member's changes (`inverse`, taken when it was saved) as it applies
   * to `current`: a partial `patch` that reverts every part still as the change left it and
   * leaves alone what a teammate changed since, and `leftAlone`, the conflicts of those parts
   * (not counting the tool's bookkeeping fields: counters, derived lists, positions). Throws the
   * first PatchConflictError when no part but bookkeeping would be reverted (nothing to undo).
   */
  undoOf(
    current: C,
    inverse: PatchOperation,
  ): { operation: PatchOperation; leftAlone: readonly PatchConflictError[] };
}

/** An operation is not one of the tool's, or its arguments do not have the operation's shape. */
export class OperationFormatError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OperationFormatError';
  }
}

/**
 * The fields of a received operation (JSON already parsed) checked against the operation format
 * (./operation.ts): returns it unchanged; throws {@link OperationFormatError} when it is not an
 * operation of format version 1. The tool and its arguments are not checked here.
 */
export function parseOperationEnvelope(value: unknown): Operation {
  try {
    return parseOperationFields(value);
  } catch (error) {
    throw new OperationFormatError('not an operation of format version 1', { cause: error });
  }
}

/**
 * A received operation (JSON already parsed) checked completely for one tool: the format, that it
 * is an operation of `definition`'s tool, and the tool's own schema for `name` and `args`.
 * Returns it unchanged; throws {@link OperationFormatError} saying what is wrong. What a client
 * that handles one tool uses instead of the registry's `parseOperation`, so it loads no other
 * tool's rules.
 */
export function parseOperationFor(definition: ToolDefinition, value: unknown): Operation {
  const operation = parseOperationEnvelope(value);
  if (operation.tool !== definition.metadata.name)
    throw new OperationFormatError(
      `an operation of '${operation.tool}', not of '${definition.metadata.name}'`,
    );
  definition.parseOperation(operation.name, operation.args);
  return operation;
}

/** What a tool folder hands to {@link defineTool}. */
export interface ToolParts<C, Op extends NamedOperation> {
  metadata: ToolMetadata;
  /** Strict content schema (see {@link ParseOptions}). */
  contentSchema: z.ZodType<C>;
  /** Lenient content schema: defaults for what is missing or mistyped. */
  lenientContentSchema: z.ZodType<C>;
  /** The tool's named operations, each defined once (./define-operation.ts). */
  operations: OperationSet<C, DomainContext, Op>;
  /** The tool's error for content that is not its content (thrown by parse). */
  parseError: () => DomainError<string>;
  /**
   * Fields the tool keeps up by itself (counters, derived lists, positions): an undo reverts
   * them where they are as the change left them and otherwise leaves them without a word.
   */
  bookkeepingFields?: readonly string[];
  /** A last step after a successful parse (e.g. filling a field older versions lacked). */
  afterParse?: (content: C) => C;
  validate: (content: C) => string[];
  defaultContent: (ctx: DomainContext) => C;
}

/**
 * Builds a registry entry from a tool folder's parts (see {@link ToolDefinition}), adding the
 * generic `patch` operation (./patch.ts) to the tool's own: its name, schema, apply (checked
 * against the strict content schema), inverse and patchBetween are defined here once.
 */
export function defineTool<C extends object, Op extends NamedOperation>(
  parts: ToolParts<C, Op>,
): ToolDefinition<C, Op> {
  const { metadata } = parts;
  const operations: readonly (Op['type'] | PatchOperation['type'])[] = [
    ...parts.operations.names,
    PATCH_OPERATION_NAME,
  ];
  const operationNames: ReadonlySet<string> = new Set(operations);

  function parseOperation(name: string, args: unknown): Op | PatchOperation {
    if (!operationNames.has(name))
      throw new OperationFormatError(`${metadata.name} has no operation '${name}'`);
    const record = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : null;
    if (record === null || 'type' in record)
      throw new OperationFormatError(`${metadata.name}.${name}: args must be an object`);
    const schema: z.ZodType<Op | PatchOperation> =
      name === PATCH_OPERATION_NAME ? patchOperationSchema : parts.operations.schema;
    const parsed = schema.safeParse({ ...record, type: name });
    if (!parsed.success)
      throw new OperationFormatError(`${metadata.name}.${name}: ${z.prettifyError(parsed.error)}`, {
        cause: parsed.error,
      });
    return parsed.data;
  }

  // A patch may say anything: what it leaves must still be this tool's content.
  function applyPatchOperation(content: C, op: PatchOperation): C {
    const next = op.partial
      ? applyPatchPartially(content, op.changes).content
      : applyPatch(content, op.changes);
    if (next === content) return content;
    const checked = parts.contentSchema.safeParse(next);
    if (!checked.success)
      throw new OperationFormatError(
        `${metadata.name}.${PATCH_OPERATION_NAME}: the result is not ${metadata.name} content: ${z.prettifyError(checked.error)}`,
        { cause: checked.error },
      );
    return next as C;
  }

  function applyWith(content: C, op: Op | PatchOperation, ctx: DomainContext): C {
    return isPatchOperation(op)
      ? applyPatchOperation(content, op)
      : parts.operations.apply(content, op, ctx);
  }

  function patchBetween(from: C, to: C): PatchOperation {
    const current = from as Readonly<Record<string, unknown>>;
    const target: Record<string, unknown> = { ...(to as Readonly<Record<string, unknown>>) };
    for (const field of STAMP_FIELDS) {
      if (field in current) target[field] = current[field];
      else Reflect.deleteProperty(target, field);
    }
    return {
      type: PATCH_OPERATION_NAME,
      changes: diffContent(from, target, { maxChanges: PATCH_MAX_CHANGES }),
    };
  }

  return {
    metadata,
    operations,
    parse(value, options = {}) {
      const schema = options.lenient ? parts.lenientContentSchema : parts.contentSchema;
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const error = parts.parseError();
        (error as { cause?: unknown }).cause = parsed.error;
        throw error;
      }
      return parts.afterParse ? parts.afterParse(parsed.data) : parsed.data;
    },
    validate: parts.validate,
    defaultContent: parts.defaultContent,
    parseOperation,
    apply(content, operation) {
      if (operation.tool !== metadata.name)
        throw new OperationFormatError(
          `an operation of ${operation.tool} cannot be applied to ${metadata.name}`,
        );
      const op = parseOperation(operation.name, operation.args);
      return applyWith(content, op, operationContext(operation));
    },
    applyWith,
    stamp: (content, { version, lastModified }) => ({ ...content, version, lastModified }),
    createOperation(op, stamp) {
      const { type, ...args } = parseOperation(op.type, operationArgs(op));
      return {
        v: 1,
        tool: metadata.name,
        name: type,
        args,
        id: stamp.id,
        at: stamp.at,
        by: stamp.by,
      } as ToolOperation<Op | PatchOperation>;
    },
    inverse: (before, after) => patchBetween(after, before),
    patchBetween,
    undoOf(current, inverse) {
      const bookkeeping = new Set(parts.bookkeepingFields ?? []);
      const isBookkeeping = (change: PatchChange) =>
        change.op === 'set' && bookkeeping.has(fieldName(change.path.at(-1)));
      const { skipped } = applyPatchPartially(current, inverse.changes);
      const leftOut = new Set(skipped.map(({ change }) => change));
      const reverts = inverse.changes.some(
        (change) => !leftOut.has(change) && !isBookkeeping(change),
      );
      const first = skipped[0];
      if (!reverts && first) throw first.conflict;
      return {
        operation: { ...inverse, partial: true },
        leftAlone: skipped
          .filter(({ change }) => !isBookkeeping(change))
          .map(({ conflict }) => conflict),
      };
    },
  };
}

/** The field name a path segment names ('' for an element `{id}`). */
function fieldName(segment: PatchChange['path'][number] | undefined): string {
  return typeof segment === 'string' ? segment : '';
}

/** `op` without its `type`: the args of the serialised form. */
function operationArgs(op: NamedOperation): Record<string, unknown> {
  const { type: _type, ...args } = op as NamedOperation & Record<string, unknown>;
  return args;
}
