/**
 * The app shell on a real server (spec §7 Notes): every
 * client-side route gets index.html with the configured DIAGRAM_EDITOR_URL in its meta element
 * (escaped), under the same CSP whose frame-src names that editor's origin — or, with none
 * configured, an empty meta element (the bundled editor) and frame-src `'self'`; the unfilled
 * file is never served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './testing.ts';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="cipherspace-diagram-editor" content="" />
    <title>Cipherspace</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The content attribute of the diagram editor meta element in `html` (still escaped). */
function metaContent(html: string): string | null {
  return /<meta name="cipherspace-diagram-editor" content="([^"]*)" \/>/.exec(html)?.[1] ?? null;
}

function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cs-web-app-'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'app.js'), 'export {};');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'KanbanPage-DZdhJucB.js'), 'export const board = 1;');
  return dir;
}

describe('index.html with the default (bundled) diagram editor', () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = webDir();
    server = await startTestServer({ config: { webDistDir: dir } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/tools/diagrams', '/dashboard'])(
    'GET %s names the bundled editor with its build and frames only our own origin',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // The bundled editor's path with the build under which browsers may keep it.
      const content = metaContent(html) ?? '';
      expect(content).toMatch(/^\/diagram-editor\/\?build=14\.6\.12-[0-9a-f]{12}$/);
      const editor = await fetch(new URL(content, server.url));
      await editor.arrayBuffer();
      expect(editor.status).toBe(200);
      expect(editor.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-security-policy')).toContain("frame-src 'self';");
      expect(res.headers.get('content-security-policy')).not.toContain('diagrams.net');
      expect(html).toBe(INDEX_HTML.replace('content=""', () => `content="${content}"`));
    },
  );

  it('never serves the unfilled file, and other files as before', async () => {
    const raw = await fetch(`${server.url}/index.html`);
    expect(raw.status).toBe(404);
    expect(await raw.text()).not.toContain('cipherspace-diagram-editor');
    const file = await fetch(`${server.url}/app.js`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('export {};');
  });

  it('lets browsers keep the content-named files under assets/ and revalidate the others', async () => {
    const hashed = await fetch(`${server.url}/assets/KanbanPage-DZdhJucB.js`);
    expect(hashed.status).toBe(200);
    expect(await hashed.text()).toBe('export const board = 1;');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const named = await fetch(`${server.url}/app.js`);
    expect(named.headers.get('cache-control')).toBe('public, max-age=0');
    const shell = await fetch(`${server.url}/tools/kanban`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await fetch(`${server.url}/tools/diagrams`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });
});

describe('index.html with a self-hosted diagram editor', () => {
  it('names the configured URL, attribute-escaped, and frames only its origin', async () => {
    const dir = webDir();
    const url = 'https://draw.example.com:8443/editor/?x=1&y="2"><script>alert(1)</script>';
    const server = await startTestServer({ config: { webDistDir: dir, diagramEditorUrl: url } });
    try {
      const res = await fetch(`${server.url}/tools/diagrams`);
      const html = await res.text();
      expect(metaContent(html)).toBe(
        'https://draw.example.com:8443/editor/?x=1&amp;y=&quot;2&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      );
      expect(html).not.toContain('<script>');
      expect((res.headers.get('content-security-policy') ?? '').split(';')).toContain(
        'frame-src https://draw.example.com:8443',
      );
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("each screen's page names its code (first render)", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = webDir();
    writeFileSync(
      join(dir, 'screen-preloads.json'),
      JSON.stringify({
        '/tools/kanban': [
          '/assets/App-a1.js',
          '/assets/KanbanPage-DZdhJucB.js',
          '/assets/KanbanPage-c3.css',
        ],
        '/': ['/assets/App-a1.js', '/assets/LandingPage-b2.js'],
      }),
    );
    server = await startTestServer({ config: { webDistDir: dir } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The modulepreload URLs of `path`'s page, in document order. */
  async function preloadsOf(path: string): Promise<string[]> {
    const html = await (await fetch(`${server.url}${path}`)).text();
    return [
      ...html.matchAll(
        /<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g,
      ),
    ].map((match) => match[1] ?? '');
  }

  it('preloads the Kanban screen’s files on /tools/kanban, with or without a trailing slash', async () => {
    const expected = ['/assets/App-a1.js', '/assets/KanbanPage-DZdhJucB.js'];
    expect(await preloadsOf('/tools/kanban')).toEqual(expected);
    expect(await preloadsOf('/tools/kanban/')).toEqual(expected);
    expect(await preloadsOf('/tools/kanban?x=1')).toEqual(expected);
    expect(await preloadsOf('/')).toEqual(['/assets/App-a1.js', '/assets/LandingPage-b2.js']);
  });

  it('preloads the screen’s stylesheets as styles, in the mode the app asks for them', async () => {
    const html = await (await fetch(`${server.url}/tools/kanban`)).text();
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/KanbanPage-c3.css">',
    );
    expect(await preloadsOf('/tools/kanban')).not.toContain('/assets/KanbanPage-c3.css');
  });

  it('keeps the rest of the document, and sends the plain one for a route without a screen', async () => {
    const html = await (await fetch(`${server.url}/tools/kanban`)).text();
    expect(metaContent(html)).toMatch(/^\/diagram-editor\/\?build=/);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    const plain = INDEX_HTML.replace('content=""', () => `content="${metaContent(html) ?? ''}"`);
    expect(await (await fetch(`${server.url}/tools/whiteboard`)).text()).toBe(plain);
  });
});

describe('a broken screen-preloads.json', () => {
  it('stops the server at start-up instead of sending pages with made-up links', async () => {
    const dir = webDir();
    writeFileSync(
      join(dir, 'screen-preloads.json'),
      JSON.stringify({ '/tools/kanban': ['"><script>alert(1)</script>'] }),
    );
    try {
      await expect(startTestServer({ config: { webDistDir: dir } })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
