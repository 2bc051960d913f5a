/**
 * The web app's entry document as the server sends it (spec §7 Notes, issue 17 item 1: the
 * diagram editor is the bundled draw.io this server serves at /diagram-editor/, unless
 * DIAGRAM_EDITOR_URL names an external one). The browser must learn which without inline
 * script — the Content-Security-Policy forbids it — so `index.html` carries a placeholder
 * `<meta name="cipherspace-diagram-editor" content="">` that is filled here, once at start-up,
 * with the HTML-attribute-escaped external URL, or left empty for the bundled editor. The web
 * app reads it in `packages/web/src/tools/diagrams/editor-url.ts`.
 */
import { readFileSync } from 'node:fs';

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
 * `html` with every diagram-editor meta element replaced by one whose `content` is the external
 * `diagramEditorUrl` (escaped), or empty for the bundled editor (undefined). Without a
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
