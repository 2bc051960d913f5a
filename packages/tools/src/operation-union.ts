/**
 * What every tool's operation schema (`schema.ts`, spec §4; ARCHITECTURE rule 11) derives from its
 * discriminated union of `{type, ...args}` objects: the list of operation names, and a
 * compile-time check that the schema and the tool's hand-written operation type agree.
 */

/**
 * The operation names of a zod discriminated union on `type` (each option a `z.object` whose
 * `type` is a `z.literal`), in the union's order: what ToolDefinition.operations lists and
 * `Operation.name` carries on the wire, e.g. ['addPost', 'updatePost', …]. Never throws for such a
 * union.
 */
export function operationNames<Name extends string>(union: {
  readonly options: readonly { readonly shape: { readonly type: { readonly value: Name } } }[];
}): Name[] {
  return union.options.map((option) => option.shape.type.value);
}

/**
 * `true` when `A` and `B` are each assignable to the other, `never` otherwise: declare
 * `const _same: SameType<z.infer<typeof union>, ToolOperation> = true;` so that a schema and its
 * operation type cannot drift apart without a compile error.
 */
export type SameType<A, B> = [A, B] extends [B, A] ? true : never;
