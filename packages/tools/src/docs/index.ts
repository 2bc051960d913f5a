/**
 * The published docs for third-party clients, generated from this package (`pnpm
 * docs:generate`, scripts/generate-docs.ts): the JSON Schemas of every tool's content and
 * operations (docs/schemas/), the operation catalogue (docs/operations.md) and the operation
 * test vectors (docs/operation-vectors.json). test/docs.test.ts fails when the committed files
 * differ from what this generates; the server serves the schemas (rest-adapter docs.ts).
 */
import { CATALOGUE_FILE, catalogueMarkdown } from './catalogue.ts';
import { schemaDocuments } from './json-schemas.ts';
import { VECTORS_FILE, vectorsDocument } from './vectors.ts';

export {
  contentSchemaFile,
  operationsSchemaFile,
  schemaDocuments,
  SCHEMAS_DIR,
  type JsonSchema,
} from './json-schemas.ts';
export {
  applyVector,
  wireOperation,
  type OperationVector,
  type VectorsDocument,
} from './vectors.ts';
export { CATALOGUE_FILE, VECTORS_FILE };

/** JSON as the files hold it: two-space indents and a final newline. */
export function jsonFileText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Every generated file's text by its path from the repository root. */
export function generatedDocs(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, schema] of Object.entries(schemaDocuments()))
    files[path] = jsonFileText(schema);
  const vectors = vectorsDocument();
  files[VECTORS_FILE] = jsonFileText(vectors);
  files[CATALOGUE_FILE] = catalogueMarkdown(vectors.vectors);
  return files;
}
