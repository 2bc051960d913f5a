/**
 * The published JSON Schemas (docs/schemas/): per tool `<tool>.content.schema.json` (its
 * content) and `<tool>.operations.schema.json` (a serialised operation of the tool, each
 * operation's `args` under `$defs`), generated from the zod schemas with `z.toJSONSchema`.
 *
 * Always `io: 'input'`: a third party WRITES content and operations, so the schemas describe
 * what the app accepts, not what its parser returns — a field with a default may be left out
 * (the schema gives its `default`), transforms are not expressed.
 */
import { z } from 'zod';

import { operationSchema } from '../operation.ts';
import { PATCH_OPERATION_NAME, patchOperationSchema } from '../patch.ts';
import type { ToolName } from '../metadata.ts';
import { TOOL_DOC_SOURCES, type ToolDocSource } from './sources.ts';

/** A JSON Schema document (draft 2020-12) as plain JSON. */
export type JsonSchema = Record<string, unknown>;

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** Where the published schemas are served (rest-adapter docs.ts) and kept in the repository. */
export const SCHEMAS_DIR = 'docs/schemas';

/** The file name of a tool's content schema. */
export function contentSchemaFile(tool: ToolName): string {
  return `${tool}.content.schema.json`;
}

/** The file name of a tool's operations schema. */
export function operationsSchemaFile(tool: ToolName): string {
  return `${tool}.operations.schema.json`;
}

// What JSON Schema cannot say: a schema of these kinds in a published schema is an error.
const UNREPRESENTABLE = new Set([
  'transform',
  'date',
  'bigint',
  'symbol',
  'map',
  'set',
  'function',
]);

// The one zod construct JSON Schema cannot say by itself but the docs can: the tracker's
// `tagColors` is checked by a custom function (an object whose values are strings).
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const kind = zodSchema._zod.def.type;
      if (UNREPRESENTABLE.has(kind)) throw new Error(`a ${kind} schema has no JSON Schema`);
      if (kind === 'custom') {
        jsonSchema.type = 'object';
        jsonSchema.additionalProperties = { type: 'string' };
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * `schema` to go under `$defs/<name>` of a larger document: its own `$defs` (recursive parts,
 * e.g. a JSON value) move to `defs` as `<name>.<def>`, its `$ref`s rewritten to match.
 */
function hoisted(name: string, schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const own = schema.$defs as Record<string, JsonSchema> | undefined;
  if (own === undefined) return schema;
  const rename = (text: string) =>
    text.replace(/"#\/\$defs\/([^"]+)"/g, (_whole, def: string) => `"#/$defs/${name}.${def}"`);
  for (const [def, value] of Object.entries(own))
    defs[`${name}.${def}`] = JSON.parse(rename(JSON.stringify(value))) as JsonSchema;
  const { $defs: _own, ...rest } = schema;
  return JSON.parse(rename(JSON.stringify(rest))) as JsonSchema;
}

/** The JSON Schema of one operation's arguments (no `$schema`), as the catalogue lists them. */
export function jsonSchemaOfArgs(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema);
}

/** A tool's content schema document. */
export function contentJsonSchema(source: ToolDocSource): JsonSchema {
  return {
    $schema: DRAFT,
    $id: contentSchemaFile(source.name),
    title: `${source.displayName} content (${source.name})`,
    description:
      `The decrypted content of the ${source.displayName} tool as the app accepts it (zod ` +
      `z.toJSONSchema, io 'input'): a field with a default may be left out and gets that ` +
      `default; a field not listed in "required" is optional; fields not named here are kept ` +
      `as they are (additionalProperties). Rules about values (blank titles, limits) are not ` +
      `here: see docs/operations.md.`,
    ...jsonSchemaOf(source.contentSchema),
  };
}

/**
 * A tool's operations schema document: the serialised operation (`{v, tool, name, args, id,
 * at, by}`, src/operation.ts) with `tool` fixed, and for each `name` its `args` (`$defs`),
 * the generic `patch` included.
 */
export function operationsJsonSchema(source: ToolDocSource): JsonSchema {
  const envelope = jsonSchemaOf(operationSchema);
  const properties = envelope.properties as Record<string, JsonSchema>;
  const names = [...source.operations.map((op) => op.name), PATCH_OPERATION_NAME];
  const defs: Record<string, JsonSchema> = {};
  const args = new Map(source.operations.map((op) => [op.name, op.args as z.ZodType]));
  args.set(PATCH_OPERATION_NAME, patchOperationSchema.omit({ type: true }));
  for (const [name, schema] of args) defs[name] = hoisted(name, jsonSchemaOf(schema), defs);
  return {
    $schema: DRAFT,
    $id: operationsSchemaFile(source.name),
    title: `${source.displayName} operations (${source.name})`,
    description:
      `A serialised operation of the ${source.displayName} tool (format version 1), before ` +
      `encryption: its \`args\` must match the schema under $defs named by \`name\` (zod ` +
      `z.toJSONSchema, io 'input'; unknown argument keys are dropped). What each operation ` +
      `does: docs/operations.md.`,
    ...envelope,
    properties: {
      ...properties,
      tool: { type: 'string', const: source.name },
      name: { type: 'string', enum: names },
    },
    oneOf: names.map((name) => ({
      properties: { name: { const: name }, args: { $ref: `#/$defs/${name}` } },
    })),
    $defs: defs,
  };
}

/** Every published schema by its path in the repository (`docs/schemas/…`). */
export function schemaDocuments(): Record<string, JsonSchema> {
  const documents: Record<string, JsonSchema> = {};
  for (const source of TOOL_DOC_SOURCES) {
    documents[`${SCHEMAS_DIR}/${contentSchemaFile(source.name)}`] = contentJsonSchema(source);
    documents[`${SCHEMAS_DIR}/${operationsSchemaFile(source.name)}`] = operationsJsonSchema(source);
  }
  return documents;
}
