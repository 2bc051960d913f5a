import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  EDITOR_FILES_EVENT,
  EDITOR_FILES_MAX,
  EDITOR_STARTUP_FILES,
  fetchEditorFiles,
  parseEditorFilesRequest,
  precacheEditor,
} from './editor-files.ts';

const request = (paths: unknown) => JSON.stringify({ event: EDITOR_FILES_EVENT, paths });

describe('parseEditorFilesRequest (the bundled editor asks for its files)', () => {
  it('reads the paths of the loader’s request', () => {
    expect(
      parseEditorFilesRequest(request(['js/app.min.js', 'resources/dia_de.txt', 'favicon.ico'])),
    ).toEqual(['js/app.min.js', 'resources/dia_de.txt', 'favicon.ico']);
  });

  it.each([
    ['an editor event', JSON.stringify({ event: 'init' })],
    ['not JSON', `${EDITOR_FILES_EVENT}{`],
    ['an object, not a string', { event: EDITOR_FILES_EVENT, paths: [] }],
    ['no paths', JSON.stringify({ event: EDITOR_FILES_EVENT })],
    ['a path up', request(['js/../../api/health'])],
    ['a path up at the start', request(['../package.json'])],
    ['an absolute path', request(['/api/health'])],
    ['another host', request(['//evil.example/x.js'])],
    ['a scheme', request(['https://evil.example/x.js'])],
    ['a query', request(['js/app.min.js?x=1'])],
    ['a number', request([1])],
    ['too many', request(Array.from({ length: EDITOR_FILES_MAX + 1 }, (_, i) => `f${i}.js`))],
  ])('is null for %s', (_case, data) => {
    expect(parseEditorFilesRequest(data)).toBeNull();
  });
});

describe('fetchEditorFiles', () => {
  let server: Server;
  let origin: string;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url?.startsWith('/diagram-editor/js/app.min.js?')) res.end('var app = 1;');
      else if (req.url?.startsWith('/diagram-editor/resources/dia.txt?')) res.end('ok=OK');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fetches each path below the editor’s folder under its build, leaving out what failed', async () => {
    const files = await fetchEditorFiles(`${origin}/diagram-editor/?build=14.6.12-abc`, [
      'js/app.min.js',
      'resources/dia.txt',
      'js/missing.js',
    ]);
    expect(Object.keys(files).sort()).toEqual(['js/app.min.js', 'resources/dia.txt']);
    expect(await files['js/app.min.js']?.text()).toBe('var app = 1;');
    expect(await files['resources/dia.txt']?.text()).toBe('ok=OK');
    expect(asked.sort()).toEqual([
      '/diagram-editor/js/app.min.js?build=14.6.12-abc',
      '/diagram-editor/js/missing.js?build=14.6.12-abc',
      '/diagram-editor/resources/dia.txt?build=14.6.12-abc',
    ]);
  });

  it('resolves to nothing, without rejecting, when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      fetchEditorFiles(`http://127.0.0.1:${port}/diagram-editor/`, ['js/app.min.js']),
    ).resolves.toEqual({});
  });
});

describe('precacheEditor (the bundled editor is kept before Diagrams is first opened)', () => {
  const BUILD = '14.6.12-abc';
  let server: Server;
  let origin: string;
  let listedBuild = BUILD;
  const asked: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === `/diagram-editor/${EDITOR_STARTUP_FILES}?build=${BUILD}`)
        res.end(
          JSON.stringify({
            build: listedBuild,
            files: ['js/app.min.js', 'styles/grapheditor.css'],
          }),
        );
      else if (req.url?.startsWith('/diagram-editor/')) res.end('file');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    asked.length = 0;
    listedBuild = BUILD;
    vi.unstubAllGlobals();
  });

  /** The browser's Cache Storage as the service worker left it: `kept` URLs are in it. */
  const cacheStorageWith = (kept: readonly string[]) => ({
    match: (url: string) => Promise.resolve(kept.includes(url) ? new Response('file') : undefined),
  });
  const editorUrl = () => `${origin}/diagram-editor/?build=${BUILD}`;
  const fileUrl = (path: string) => `${origin}/diagram-editor/${path}?build=${BUILD}`;
  const frameLanguages = (frames: string[]) =>
    frames.map((frame) => new URL(frame).searchParams.get('lang'));

  it('fetches the listed start-up files Cache Storage lacks and hands the page both frames', async () => {
    vi.stubGlobal('caches', cacheStorageWith([fileUrl('js/app.min.js')]));
    const kept = await precacheEditor(editorUrl());
    expect(kept.fetched).toBe(1);
    expect(asked).toEqual([
      `/diagram-editor/${EDITOR_STARTUP_FILES}?build=${BUILD}`,
      `/diagram-editor/styles/grapheditor.css?build=${BUILD}`,
    ]);
    expect(frameLanguages(kept.frames)).toEqual(['en', 'de']);
    for (const frame of kept.frames) {
      expect(new URL(frame).pathname).toBe('/diagram-editor/');
      expect(new URL(frame).searchParams.get('build')).toBe(BUILD);
    }
  });

  it('with every file kept already, fetches none and still hands the page both frames — an earlier page may have gone before it kept them', async () => {
    vi.stubGlobal(
      'caches',
      cacheStorageWith([fileUrl('js/app.min.js'), fileUrl('styles/grapheditor.css')]),
    );
    const kept = await precacheEditor(editorUrl());
    expect(kept.fetched).toBe(0);
    expect(asked).toEqual([`/diagram-editor/${EDITOR_STARTUP_FILES}?build=${BUILD}`]);
    expect(frameLanguages(kept.frames)).toEqual(['en', 'de']);
  });

  it('keeps nothing when the server lists another build, or the address has none', async () => {
    listedBuild = '14.6.13-def';
    expect(await precacheEditor(editorUrl())).toEqual({ fetched: 0, frames: [] });
    expect(await precacheEditor(`${origin}/diagram-editor/`)).toEqual({ fetched: 0, frames: [] });
    expect(asked).toEqual([`/diagram-editor/${EDITOR_STARTUP_FILES}?build=${BUILD}`]);
  });
});
