/**
 * Which diagram editor the Diagrams tool embeds (spec §7 Notes): by default the bundled draw.io our
 * own server serves at {@link BUNDLED_DIAGRAM_EDITOR_PATH} (packages/server/src/diagram-editor.ts),
 * run in an opaque-origin sandbox; an external editor only when the server is configured with
 * DIAGRAM_EDITOR_URL. The server writes that URL into `index.html` as
 * `<meta name="cipherspace-diagram-editor" content="…">` (empty for the bundled editor;
 * packages/server/src/web-app.ts), since the Content-Security-Policy forbids inline script. This is
 * the one place the web app reads it.
 */

/** Where our server serves the bundled draw.io (its index.html). */
export const BUNDLED_DIAGRAM_EDITOR_PATH = '/diagram-editor/';

/** The query parameter of the bundled editor's build (packages/server/src/diagram-editor.ts). */
export const EDITOR_BUILD_PARAM = 'build';

/** The `name` of the meta element the server fills in. */
export const DIAGRAM_EDITOR_META_NAME = 'cipherspace-diagram-editor';

/**
 * The diagram editor to embed: `bundled` — draw.io from our own server at the absolute `url`,
 * in a sandbox without `allow-same-origin`; `external` — the configured DIAGRAM_EDITOR_URL
 * (an https URL) at its own origin.
 */
export type DiagramEditorSource =
  { kind: 'bundled'; url: string } | { kind: 'external'; url: string };

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The editor `doc` names: external when its meta element holds an https URL (the server accepts
 * nothing else); the bundled editor at the path it holds when that is below
 * {@link BUNDLED_DIAGRAM_EDITOR_PATH} (the server writes `/diagram-editor/?build=<id>`, the address
 * under which the browser may keep the editor); otherwise — no element (Vite dev server, an old
 * build), an empty one, anything else — the bundled editor at {@link BUNDLED_DIAGRAM_EDITOR_PATH};
 * always on the document's own origin.
 */
export function readDiagramEditor(doc: Document = document): DiagramEditorSource {
  const content =
    doc
      .querySelector(`meta[name="${DIAGRAM_EDITOR_META_NAME}"]`)
      ?.getAttribute('content')
      ?.trim() ?? '';
  if (isHttpsUrl(content)) return { kind: 'external', url: content };
  // A document made by script (tests) has no address of its own: the page's is meant then.
  const base = /^https?:/.test(doc.baseURI) ? doc.baseURI : window.location.href;
  const path = content.startsWith(BUNDLED_DIAGRAM_EDITOR_PATH)
    ? content
    : BUNDLED_DIAGRAM_EDITOR_PATH;
  return { kind: 'bundled', url: new URL(path, base).href };
}
