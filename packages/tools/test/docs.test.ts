/**
 * The published docs (docs/schemas/, docs/operations.md, docs/operation-vectors.json) are what
 * src/docs/ generates from the current operations and schemas, and the committed vectors hold
 * with the real `apply`: every operation of every tool has one, each refusal throws its code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import {
  applyVector,
  generatedDocs,
  SCHEMAS_DIR,
  VECTORS_FILE,
  type VectorsDocument,
} from '../src/docs/index.ts';
import { TOOL_DOC_SOURCES } from '../src/docs/sources.ts';
import { PATCH_CONFLICT_MESSAGES } from '../src/patch.ts';
import { parseOperation, tools } from '../src/registry.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const generated = generatedDocs();
const committed = (path: string) =>
  existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null;

describe('the committed docs', () => {
  it.each(Object.keys(generated))('%s is up to date', (path) => {
    expect(committed(path), `${path} is stale: run \`pnpm docs:generate\``).toBe(generated[path]);
  });

  it(`${SCHEMAS_DIR} holds exactly the generated schemas`, () => {
    const files = readdirSync(join(root, SCHEMAS_DIR)).map((name) => `${SCHEMAS_DIR}/${name}`);
    const expected = Object.keys(generated).filter((path) => path.startsWith(`${SCHEMAS_DIR}/`));
    expect(files.sort(), 'run `pnpm docs:generate`').toEqual(expected.sort());
  });
});

describe('the committed operation vectors', () => {
  const document = JSON.parse(committed(VECTORS_FILE) ?? '{"vectors": []}') as VectorsDocument;

  it.each(document.vectors.map((vector, index) => [index, vector] as const))(
    'vector %i applies as recorded with the real apply',
    (_index, vector) => {
      const outcome = applyVector(vector);
      if (vector.error === undefined)
        expect(outcome).toEqual({ contentAfter: vector.contentAfter });
      else expect(outcome).toEqual({ error: vector.error });
    },
  );

  it('cover every operation of every tool, and every operation that can refuse with a refusal', () => {
    for (const [name, tool] of Object.entries(tools)) {
      const own = document.vectors.filter((vector) => vector.tool === name);
      for (const operation of tool.operations)
        expect(
          own.some((vector) => vector.name === operation),
          `${name}.${operation}`,
        ).toBe(true);
      const source = TOOL_DOC_SOURCES.find((candidate) => candidate.name === name);
      for (const operation of source?.operations ?? []) {
        if (Object.keys(operation.doc.errors).length === 0) continue;
        const refusals = document.vectors.filter(
          (vector) => vector.name === operation.name && vector.error !== undefined,
        );
        expect(refusals.length, `a refused vector of ${operation.name}`).toBeGreaterThan(0);
      }
    }
  });

  it('refuse only with codes their operation documents', () => {
    for (const vector of document.vectors) {
      if (vector.error === undefined) continue;
      const source = TOOL_DOC_SOURCES.find((candidate) => candidate.name === vector.tool);
      const doc = source?.operations.find((operation) => operation.name === vector.name)?.doc;
      const documented = doc ? Object.keys(doc.errors) : Object.keys(PATCH_CONFLICT_MESSAGES);
      expect(documented, `${vector.tool}.${vector.name}`).toContain(vector.error);
    }
  });
});

describe('the crypto vectors (docs/crypto-vectors.json)', () => {
  const document = JSON.parse(committed('docs/crypto-vectors.json') ?? '{}') as {
    operationEnvelopes?: { description: string; plaintext: unknown }[];
  };

  // An operation envelope's plaintext that looks like an operation must be one of the catalogue:
  // a client checks its operations against it too.
  it.each(
    (document.operationEnvelopes ?? [])
      .filter(
        ({ plaintext }) => typeof plaintext === 'object' && plaintext !== null && 'v' in plaintext,
      )
      .map((vector) => [vector.description, vector.plaintext] as const),
  )('%s holds an operation of the catalogue', (_description, plaintext) => {
    expect(() => parseOperation(plaintext)).not.toThrow();
  });
});
