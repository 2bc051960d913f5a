/**
 * The building blocks every tool's content schema is made of (spec §3 content of each tool;
 * ParseOptions in ./tool.ts), written once for both modes so that each tool's `…ContentSchemaFor`
 * describes its fields once and reads them either way:
 * - 'strict' (load, before every save): a field must have its spec §3 type;
 * - 'lenient' (export of older or foreign shapes): a missing or mistyped field gets its default,
 *   a number where text belongs becomes that text, an epoch time in milliseconds where a
 *   timestamp belongs becomes its ISO 8601 form, and list entries of the wrong kind are dropped.
 * Nothing here throws: a schema built from these reports problems through zod's `safeParse`.
 */
import { z } from 'zod';

/** How a content schema reads decrypted content: see the module comment and ParseOptions. */
export type SchemaMode = 'strict' | 'lenient';

// Lenient readings of older shapes: a number where text belongs (an id 5, a title 2024), and an
// epoch time in milliseconds where an ISO 8601 timestamp belongs.
const textOrNumber = z.union([z.string(), z.number().transform(String)]);
const timestampOrEpoch = z.union([
  z.string(),
  z
    .number()
    .refine((ms) => Number.isFinite(new Date(ms).getTime()))
    .transform((ms) => new Date(ms).toISOString()),
]);

/** The building blocks of one {@link SchemaMode}, as {@link schemaModeKit} returns them. */
export interface SchemaModeKit {
  /** The mode these blocks read in. */
  readonly mode: SchemaMode;
  /** `mode === 'lenient'`, for the few places a tool's schema differs by mode beyond these. */
  readonly lenient: boolean;
  /**
   * A string; leniently also a finite number, read as its text (5 → '5'). Anything else is
   * refused in both modes (wrap it in {@link SchemaModeKit.field} for a fallback).
   */
  readonly text: z.ZodType<string>;
  /**
   * A timestamp as stored (an ISO 8601 string, not checked further); leniently also an epoch
   * time in milliseconds, read as its ISO 8601 form (0 → '1970-01-01T00:00:00.000Z').
   */
  readonly timestamp: z.ZodType<string>;
  /**
   * `schema` as it is in strict mode; leniently, a value it refuses (a missing one included)
   * becomes a fresh copy of `fallback`, so two parsed documents never share a default list or
   * object.
   */
  readonly field: <S extends z.ZodType>(schema: S, fallback: z.output<S>) => S | z.ZodCatch<S>;
  /**
   * A field older content lacks: strictly `fallback` when it is missing (a mistyped one is still
   * refused); leniently `fallback` in place of anything `schema` refuses.
   */
  readonly defaulted: <S extends z.ZodType>(
    schema: S,
    fallback: z.core.util.NoUndefined<z.output<S>>,
  ) => z.ZodDefault<S> | z.ZodCatch<S>;
  /** {@link SchemaModeKit.text} as a field: leniently `fallback` (default '') for anything else. */
  readonly textField: (fallback?: string) => z.ZodType<string>;
  /** A boolean field: leniently `fallback` for anything that is not a boolean. */
  readonly flag: (fallback: boolean) => z.ZodType<boolean>;
  /**
   * An array of `item`s; leniently the entries `item` refuses are dropped (the array itself must
   * still be an array: wrap it in {@link SchemaModeKit.field} to default a missing one).
   */
  readonly list: <S extends z.ZodType>(item: S) => z.ZodType<z.output<S>[]>;
}

/**
 * The schema building blocks of `mode` (see {@link SchemaModeKit}), e.g.
 * `const { field, textField, list } = schemaModeKit(mode)` at the top of a tool's
 * `…ContentSchemaFor(mode)`. Pure; never throws.
 */
export function schemaModeKit(mode: SchemaMode): SchemaModeKit {
  const lenient = mode === 'lenient';

  function field<S extends z.ZodType>(schema: S, fallback: z.output<S>): S | z.ZodCatch<S> {
    return lenient ? schema.catch(() => structuredClone(fallback)) : schema;
  }

  function defaulted<S extends z.ZodType>(
    schema: S,
    fallback: z.core.util.NoUndefined<z.output<S>>,
  ): z.ZodDefault<S> | z.ZodCatch<S> {
    return lenient ? schema.catch(() => structuredClone(fallback)) : schema.default(fallback);
  }

  const text: z.ZodType<string> = lenient ? textOrNumber : z.string();

  function list<S extends z.ZodType>(item: S): z.ZodType<z.output<S>[]> {
    if (!lenient) return z.array(item);
    return z.array(z.unknown()).transform((entries) =>
      entries.flatMap((entry): z.output<S>[] => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      }),
    );
  }

  return {
    mode,
    lenient,
    text,
    timestamp: lenient ? timestampOrEpoch : z.string(),
    field,
    defaulted,
    textField: (fallback = '') => field(text, fallback),
    flag: (fallback) => field(z.boolean(), fallback),
    list,
  };
}
