/**
 * What one tool contributes to every client (spec §3 Tool metadata and content, §4, §5): the
 * shape of its registry entry ({@link ToolDefinition}) and {@link defineTool}, which builds an
 * entry from the tool's own pure functions. The entries are gathered in ./registry.ts.
 */
import { z } from 'zod';

import {
  operationContext,
  type Operation,
  type OperationStamp,
  type ToolOperation,
} from './operation.ts';
import { type DomainError, type DomainContext } from './shared.ts';

/** The tools' content ids (spec §3 Tool metadata `name`): what the content API calls `tool`. */
export const TOOL_NAMES = [
  'kanban',
  'ticket-system',
  'bulletin',
  'diagrams',
  'poker',
  'randomizer',
] as const;

/** A tool's content id, e.g. 'ticket-system'. */
export type ToolName = (typeof TOOL_NAMES)[number];

/** Checks a tool content id (one of {@link TOOL_NAMES}). */
export const toolNameSchema = z.enum(TOOL_NAMES);

/**
 * spec §3 Tool metadata, in English (clients translate `displayName` and `description` by
 * `name`). `route` is the absolute path of the tool's screen; `color` is `#rrggbb`; `icon` an
 * emoji; `disableWebSocket` is true for a tool without live updates (diagrams).
 */
export interface ToolMetadata {
  readonly name: ToolName;
  readonly displayName: string;
  readonly description: string;
  readonly icon: string;
  readonly route: string;
  readonly color: string;
  readonly disableWebSocket?: boolean;
}

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

/**
 * One tool in the registry (spec §3–§5). `C` is its decrypted content, `Op` its named operations.
 * Every function is pure and deterministic: the same input gives the same output in every client.
 */
export interface ToolDefinition<C = unknown, Op extends NamedOperation = NamedOperation> {
  readonly metadata: ToolMetadata;
  /** The names of the tool's operations, as `Operation.name` carries them. */
  readonly operations: readonly Op['type'][];
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
   * wrong shape (rules about values are apply's job).
   */
  parseOperation(name: string, args: unknown): Op;
  /**
   * Applies a serialised operation (./operation.ts) to `content`: new ids and timestamps come
   * from the operation (`id`, `at`), never from the clock, so every client gets the same result.
   * Never mutates `content`; returns `content` itself when nothing changes. Throws the tool's
   * DomainError when a rule refuses the operation, {@link OperationFormatError} when it is not
   * one of this tool's operations.
   */
  apply(content: C, operation: Operation): C;
  /**
   * The tool's operation function itself, for a caller that supplies its own ids and times
   * (tests, default content): `(content, {type, ...args}, ctx) => content`.
   */
  applyWith(content: C, operation: Op, ctx: DomainContext): C;
  /** Writes the version and modification time being saved into the document. */
  stamp(content: C, stamp: ContentStamp): C;
  /**
   * A serialised operation of this tool: `op` (`{type, ...args}`) with the id, time and author
   * of `stamp`. Checks `op` against the tool's schema (throws {@link OperationFormatError}).
   */
  createOperation(op: Op, stamp: OperationStamp): ToolOperation<Op>;
}

/** An operation is not one of the tool's, or its arguments do not have the operation's shape. */
export class OperationFormatError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'OperationFormatError';
  }
}

/** What a tool folder hands to {@link defineTool}. */
export interface ToolParts<C, Op extends NamedOperation> {
  metadata: ToolMetadata;
  /** Strict content schema (see {@link ParseOptions}). */
  contentSchema: z.ZodType<C>;
  /** Lenient content schema: defaults for what is missing or mistyped. */
  lenientContentSchema: z.ZodType<C>;
  /** A discriminated union on `type` of every operation with its args. */
  operationSchema: z.ZodType<Op>;
  operations: readonly Op['type'][];
  /** The tool's error for content that is not its content (thrown by parse). */
  parseError: () => DomainError<string>;
  /** A last step after a successful parse (e.g. filling a field older versions lacked). */
  afterParse?: (content: C) => C;
  validate: (content: C) => string[];
  defaultContent: (ctx: DomainContext) => C;
  applyOperation: (content: C, operation: Op, ctx: DomainContext) => C;
}

/** Builds a registry entry from a tool folder's parts (see {@link ToolDefinition}). */
export function defineTool<C extends object, Op extends NamedOperation>(
  parts: ToolParts<C, Op>,
): ToolDefinition<C, Op> {
  const { metadata, operations } = parts;
  const operationNames: ReadonlySet<string> = new Set(operations);

  function parseOperation(name: string, args: unknown): Op {
    if (!operationNames.has(name))
      throw new OperationFormatError(`${metadata.name} has no operation '${name}'`);
    const record = typeof args === 'object' && args !== null && !Array.isArray(args) ? args : null;
    if (record === null || 'type' in record)
      throw new OperationFormatError(`${metadata.name}.${name}: args must be an object`);
    const parsed = parts.operationSchema.safeParse({ ...record, type: name });
    if (!parsed.success)
      throw new OperationFormatError(`${metadata.name}.${name}: ${z.prettifyError(parsed.error)}`, {
        cause: parsed.error,
      });
    return parsed.data;
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
      return parts.applyOperation(content, op, operationContext(operation));
    },
    applyWith: parts.applyOperation,
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
      } as ToolOperation<Op>;
    },
  };
}

/** `op` without its `type`: the args of the serialised form. */
function operationArgs(op: NamedOperation): Record<string, unknown> {
  const { type: _type, ...args } = op as NamedOperation & Record<string, unknown>;
  return args;
}
