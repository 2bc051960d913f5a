/**
 * Each named operation of a tool defined in one place (spec §4; ARCHITECTURE rule 11): its name,
 * the zod schema of its arguments (the argument type is `z.output` of it), the pure function that
 * applies it and the activity entry it records. A tool lists its definitions in
 * {@link operationSet}, which derives what the registry and every client need: the operation
 * union's schema, the list of names, one `apply` and one `describe` — so adding an operation
 * touches its tool's operations file and the message catalogue, nothing else.
 */
import { z } from 'zod';

import type { ActivityEntryBody } from './activity-log.ts';

/**
 * What the operation catalogue (docs/operations.md, rendered by ./docs/catalogue.ts) says of an
 * operation, for a third party that writes a client from the published docs alone. English;
 * `backticks` for field names and values.
 */
export interface OperationDoc {
  /** One sentence: what the operation does. */
  readonly summary: string;
  /** What must hold for it to apply; each names the error thrown otherwise. [] when none. */
  readonly preconditions: readonly string[];
  /**
   * Every change it makes to the content, derived fields included (counters, lists it keeps up,
   * ids and timestamps from the context, defaults, normalisation), and when it changes nothing.
   */
  readonly effects: readonly string[];
  /**
   * The DomainError codes it may throw on loaded content, each with when (the tool's "no content"
   * code for null content is not listed: it applies to every operation).
   */
  readonly errors: Readonly<Record<string, string>>;
  /** What undoing it (the generic `patch` of ToolDefinition.inverse) restores. */
  readonly inverse: string;
}

/** The schema of an operation's arguments: a `z.object` without `type` (unknown keys dropped). */
export type OperationArgsSchema = z.ZodObject<z.ZodRawShape>;

/**
 * One named operation on content `C` with context `Ctx` (ids and time, shared.ts DomainContext).
 * Every function is pure and deterministic: the same input gives the same output in every client.
 */
export interface OperationDefinition<
  Name extends string,
  Args extends OperationArgsSchema,
  C,
  Ctx,
> {
  /** The name the wire format's `Operation.name` carries, e.g. 'moveIssue'. */
  readonly name: Name;
  /** Its arguments' shapes; rules about values are `apply`'s. */
  readonly args: Args;
  /**
   * `(content, args, ctx) => newContent`: never mutates `content`, returns it itself when nothing
   * changes, throws the tool's DomainError when a rule refuses the change.
   */
  apply(content: C | null, args: z.output<Args>, ctx: Ctx): C;
  /**
   * What the activity log records for this operation having turned `before` into `after` (spec §3
   * Activity log entry): entity, English details, old and new values, the `params` its sentence
   * names and the `variant` of the sentence (see activityMessageKey); null records nothing.
   * Called only when `before` and `after` differ.
   */
  describe(args: z.output<Args>, before: C, after: C): ActivityEntryBody | null;
  /** Its entry in the operation catalogue: required, so no operation goes undocumented. */
  readonly doc: OperationDoc;
}

/**
 * Defines one named operation (see {@link OperationDefinition}); returns it as given, typed so
 * that `apply` and `describe` take `z.output` of `args`.
 */
export function defineOperation<
  const Name extends string,
  Args extends OperationArgsSchema,
  C,
  Ctx,
>(definition: OperationDefinition<Name, Args, C, Ctx>): OperationDefinition<Name, Args, C, Ctx> {
  return definition;
}

/**
 * {@link defineOperation} with one tool's content `C` and context `Ctx` fixed: every definition
 * made with it has exactly these types, whatever its function's own signature (generic over
 * the content, or with an optional context), so the tool's {@link operationSet} is typed by them.
 */
export function operationDefiner<C, Ctx>(): <
  const Name extends string,
  Args extends OperationArgsSchema,
>(
  definition: OperationDefinition<Name, Args, C, Ctx>,
) => OperationDefinition<Name, Args, C, Ctx> {
  return (definition) => definition;
}

// Any definition, whatever its name, arguments, content and context.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each operation has its own
type AnyDefinition<C = any, Ctx = any> = OperationDefinition<string, any, C, Ctx>;

/** The serialisable message `{type, ...args}` of one definition. */
export type OperationMessage<D> =
  D extends OperationDefinition<infer Name, infer Args, infer _C, infer _Ctx>
    ? { type: Name } & ArgsOf<z.output<Args>>
    : never;

// An operation without arguments (`z.object({})`, output Record<string, never>) adds nothing.
type ArgsOf<O> = string extends keyof O ? unknown : O;

// The content and the context of definitions (the same for every operation of a tool).
type ContentOf<D> =
  D extends OperationDefinition<string, infer _A, infer C, infer _Ctx> ? C : never;
type ContextOf<D> =
  D extends OperationDefinition<string, infer _A, infer _C, infer Ctx> ? Ctx : never;

/** What the docs generator reads of a definition: its name, argument schema and doc. */
export type DocumentedOperation = Pick<
  OperationDefinition<string, OperationArgsSchema, unknown, unknown>,
  'name' | 'args' | 'doc'
>;

/** What a tool's operations give the registry and every client, derived from their definitions. */
export interface OperationSet<C, Ctx, Op extends { type: string }> {
  /** The names in the order defined. */
  readonly names: readonly Op['type'][];
  /** Each operation's name, arguments and doc, in the order defined (for the docs generator). */
  readonly definitions: readonly DocumentedOperation[];
  /**
   * Every operation with its arguments (`{type, ...args}`), discriminated by `type`. Checks shapes
   * only; unknown arguments are dropped.
   */
  readonly schema: z.ZodType<Op>;
  /** Applies `operation` with its definition's `apply`; throws what that throws. */
  readonly apply: (content: C | null, operation: Op, ctx: Ctx) => C;
  /** Its definition's `describe` of `operation` having turned `before` into `after`. */
  readonly describe: (operation: Op, before: C, after: C) => ActivityEntryBody | null;
}

/**
 * The {@link OperationSet} of a tool's definitions, in the order given. Throws at definition time
 * when two share a name.
 */
export function operationSet<const Defs extends readonly AnyDefinition[]>(
  definitions: Defs,
): OperationSet<ContentOf<Defs[number]>, ContextOf<Defs[number]>, OperationMessage<Defs[number]>> {
  type C = ContentOf<Defs[number]>;
  type Ctx = ContextOf<Defs[number]>;
  type Op = OperationMessage<Defs[number]>;
  type Definition = OperationDefinition<string, OperationArgsSchema, C, Ctx>;
  const list = definitions as readonly Definition[];
  const byName = new Map<string, Definition>();
  for (const definition of list) {
    if (byName.has(definition.name))
      throw new Error(`operation '${definition.name}' is defined twice`);
    byName.set(definition.name, definition);
  }
  const options = list.map((definition) =>
    z.object({ type: z.literal(definition.name), ...definition.args.shape }),
  );
  const schema = z.discriminatedUnion(
    'type',
    options as unknown as [(typeof options)[number], ...(typeof options)[number][]],
  ) as unknown as z.ZodType<Op>;
  const definitionOf = (operation: { type: string }): Definition => {
    const definition = byName.get(operation.type);
    if (!definition) throw new Error(`Unhandled operation ${JSON.stringify(operation)}`);
    return definition;
  };
  return {
    names: list.map((definition) => definition.name as Op['type']),
    definitions: list,
    schema,
    apply: (content, operation, ctx) => definitionOf(operation).apply(content, operation, ctx),
    describe: (operation, before, after) =>
      definitionOf(operation).describe(operation, before, after),
  };
}

/** The operation message type of an {@link OperationSet}. */
export type OperationSetOp<S> = S extends OperationSet<infer _C, infer _Ctx, infer Op> ? Op : never;
