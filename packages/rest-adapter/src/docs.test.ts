/**
 * The developer docs show code that runs: every `<!-- embed: path -->` in docs/*.md is followed
 * by a code block identical to that file (which the test suite runs and type-checks), and the
 * docs point at the served reference.
 */
import { readdirSync, readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { DOCS_PATH, OPENAPI_PATH } from './index.ts';

const root = new URL('../../../', import.meta.url);
const docs = readdirSync(new URL('docs/', root)).filter((name) => name.endsWith('.md'));
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const EMBED = /<!-- embed: (\S+) -->\n\n```\w*\n([\s\S]*?)^```$/gm;

describe('docs/', () => {
  it('has the WebSocket and typed-client guides', () => {
    expect(docs).toEqual(expect.arrayContaining(['websocket.md', 'typed-client.md']));
  });

  it.each(docs)('%s embeds files verbatim', (name) => {
    const text = read(`docs/${name}`);
    for (const match of text.matchAll(EMBED)) {
      const [, path = '', code = ''] = match;
      expect(code, `${name} embeds ${path}`).toBe(read(path));
    }
  });

  it('typed-client.md embeds the example the suite runs', () => {
    const embeds = [...read('docs/typed-client.md').matchAll(EMBED)].map((match) => match[1]);
    expect(embeds).toEqual(['packages/rest-adapter/examples/typed-client.ts']);
  });

  it('point at the served OpenAPI document and reference page', () => {
    for (const name of ['websocket.md', 'typed-client.md']) {
      const text = read(`docs/${name}`);
      expect(text, name).toContain(OPENAPI_PATH);
      expect(text, name).toContain(DOCS_PATH);
    }
  });
});
