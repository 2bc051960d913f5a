/**
 * The wire format of an operation (ARCHITECTURE rule 11): a named change of one tool's content
 * as data, `{ v, tool, name, args, id, at, by }`, so it can be stored, sent, replayed and applied
 * by any client with the same result. Encrypted like content before it leaves a client; the
 * server never reads it. Format described byte for byte in ../README.md.
 */
import { z } from 'zod';

import type { DomainContext } from './shared.ts';

/** The version of the serialised operation format; a client refuses any other. */
export const OPERATION_FORMAT_VERSION = 1;

/** Longest operation id, tool name, operation name and author name accepted, in characters. */
export const OPERATION_ID_MAX_CHARS = 128;
export const OPERATION_NAME_MAX_CHARS = 64;
export const OPERATION_AUTHOR_MAX_CHARS = 100;

/**
 * The serialised operation:
 * - `v`: {@link OPERATION_FORMAT_VERSION};
 * - `tool`: the tool's content id (spec §3 Tool metadata `name`, e.g. 'kanban');
 * - `name`: the operation's name, e.g. 'moveIssue';
 * - `args`: its arguments, a JSON object whose shape the tool defines;
 * - `id`: unique per operation (a UUID in the app); every id the operation creates derives from it;
 * - `at`: when it was made, ISO 8601 UTC; every timestamp it writes is this one;
 * - `by`: the member who made it (user name).
 */
export const operationSchema = z.object({
  v: z.literal(OPERATION_FORMAT_VERSION),
  tool: z.string().min(1).max(OPERATION_NAME_MAX_CHARS),
  name: z.string().min(1).max(OPERATION_NAME_MAX_CHARS),
  args: z.record(z.string(), z.unknown()),
  id: z.string().min(1).max(OPERATION_ID_MAX_CHARS),
  at: z.iso.datetime(),
  by: z.string().max(OPERATION_AUTHOR_MAX_CHARS),
});

/** A serialised operation (see {@link operationSchema}). */
export type Operation = z.infer<typeof operationSchema>;

/** A serialised operation of a tool whose operations are `Op` (`{type, ...args}`). */
export type ToolOperation<Op extends { type: string }> = Op extends unknown
  ? Omit<Operation, 'name' | 'args'> & { name: Op['type']; args: Omit<Op, 'type'> }
  : never;

/** Who made an operation, when, and its id (the non-argument fields of {@link Operation}). */
export type OperationStamp = Pick<Operation, 'id' | 'at' | 'by'>;

/**
 * The time and identity an operation's apply may use (shared.ts DomainContext), taken from the
 * operation itself: `now()` is always `at`; `newId()` returns `id`, then `id:1`, `id:2`, … for
 * the further ids one operation creates. Applying the same operation anywhere yields the same ids.
 */
export function operationContext(operation: Pick<Operation, 'id' | 'at'>): DomainContext {
  let count = 0;
  return {
    now: () => operation.at,
    newId: () => (count++ === 0 ? operation.id : `${operation.id}:${count - 1}`),
  };
}

/**
 * Checks the fields of a received operation (JSON already parsed, decrypted). Returns it typed; throws a
 * ZodError naming the offending field. The tool's own check of `name` and `args` is
 * `tools[op.tool].parseOperation` (./registry.ts `parseOperation` does both).
 */
export function parseOperationFields(value: unknown): Operation {
  return operationSchema.parse(value);
}

/** The JSON text of an operation, fields in the documented order (what is encrypted and sent). */
export function serializeOperation(operation: Operation): string {
  const { v, tool, name, args, id, at, by } = operation;
  return JSON.stringify({ v, tool, name, args, id, at, by });
}
