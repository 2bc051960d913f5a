/**
 * `pnpm docs:generate`: writes the published docs generated from this package (src/docs/):
 * docs/schemas/<tool>.{content,operations}.schema.json, docs/operations.md and
 * docs/operation-vectors.json, and removes schema files no tool has any more. test/docs.test.ts
 * fails when the committed files differ from what this writes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { generatedDocs, SCHEMAS_DIR } from '../src/docs/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const files = generatedDocs();

for (const [path, text] of Object.entries(files)) {
  const target = join(root, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
for (const name of readdirSync(join(root, SCHEMAS_DIR))) {
  const path = `${SCHEMAS_DIR}/${name}`;
  if (!(path in files)) rmSync(join(root, path));
}
console.log(`wrote ${String(Object.keys(files).length)} files under ${root}/docs`);
