/**
 * The operation catalogue (docs/operations.md), rendered from each operation definition's `doc`
 * (../define-operation.ts OperationDoc), its argument schema (as JSON Schema, ./json-schemas.ts)
 * and the tool's DomainError messages, with the format of the test vectors
 * (./vectors.ts) at the top. Kanban and Issue Management share one section: their operations
 * are one set.
 */
import type { DocumentedOperation } from '../define-operation.ts';
import { OPERATION_AUTHOR_MAX_CHARS, OPERATION_ID_MAX_CHARS } from '../operation.ts';
import { PATCH_CONFLICT_MESSAGES, PATCH_MAX_CHANGES } from '../patch.ts';
import {
  contentSchemaFile,
  jsonSchemaOfArgs,
  operationsSchemaFile,
  type JsonSchema,
} from './json-schemas.ts';
import { TOOL_DOC_SOURCES, type ToolDocSource } from './sources.ts';
import {
  DEFAULT_VECTOR_CONTEXT,
  VECTORS_FILE,
  VECTORS_FORMAT_VERSION,
  type OperationVector,
} from './vectors.ts';

/** The repository path of the catalogue. */
export const CATALOGUE_FILE = 'docs/operations.md';

/** One section of the catalogue: the tools it covers and their shared operations. */
interface Section {
  readonly anchor: string;
  readonly title: string;
  readonly tools: readonly ToolDocSource[];
}

// Tools with the same operation set share a section (Kanban and Issue Management).
function sections(): Section[] {
  const result: { anchor: string; tools: ToolDocSource[] }[] = [];
  for (const source of TOOL_DOC_SOURCES) {
    const same = result.find((section) => section.tools[0]?.operations === source.operations);
    if (same) same.tools.push(source);
    else result.push({ anchor: source.name, tools: [source] });
  }
  return result.map(({ anchor, tools }) => ({
    anchor,
    tools,
    title: tools.map((tool) => `${tool.displayName} (\`${tool.name}\`)`).join(' and '),
  }));
}

// ---------------------------------------------------------------------------------------------
// Arguments, from their JSON Schema

function typeOf(schema: JsonSchema): string {
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (typeof schema.$ref === 'string') return 'JSON value';
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map(typeOf).join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((one) => typeOf({ ...schema, type: one })).join(' | ');
  if (type === 'array') {
    const items = schema.items as JsonSchema | undefined;
    const item = items ? typeOf(items) : 'unknown';
    return item.includes(' ') ? `(${item})[]` : `${item}[]`;
  }
  if (type === 'integer') {
    const min = schema.minimum ?? schema.exclusiveMinimum;
    const bound = schema.exclusiveMinimum === undefined ? '≥' : '>';
    return typeof min === 'number' ? `integer ${bound} ${String(min)}` : 'integer';
  }
  if (type === 'object' && schema.properties === undefined) return 'object';
  return typeof type === 'string' ? type : 'JSON value';
}

function isNullable(schema: JsonSchema): boolean {
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.some((option) => option.type === 'null');
  return Array.isArray(schema.type) && schema.type.includes('null');
}

// One line per argument, nested objects' fields below their object, dotted.
function argumentLines(schema: JsonSchema, prefix = '', depth = 0): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const nested = property.type === 'object' && property.properties !== undefined;
    const marks = [
      required.has(name) ? 'required' : 'optional',
      ...(isNullable(property) ? ['nullable'] : []),
    ].join(', ');
    const type = nested ? 'object' : typeOf(property);
    lines.push(`${'  '.repeat(depth)}- \`${prefix}${name}\`: ${type} (${marks})`);
    if (nested) lines.push(...argumentLines(property, `${prefix}${name}.`, depth + 1));
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Rendering

function list(items: readonly string[], empty: string): string[] {
  return items.length === 0 ? [`- ${empty}`] : items.map((item) => `- ${item}`);
}

function operationSection(
  operation: DocumentedOperation,
  section: Section,
  vectors: readonly OperationVector[],
): string[] {
  const { doc } = operation;
  const messages = section.tools[0]?.messages ?? {};
  const names = new Set(section.tools.map((tool) => tool.name as string));
  const own = vectors.filter((vector) => names.has(vector.tool) && vector.name === operation.name);
  const refusals = own.filter((vector) => vector.error !== undefined).length;
  const args = argumentLines(jsonSchemaOfArgs(operation.args));
  const errors = Object.entries(doc.errors).map(([code, when]) => {
    const message = messages[code];
    if (message === undefined)
      throw new Error(`${operation.name}: ${code} is not an error code of ${section.anchor}`);
    return `\`${code}\` ("${message}"): ${when}`;
  });
  return [
    `### \`${operation.name}\``,
    '',
    doc.summary,
    '',
    '**Arguments**',
    '',
    ...(args.length === 0 ? ['- none (`args` is `{}`)'] : args),
    '',
    '**Preconditions**',
    '',
    ...list(doc.preconditions, 'none'),
    '',
    '**Effects**',
    '',
    ...list(doc.effects, 'none'),
    '',
    '**Errors**',
    '',
    ...list(errors, 'none'),
    '',
    `**Inverse**: ${doc.inverse}`,
    '',
    `**Test vectors**: ${String(own.length - refusals)} applied, ${String(refusals)} refused.`,
    '',
  ];
}

function patchSection(vectors: readonly OperationVector[]): string[] {
  const own = vectors.filter((vector) => vector.name === 'patch');
  const conflicts = Object.entries(PATCH_CONFLICT_MESSAGES).map(
    ([code, message]) => `\`${code}\` ("${message}")`,
  );
  return [
    '## Every tool: `patch`',
    '',
    'Besides its own operations every tool has the generic operation `patch`: an ordered list of',
    'keyed JSON changes (`set`, `insert`, `remove`, `move`; paths name array elements by `{"id"}`,',
    'never by index), each with what it expects to find. It is how a client undoes (the inverse of',
    'every operation below is a `patch`), redoes and restores a version. The change format, the',
    'path rules and what undo leaves alone are described in',
    '[packages/tools/README.md, "Inverses and the `patch` operation"](../packages/tools/README.md#inverses-and-the-patch-operation);',
    'what a restore keeps and the simplest patch that makes one in',
    '[its "Restoring a version"](../packages/tools/README.md#restoring-a-version).',
    '',
    '**Arguments**',
    '',
    `- \`changes\`: array of changes, at most ${PATCH_MAX_CHANGES.toLocaleString('en')} (required)`,
    '- `partial`: boolean (optional): true skips a change that no longer matches instead of refusing the whole patch (what an undo sends)',
    '',
    '**Effects**',
    '',
    '- Applies the changes in order; the result must still be the content of the tool (strict schema), else the operation is malformed (`OperationFormatError`).',
    '- Reads neither `now()` nor `newId()`.',
    '',
    '**Errors** (PatchConflictError, without `partial`)',
    '',
    ...list(conflicts, 'none'),
    '',
    '**Inverse**: the `patch` back (`tools[tool].inverse(before, after)`).',
    '',
    `**Test vectors**: ${String(own.length)}, in every tool.`,
    '',
  ];
}

const INTRO = [
  '# Operation catalogue',
  '',
  '<!-- Generated by `pnpm docs:generate` from packages/tools (each operation definition, its zod',
  'arguments and its `doc`); a test fails when this file is stale. Do not edit by hand. -->',
  '',
  'Every named operation of every Cipherspace tool: its arguments, what must hold for it to',
  'apply, every change it makes to the content (derived fields included), the `DomainError` codes',
  'it throws and its inverse. With the JSON Schemas of each tool’s content and operations',
  '([docs/schemas/](schemas/)) and the test vectors ([docs/operation-vectors.json](operation-vectors.json))',
  'it is enough to write a client that applies operations exactly as the app does.',
  '',
];

function contents(all: readonly Section[]): string[] {
  const lines = [
    '## Contents',
    '',
    '- [How an operation applies](#how-an-operation-applies)',
    '- [JSON Schemas](#json-schemas)',
    '- [Test vectors](#test-vectors)',
  ];
  for (const section of all) {
    lines.push(`- [${section.title}](#${section.anchor})`);
    for (const operation of section.tools[0]?.operations ?? [])
      lines.push(`  - [\`${operation.name}\`](#${operation.name.toLowerCase()})`);
  }
  lines.push('- [Every tool: `patch`](#every-tool-patch)', '');
  return lines;
}

const HOW_IT_APPLIES = [
  '## How an operation applies',
  '',
  'On the wire an operation is `{"v": 1, "tool", "name", "args", "id", "at", "by"}`',
  '(`<tool>.operations.schema.json`), encrypted as an op1 envelope under the space’s operations key',
  'before it leaves a client (packages/crypto/README.md). Below, an operation is written',
  '`{type, ...args}`: `type` is `name`, the other fields are `args`. Arguments are checked for',
  'their shape first (unknown keys are dropped; a wrong shape is an `OperationFormatError`, not a',
  'DomainError); the rules about values are the preconditions listed per operation.',
  '',
  'An operation is deterministic: it never reads a clock or a random source. It takes',
  'time and ids from its context, which comes from the operation itself:',
  '',
  '- `now()` is always `at` (ISO 8601 UTC): every timestamp an operation writes is `at`.',
  '- `newId()` returns `id` on its first call, then `id:1`, `id:2`, … for the further ids the',
  '  same operation creates. So the first entity an operation creates has the operation’s `id`.',
  '- `by` is not read by any apply: who did something is an argument where the content records',
  '  it (`createdBy`, `author`, `modifiedBy`, `userId`).',
  '',
  'Randomness is drawn by the client before the operation and carried in its arguments (the',
  'randomizer’s `seed`, a note’s `position`, a new diagram’s id). An operation never changes',
  '`version` or `lastModified`: the content lifecycle writes them when it saves. Applying an',
  'operation that changes nothing returns the content unchanged. Every operation given no content',
  'at all throws the tool’s no-content code (`NO_DATA`, `NO_COLLECTION` or `NO_CONTENT`); that is',
  'not repeated below. `EDIT_CONFLICT` is thrown by field edits (`changes` with `from`): a field',
  'someone else changed to another value since; nothing of the edit is applied.',
  '',
];

const VECTORS = [
  '## Test vectors',
  '',
  `[${VECTORS_FILE}](operation-vectors.json) (format ${String(VECTORS_FORMAT_VERSION)}) holds at least one vector`,
  'for every operation of every tool, and one refused vector for most errors:',
  '',
  '```json',
  '{ "format": 1, "description": "…", "vectors": [',
  '  { "tool": "kanban", "name": "addIssue", "description": "what it shows",',
  '    "contentBefore": { … },',
  '    "operation": { "type": "addIssue", "phaseId": "d2", "issue": { "title": "Login bug" }, "createdBy": "ann" },',
  `    "context": { "id": "${DEFAULT_VECTOR_CONTEXT.id}", "at": "${DEFAULT_VECTOR_CONTEXT.at}", "by": "${DEFAULT_VECTOR_CONTEXT.by}" },`,
  '    "contentAfter": { … } } ] }',
  '```',
  '',
  '- `operation` is `{type, ...args}`; the serialised operation is',
  '  `{"v": 1, "tool": tool, "name": type, "args": args, "id": context.id, "at": context.at, "by": context.by}`.',
  '- Apply it to `contentBefore`: the result must deep-equal `contentAfter` (JSON; key order does not',
  '  matter). A vector with `error` instead of `contentAfter` must be refused with that',
  '  `DomainError` code (or, for `patch`, that PatchConflictError code).',
  '- Ids the operation creates are `context.id`, then `context.id:1`, … (see above); timestamps',
  '  it writes are `context.at`.',
  '- The contents before were made from the tool’s default content (ids `d1`, `d2`, …) and setup',
  '  operations with ids `s1`, `s2`, …, which is why those ids appear in them.',
  `- Limits: ids at most ${String(OPERATION_ID_MAX_CHARS)} characters, \`by\` at most ${String(OPERATION_AUTHOR_MAX_CHARS)}.`,
  '',
];

function schemasSection(): string[] {
  const files = TOOL_DOC_SOURCES.map(
    (tool) =>
      `- \`${tool.name}\`: [${contentSchemaFile(tool.name)}](schemas/${contentSchemaFile(tool.name)}), ` +
      `[${operationsSchemaFile(tool.name)}](schemas/${operationsSchemaFile(tool.name)})`,
  );
  return [
    '## JSON Schemas',
    '',
    'Each tool has two JSON Schemas (draft 2020-12) in [docs/schemas/](schemas/), also served by',
    'every Cipherspace server at `/api/docs/schemas/<file>`:',
    '',
    ...files,
    '',
    '- `<tool>.content.schema.json`: the decrypted content. Generated from the zod schemas with',
    "  `z.toJSONSchema(schema, { io: 'input' })`, because a client *writes* content: it says what the",
    '  app accepts. A field not in `required` may be absent; one with a `default` gets that default',
    '  when absent; a nullable field is `anyOf` with `{"type": "null"}` (or `"type": [..., "null"]`);',
    '  fields the schema does not name are kept as they are (`additionalProperties`).',
    '- `<tool>.operations.schema.json`: a serialised operation of the tool. `name` selects the',
    '  schema of `args` under `$defs/<name>` (the generic `patch` included); the argument lists',
    '  below are rendered from the same schemas. Unknown argument keys are dropped by the app.',
    '- Rules about values (blank titles, limits, existing ids) are not in the schemas: they are',
    '  the preconditions below.',
    '',
  ];
}

/** The catalogue's markdown for the given vectors (their counts appear per operation). */
export function catalogueMarkdown(vectors: readonly OperationVector[]): string {
  const all = sections();
  const seen = new Set<string>();
  const lines = [...INTRO, ...contents(all), ...HOW_IT_APPLIES, ...schemasSection(), ...VECTORS];
  for (const section of all) {
    lines.push(`<a id="${section.anchor}"></a>`, '', `## ${section.title}`, '');
    for (const operation of section.tools[0]?.operations ?? []) {
      // The contents link each operation by its name alone.
      if (seen.has(operation.name.toLowerCase()))
        throw new Error(`two tools have an operation ${operation.name}`);
      seen.add(operation.name.toLowerCase());
      lines.push(...operationSection(operation, section, vectors));
    }
  }
  lines.push(...patchSection(vectors));
  return `${lines.join('\n').trimEnd()}\n`;
}
