#!/usr/bin/env node
/**
 * Merges new messages into messages/en.json and messages/de.json without rewriting anyone
 * else's keys (several people add messages at once).
 *
 *   node scripts/add-messages.mjs path/to/new-messages.json
 *
 * The input file: { "en": { "key": "text", … }, "de": { "key": "Text", … } }. Both languages
 * must have the same keys; existing keys are overwritten only with --force.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [, , input, flag] = process.argv;
if (!input) {
  console.error('usage: node scripts/add-messages.mjs <file.json> [--force]');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(input, 'utf8'));
const en = Object.keys(additions.en ?? {}).sort();
const de = Object.keys(additions.de ?? {}).sort();
if (JSON.stringify(en) !== JSON.stringify(de)) {
  console.error('en and de must have the same keys');
  process.exit(1);
}
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'messages');
for (const locale of ['en', 'de']) {
  const path = join(dir, `${locale}.json`);
  const current = JSON.parse(readFileSync(path, 'utf8'));
  for (const [key, value] of Object.entries(additions[locale])) {
    if (key in current && current[key] !== value && flag !== '--force') {
      console.error(`${locale}: ${key} exists with another text (use --force to replace)`);
      process.exit(1);
    }
    current[key] = value;
  }
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(current, null, 2)}\n`);
  renameSync(tmp, path);
}
console.log(`added ${en.length} messages`);
