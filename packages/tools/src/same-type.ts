/**
 * `true` when `A` and `B` are each assignable to the other, `never` otherwise: declare
 * `const _same: SameType<z.output<typeof schema>, HandWritten> = true;` so that a zod schema and
 * a hand-written type cannot drift apart without a compile error.
 */
export type SameType<A, B> = [A, B] extends [B, A] ? true : never;
