/**
 * The tools' published JSON Schemas are served beside the API reference:
 * `GET /api/docs/schemas/<file>` answers exactly the committed docs/schemas/<file>, publicly,
 * as `application/schema+json`; an unknown file is a 404.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './testing.ts';

const schemasDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs/schemas');

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/docs/schemas/:file', () => {
  it('serves the committed kanban content schema byte for byte, without a login', async () => {
    const res = await fetch(`${server.url}/api/docs/schemas/kanban.content.schema.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/schema\+json/);
    const committed = readFileSync(join(schemasDir, 'kanban.content.schema.json'), 'utf8');
    expect(await res.text()).toBe(committed);
  });

  it('serves every committed schema file', async () => {
    const files = readdirSync(schemasDir);
    expect(files.length).toBe(12);
    for (const file of files) {
      const res = await fetch(`${server.url}/api/docs/schemas/${file}`);
      expect(res.status, file).toBe(200);
      expect(await res.json(), file).toEqual(
        JSON.parse(readFileSync(join(schemasDir, file), 'utf8')),
      );
    }
  });

  it('answers 404 for a file that is not a published schema', async () => {
    const res = await fetch(`${server.url}/api/docs/schemas/nope.schema.json`);
    expect(res.status).toBe(404);
  });
});
