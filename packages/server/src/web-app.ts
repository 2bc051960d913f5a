/**
 * The web app's entry document as the server sends it (spec §7 Notes; the diagram editor is the
 * bundled draw.io this server serves at /diagram-editor/, unless DIAGRAM_EDITOR_URL names an
 * external one). The browser must learn which without inline script — the Content-Security-Policy
 * forbids it — so `index.html` carries a placeholder
 * `<meta name="cipherspace-diagram-editor" content="">` that is filled here, once at start-up, with
 * the HTML-attribute-escaped external URL, or the bundled editor's path with its build (which lets
 * the browser keep the editor's document: diagram-editor.ts). The web app reads it in
 * `packages/web/src/tools/diagrams/editor-url.ts`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

/** The `name` of the meta element that carries the diagram editor URL. */
export const DIAGRAM_EDITOR_META_NAME = 'cipherspace-diagram-editor';

const META_ELEMENT = new RegExp(`<meta\\s+name="${DIAGRAM_EDITOR_META_NAME}"[^>]*>`, 'gi');

const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** `value` safe inside a quoted HTML attribute: `& " ' < >` become character references. */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/[&"'<>]/g, (char) => ATTRIBUTE_ESCAPES[char] ?? char);
}

/**
 * `html` with every diagram-editor meta element replaced by one whose `content` is
 * `diagramEditorUrl` (escaped): the external editor's https URL, or the bundled editor's path
 * with its build (`/diagram-editor/?build=…`, diagram-editor.ts), or empty (undefined: the
 * bundled editor at its plain path). Without a
 * placeholder the element is added before `</head>`, so an older build still learns the URL;
 * without a `</head>` the document is returned unchanged.
 */
export function withDiagramEditorUrl(html: string, diagramEditorUrl: string | undefined): string {
  const content = escapeHtmlAttribute(diagramEditorUrl ?? '');
  const meta = `<meta name="${DIAGRAM_EDITOR_META_NAME}" content="${content}" />`;
  if (html.search(META_ELEMENT) !== -1) return html.replace(META_ELEMENT, () => meta);
  return html.replace(/<\/head>/i, () => `    ${meta}\n  </head>`);
}

/**
 * Reads the built `index.html` at `indexPath` (UTF-8) and fills in the diagram editor URL (see
 * {@link withDiagramEditorUrl}; undefined: the bundled editor). Call once at start-up; throws
 * what `readFileSync` throws.
 */
export function readWebIndex(indexPath: string, diagramEditorUrl: string | undefined): string {
  return withDiagramEditorUrl(readFileSync(indexPath, 'utf8'), diagramEditorUrl);
}

/** `cache-control` of a file whose name carries its content hash: kept a year, never revalidated. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Whether `path` (relative to the web build, either separator) is one of the files Vite names
 * after their content: everything under `assets/` (`assets/KanbanPage-DZdhJucB.js`, its `.css`
 * and source map). Files outside it (favicon.svg, index.html) keep their names across releases.
 */
export function isHashedAsset(path: string): boolean {
  return /^assets[\\/][^\\/]+$/.test(path);
}

/** The file of the web build naming each screen's code (packages/web/screen-preloads.config.ts). */
export const SCREEN_PRELOADS_FILE = 'screen-preloads.json';

const screenPreloadsSchema = z.record(
  z.string().regex(/^\/[\w/-]*$/),
  z.array(z.string().regex(/^\/assets\/[\w.-]+\.(js|css)$/)),
);

/**
 * `html` with a link before `</head>` for each of `files` (absolute `/assets/…` URLs): a
 * `modulepreload` for a `.js` file, a `preload` as style for a `.css` file, all at low fetch
 * priority — so the browser fetches them while it loads the app's own code, and the app's own
 * requests (its content, above all) still go first. Unchanged without a `</head>`.
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) => {
      const href = escapeHtmlAttribute(file);
      return file.endsWith('.css')
        ? `    <link rel="preload" as="style" crossorigin fetchpriority="low" href="${href}">`
        : `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${href}">`;
    })
    .join('\n');
  return html.replace(/<\/head>/i, () => `${links}\n  </head>`);
}

/**
 * The entry document for each screen's route (for a fast first render): `indexHtml` with that
 * screen's code files as modulepreload links, from the build's `screen-preloads.json` in `distDir`
 * (route → files, e.g. `/tools/kanban` → the app's and the Kanban screen's chunks), so a page
 * opened by its address fetches its screen's code along with the app's rather than after it. An
 * older build without the file gives an empty map (every route gets `indexHtml`); a file that is
 * not such a map throws (a broken build, found at start-up).
 */
export function screenIndexes(distDir: string, indexHtml: string): ReadonlyMap<string, string> {
  const path = join(distDir, SCREEN_PRELOADS_FILE);
  if (!existsSync(path)) return new Map();
  const preloads = screenPreloadsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new Map(
    Object.entries(preloads).map(([route, files]) => [route, withModulePreloads(indexHtml, files)]),
  );
}

/** The route of a request path as `screen-preloads.json` names it: no trailing slash but for `/`. */
export function screenRoute(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
