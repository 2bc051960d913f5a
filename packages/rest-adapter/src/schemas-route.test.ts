/**
 * The published JSON Schemas (what `GET /api/docs/schemas/<file>` serves) accept what the app
 * writes: every content before and after of the operation test vectors validates against its
 * tool's content schema, and every vector's serialised operation against its tool's operations
 * schema (Ajv, JSON Schema 2020-12); an operation whose args break their schema does not.
 */
import {
  contentSchemaFile,
  generatedDocs,
  operationsSchemaFile,
  schemaDocuments,
  SCHEMAS_DIR,
  VECTORS_FILE,
  wireOperation,
  type VectorsDocument,
} from '@cipherspace/tools/docs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';

// ajv-formats is CommonJS: its default export is the plugin (under `.default` in some loaders).
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

const ajv = addFormats(new Ajv2020({ allErrors: true }));
const documents = schemaDocuments();
const validators = new Map<string, ValidateFunction>();
function validatorOf(file: string): ValidateFunction {
  let validate = validators.get(file);
  if (!validate) {
    const schema = documents[`${SCHEMAS_DIR}/${file}`];
    if (!schema) throw new Error(`no schema ${file}`);
    validate = ajv.compile(schema);
    validators.set(file, validate);
  }
  return validate;
}

const vectors = (JSON.parse(generatedDocs()[VECTORS_FILE] ?? '{}') as VectorsDocument).vectors;

describe('the published JSON Schemas', () => {
  it('compile', () => {
    for (const path of Object.keys(documents))
      expect(() => validatorOf(path.slice(SCHEMAS_DIR.length + 1)), path).not.toThrow();
  });

  it.each(vectors.map((vector, index) => [index, vector] as const))(
    'accept the contents and the operation of vector %i',
    (_index, vector) => {
      const content = validatorOf(contentSchemaFile(vector.tool));
      expect(content(vector.contentBefore), ajv.errorsText(content.errors)).toBe(true);
      if (vector.contentAfter !== undefined)
        expect(content(vector.contentAfter), ajv.errorsText(content.errors)).toBe(true);
      const operations = validatorOf(operationsSchemaFile(vector.tool));
      const operation = wireOperation(vector.tool, vector.operation, vector.context);
      expect(operations(operation), ajv.errorsText(operations.errors)).toBe(true);
    },
  );

  it('refuse an operation whose args break their schema, or of another tool', () => {
    const validate = validatorOf(operationsSchemaFile('kanban'));
    const operation = {
      v: 1,
      tool: 'kanban',
      name: 'moveIssue',
      args: { issueId: 'i1', toPhaseId: 'p2' },
      id: 'op-1',
      at: '2026-01-05T10:00:00.000Z',
      by: 'ann',
    };
    expect(validate(operation)).toBe(true);
    expect(validate({ ...operation, args: { issueId: 'i1' } })).toBe(false);
    expect(validate({ ...operation, args: { ...operation.args, toIndex: '0' } })).toBe(false);
    expect(validate({ ...operation, name: 'addPost' })).toBe(false);
    expect(validate({ ...operation, tool: 'bulletin' })).toBe(false);
    expect(validate({ ...operation, v: 2 })).toBe(false);
  });
});
